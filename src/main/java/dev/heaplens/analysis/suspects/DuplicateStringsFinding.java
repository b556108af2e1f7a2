package dev.heaplens.analysis.suspects;

import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.util.HumanBytes;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * MAT's duplicate strings check, from a {@link DuplicateStrings} (the value {@code heaplens strings}
 * reports, for Ruby and the JVM alike): told
 * when what the copies cost reaches {@link #WORTH_TELLING} of the heap, with the most wasteful values.
 */
public final class DuplicateStringsFinding {
    public static final String CHECK = "duplicate-strings";
    /** Told from this share of the heap on. */
    public static final double WORTH_TELLING = 0.01;
    /** Values shown at most. */
    public static final int VALUES = 5;
    /** Characters of a value shown at most. */
    static final int CHARS = 60;

    private DuplicateStringsFinding() {
    }

    /**
     * The finding, or null when the duplicates waste less than {@link #WORTH_TELLING} of {@code analysedBytes}.
     *
     * @param caveat what the comparison could not see, in a sentence (Ruby's strings without a value), or ""
     * @param remedy what to do about it, in this runtime's words
     */
    public static Finding of(DuplicateStrings d, long analysedBytes, String caveat, String remedy) {
        double share = analysedBytes <= 0 ? 0 : (double) d.wastedBytes() / analysedBytes;
        if (share < WORTH_TELLING || d.groups().isEmpty()) {
            return null;
        }
        List<Finding.Value> values = new ArrayList<>();
        for (DuplicateStrings.Group g : d.groups().subList(0, Math.min(VALUES, d.groups().size()))) {
            String v = g.value() == null ? "" : g.value();
            boolean complete = g.complete() && v.length() <= CHARS;
            values.add(new Finding.Value(v.length() > CHARS ? v.substring(0, CHARS) : v, complete, g.strings(), g.wastedBytes()));
        }
        Finding.Value top = values.get(0);
        String text = String.format(Locale.ROOT, "%,d strings share their value with another (%,d values held more than once); "
                        + "keeping one of each would save %s (%.1f%% of the heap). The most wasteful, \"%s\"%s, is held %,d times. %s%s",
                d.duplicateStrings(), d.groups().size(), HumanBytes.of(d.wastedBytes()), 100 * share, top.value(),
                top.complete() ? "" : "…", top.objects(), caveat.isEmpty() ? "" : caveat + " ", remedy);
        return new Finding(CHECK, d.wastedBytes(), d.duplicateStrings(), share, text, List.of(), List.of(), List.copyOf(values));
    }
}
