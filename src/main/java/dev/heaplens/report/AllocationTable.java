package dev.heaplens.report;

import dev.heaplens.format.memprof.AllocationGroup;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Live allocations by call stack as the Markdown table of Crystal MemProf's
 * {@code pretty_log_allocations}: right-aligned, thousands-separated numbers, frames as code spans
 * joined by {@code <br>}, largest total size first, then count, then stack. In a diff the numbers
 * are signed and the largest change (either way) comes first.
 */
public final class AllocationTable {
    /** Largest bytes, then count, then stack. */
    public static final Comparator<AllocationGroup> ORDER = Comparator.comparingLong(AllocationGroup::bytes).reversed()
            .thenComparing(Comparator.comparingLong(AllocationGroup::count).reversed())
            .thenComparing(AllocationGroup::stackKey);
    private static final Comparator<AllocationGroup> CHANGE_ORDER =
            Comparator.comparingLong((AllocationGroup g) -> Math.abs(g.bytes())).reversed()
                    .thenComparing(Comparator.comparingLong((AllocationGroup g) -> Math.abs(g.count())).reversed())
                    .thenComparing(AllocationGroup::stackKey);

    private AllocationTable() {
    }

    public static String render(List<AllocationGroup> groups) {
        return render(groups, false);
    }

    /** A diff's table: signed numbers ({@code +1,024}, {@code -16}). */
    public static String renderChanges(List<AllocationGroup> changes) {
        return render(changes, true);
    }

    private static String render(List<AllocationGroup> groups, boolean signed) {
        List<AllocationGroup> sorted = new ArrayList<>(groups);
        sorted.sort(signed ? CHANGE_ORDER : ORDER);
        List<String> counts = new ArrayList<>();
        List<String> sizes = new ArrayList<>();
        int countWidth = 0;
        int sizeWidth = 0;
        for (AllocationGroup g : sorted) {
            counts.add(number(g.count(), signed));
            sizes.add(number(g.bytes(), signed));
            countWidth = Math.max(countWidth, counts.get(counts.size() - 1).length());
            sizeWidth = Math.max(sizeWidth, sizes.get(sizes.size() - 1).length());
        }
        StringBuilder out = new StringBuilder();
        out.append("| Allocations | Total size | Context |\n");
        out.append("|------------:|-----------:|---------|\n");
        for (int i = 0; i < sorted.size(); i++) {
            out.append("| ").append(pad(counts.get(i), countWidth)).append(" | ").append(pad(sizes.get(i), sizeWidth))
                    .append(" | ");
            List<String> frames = sorted.get(i).frames();
            for (int f = 0; f < frames.size(); f++) {
                out.append(f == 0 ? "" : "<br>").append('`').append(frames.get(f)).append('`');
            }
            out.append(" |\n");
        }
        return out.toString();
    }

    private static String number(long n, boolean signed) {
        String text = String.format(Locale.ROOT, "%,d", n);
        return signed && n > 0 ? "+" + text : text;
    }

    private static String pad(String s, int width) {
        return " ".repeat(width - s.length()) + s;
    }
}
