package dev.heaplens.analysis.ruby;

import dev.heaplens.analysis.graph.ShownValue;
import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.analysis.suspects.DuplicateStringsFinding;
import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.format.ruby.RubyWasteFacts;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.util.HumanBytes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Ruby's waste checks, as MAT's component report makes them, from what the records told while the
 * graph was read ({@link RubyWasteFacts}): duplicate strings, empty arrays and hashes, and arrays
 * and strings that use less than half their capacity. Empty collections and capacities are counted
 * over what the GC roots reach; duplicate strings over every string record, as {@code strings}
 * counts a JVM dump's.
 */
public final class RubyWasteChecks {
    /** A check on bytes is told from this share of the heap on. */
    public static final double WORTH_TELLING = 0.01;
    static final int SITES = 10;

    private RubyWasteChecks() {
    }

    /**
     * The findings worth telling; none when the heap was not read from the dump (an index holds the findings instead).
     *
     * @param values the values of string objects, fetched together (a pass over their records)
     */
    public static List<Finding> of(RubyHeap heap, Dominators d, long analysedBytes,
                                   Function<long[], List<ShownValue>> values) {
        RubyWasteFacts facts = heap.read().waste();
        if (facts == null) {
            return List.of();
        }
        List<Finding> found = new ArrayList<>();
        Finding duplicates = DuplicateStringsFinding.of(duplicateStrings(heap.graph(), facts, values), analysedBytes,
                String.format(Locale.ROOT, "Ruby writes a value for ASCII strings only: %,d strings without one and %,d "
                        + "shared strings were not compared.", facts.unvaluedStrings(), facts.sharedStrings()),
                "Freeze literals (# frozen_string_literal: true) or intern repeated values with -\"str\" (String#-@).");
        if (duplicates != null) {
            found.add(duplicates);
        }
        Finding empty = empty(heap, d, facts, analysedBytes);
        if (empty != null) {
            found.add(empty);
        }
        Finding capacity = unusedCapacity(heap, d, facts, analysedBytes);
        if (capacity != null) {
            found.add(capacity);
        }
        return found;
    }

    /** The string groups as {@code strings} reports them: most wasteful first, values for the first few. */
    static DuplicateStrings duplicateStrings(HeapGraph g, RubyWasteFacts facts, Function<long[], List<ShownValue>> values) {
        int n = facts.duplicatedValues();
        long wasted = 0;
        long duplicates = 0;
        for (int i = 0; i < n; i++) {
            wasted += facts.bytes(i) - facts.smallest(i);
            duplicates += facts.strings(i);
        }
        int[] order = mostWastefulFirst(facts);
        int shown = Math.min(DuplicateStringsFinding.VALUES, n);
        long[] objects = new long[shown];
        for (int k = 0; k < shown; k++) {
            objects[k] = g.objectOf(facts.firstAddress(order[k]));
        }
        List<ShownValue> texts = shown == 0 ? List.of() : values.apply(objects);
        List<DuplicateStrings.Group> groups = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int i = order[k];
            ShownValue v = k < shown ? texts.get(k) : null;
            String text = v == null ? null : v.value();
            groups.add(new DuplicateStrings.Group(facts.strings(i), facts.strings(i), facts.bytes(i) - facts.smallest(i),
                    text == null ? -1 : text.length(), text, v != null && v.complete()));
        }
        return new DuplicateStrings(facts.valuedStrings(), facts.values(), wasted, duplicates, List.copyOf(groups));
    }

    /**
     * The groups' numbers, most wasted bytes first, then most strings, then lowest address (a group's
     * own, so no two tie). A merge sort of ints: the 155K groups of the 1.2 GB dump sorted as boxed
     * Integers with a comparator took about 90 ms of the first read's index write.
     */
    static int[] mostWastefulFirst(RubyWasteFacts facts) {
        int n = facts.duplicatedValues();
        long[] wasted = new long[n];
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            wasted[i] = facts.bytes(i) - facts.smallest(i);
            order[i] = i;
        }
        int[] other = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int from = 0; from < n; from += 2 * width) {
                int mid = Math.min(from + width, n);
                int to = Math.min(from + 2 * width, n);
                int a = from;
                int b = mid;
                for (int k = from; k < to; k++) {
                    other[k] = b >= to || (a < mid && !before(facts, wasted, order[b], order[a])) ? order[a++] : order[b++];
                }
            }
            int[] t = order;
            order = other;
            other = t;
        }
        return order;
    }

    /** Whether group {@code x} comes strictly before group {@code y}. */
    private static boolean before(RubyWasteFacts facts, long[] wasted, int x, int y) {
        if (wasted[x] != wasted[y]) {
            return wasted[x] > wasted[y];
        }
        if (facts.strings(x) != facts.strings(y)) {
            return facts.strings(x) > facts.strings(y);
        }
        return facts.firstAddress(x) < facts.firstAddress(y);
    }

    private static Finding empty(RubyHeap heap, Dominators d, RubyWasteFacts facts, long analysedBytes) {
        Tally t = new Tally();
        t.add(heap, d, facts.emptyArrays, "Array", true);
        t.add(heap, d, facts.emptyHashes, "Hash", true);
        return t.finding("empty-collections", analysedBytes, "%,d arrays and hashes are empty and take %s (%.1f%% of the "
                + "heap)%s. An empty one still costs its slot, and a cleared one keeps its table: create them when the first "
                + "element comes, or share a frozen empty one.");
    }

    private static Finding unusedCapacity(RubyHeap heap, Dominators d, RubyWasteFacts facts, long analysedBytes) {
        Tally t = new Tally();
        t.add(heap, d, facts.sparseArrays, "Array", false);
        t.add(heap, d, facts.sparseStrings, "String", false);
        return t.finding("unused-capacity", analysedBytes, "%,d arrays and strings use less than half of their capacity: "
                + "%s unused (%.1f%% of the heap)%s. An array's capacity is told by its memsize (40 + 8 × capacity): "
                + String.format(Locale.ROOT, "%,d", facts.sharedArrays()) + " shared arrays, whose storage another array "
                + "holds, and embedded ones (up to 3 elements in the slot) cannot be judged. A string's is the dump's capacity "
                + "against its bytesize. Shrinking (pop, shift, slice!) or a capacity asked for leaves this; a copy (dup, "
                + "+\"\") is allocated to fit.");
    }

    private static double share(long bytes, long whole) {
        return whole <= 0 ? 0 : (double) bytes / whole;
    }

    /** Reachable candidates counted by class and by allocation site. */
    private static final class Tally {
        long objects;
        long bytes;
        final Map<String, long[]> byClass = new LinkedHashMap<>();
        final Map<String, long[]> bySite = new HashMap<>();
        final Map<String, Map<String, Long>> siteCounts = new HashMap<>();

        /** @param memsize whether an object counts its memsize (else the candidate's own figure: unused bytes) */
        void add(RubyHeap heap, Dominators d, RubyWasteFacts.Candidates c, String cls, boolean memsize) {
            HeapGraph g = heap.graph();
            c.forEach((address, figure) -> {
                long o = g.objectOf(address);
                if (o < 0 || !d.isReachable(o)) {
                    return;
                }
                long b = memsize ? g.shallowSize(o) : figure;
                objects++;
                bytes += b;
                long[] k = byClass.computeIfAbsent(cls, x -> new long[2]);
                k[0]++;
                k[1] += b;
                String site = heap.location(o);
                if (site != null) {
                    long[] s = bySite.computeIfAbsent(site, x -> new long[2]);
                    s[0]++;
                    s[1] += b;
                    siteCounts.computeIfAbsent(site, x -> new LinkedHashMap<>()).merge(cls, 1L, Long::sum);
                }
            });
        }

        List<String> classes() {
            List<String> rows = new ArrayList<>();
            byClass.forEach((cls, k) -> rows.add(String.format(Locale.ROOT, "%s (%,d, %s)", cls, k[0], HumanBytes.of(k[1]))));
            return rows;
        }

        List<Finding.Site> sites() {
            String[] names = bySite.keySet().toArray(new String[0]);
            Arrays.sort(names, (a, b) -> bySite.get(a)[1] != bySite.get(b)[1] ? Long.compare(bySite.get(b)[1], bySite.get(a)[1])
                    : a.compareTo(b));
            List<Finding.Site> rows = new ArrayList<>();
            for (int i = 0; i < Math.min(SITES, names.length); i++) {
                long[] s = bySite.get(names[i]);
                rows.add(new Finding.Site(names[i], s[0], s[1], siteCounts.get(names[i]), null));
            }
            return rows;
        }

        /** The finding, its text {@code format} given objects, bytes, percent and a note on sites; null below {@link #WORTH_TELLING}. */
        Finding finding(String check, long analysedBytes, String format) {
            double share = share(bytes, analysedBytes);
            if (share < WORTH_TELLING) {
                return null;
            }
            String sitesNote = bySite.isEmpty() ? "; the dump has no allocation sites" : "";
            return new Finding(check, bytes, objects, share, String.format(Locale.ROOT, format, objects, HumanBytes.of(bytes),
                    100 * share, sitesNote), sites(), classes());
        }
    }
}
