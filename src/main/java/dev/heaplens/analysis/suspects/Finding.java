package dev.heaplens.analysis.suspects;

import java.util.List;
import java.util.Map;

/**
 * A check a runtime contributes beside the suspects (methods defined at run time, objects only
 * weak references reach, classes loaded twice...), with its evidence.
 *
 * @param check a short stable name for scripts ({@code runtime-methods})
 * @param share {@code bytes} as a fraction of the analysed heap (0..1)
 * @param sites allocation sites with their counts, where the check has them (else empty)
 * @param classes class names, where the check has them (else empty)
 * @param values the values the check found most wasteful, where it compares values (duplicate strings; else empty)
 */
public record Finding(String check, long bytes, long objects, double share, String text, List<Site> sites,
                      List<String> classes, List<Value> values) {

    /** A finding without values. */
    public Finding(String check, long bytes, long objects, double share, String text, List<Site> sites, List<String> classes) {
        this(check, bytes, objects, share, text, sites, classes, List.of());
    }

    /**
     * A value many objects hold: its text (cut when {@code complete} is false), how many hold it and
     * what all but one of them cost.
     */
    public record Value(String value, boolean complete, long objects, long wastedBytes) {
    }

    /** One allocation site: its objects and bytes, counts by what they are, and who holds them (or null). */
    public record Site(String location, long objects, long bytes, Map<String, Long> counts, String holder) {
    }
}
