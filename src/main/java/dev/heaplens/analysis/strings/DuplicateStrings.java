package dev.heaplens.analysis.strings;

import java.util.List;

/**
 * Strings with equal contents (today: a JVM dump's {@code java.lang.String}s), and the bytes that keeping one of each would
 * save: every String past the first costs its own object, and every value array past the first
 * its array (Strings that already share an array, as string deduplication makes them, cost only
 * their object).
 *
 * @param strings      all Strings of the dump
 * @param values       distinct contents
 * @param wastedBytes  what the duplicates cost, over all groups
 * @param groups       groups of two or more equal Strings, most wasteful first (values filled for the first ones)
 */
public record DuplicateStrings(long strings, long values, long wastedBytes, long duplicateStrings, List<Group> groups) {

    /**
     * Equal Strings: how many, over how many arrays, what they waste and (for the top groups) their
     * text as it is, or its start when {@code complete} is false (a long value is read in part).
     */
    public record Group(long strings, long arrays, long wastedBytes, long chars, String value, boolean complete) {
    }
}
