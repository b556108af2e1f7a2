package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecord;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.util.LongLongMap;
import dev.heaplens.util.Parallel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Which objects of dump C are new in B (present in B, not in A, by {@link ObjectIdentity}),
 * found by looking B's and A's records up by address among C's objects, where hash tables of
 * A's and B's identities took a cache miss a record. The records are read into {@link Records}
 * while C's graph is built (the lookups need it), then resolved here in one pass each: a dump
 * lists its objects in address order, as C's ids are, so the lookups walk C's columns forward.
 *
 * <p>The identity rule is not transitive when some records lack a generation (such a record
 * matches another by type and class whatever the other's generation), so "in B and not in A" is
 * decided per record of B, as the rule says, not per object of C: B's records at C's addresses
 * are kept whole; A's records kill the B records they match; an object of C is new in B when a
 * B record at its address, not killed, matches it. B's records without a generation at addresses
 * C lacks are kept as well, only to tell which rule the kept identities took
 * ({@link #byGenerationOnly}).
 */
public final class LeakMarks {
    /** What the reads of A and B need of each line: type, address, class, memsize, generation. */
    public static final Set<RubyLineParser.Field> FIELDS = EnumSet.of(RubyLineParser.Field.GENERATION);

    private final RubyHeap c;
    private final HeapGraph g;
    /** Per object of C (the first at its address): its first B record, -1 when none. */
    private final int[] firstB;
    /** B's records kept, by number: generation (-1: none), type-and-class key, next record at the same address. */
    private final long[] generation;
    private final long[] classKey;
    private final int[] next;
    /** B's records without a generation at addresses C lacks: address → first record. */
    private final LongLongMap outside = new LongLongMap();
    /** B's records matched by one of A's. */
    private final BitSet killed;

    /**
     * Resolves the records of B and of A (each a list of one {@link Records} per reading thread)
     * against C, with at most {@code threads} threads.
     */
    public static LeakMarks of(RubyHeap c, List<Records> b, List<Records> a, int threads) {
        HeapGraph g = c.graph();
        List<Records> all = new ArrayList<>(b);
        all.addAll(a);
        // The lookups, most of the work, on the threads; what they find is then linked on one.
        int lookups = Math.max(1, Math.min(threads, all.size()));
        Parallel.runUnchecked("heaplens-leak-marks", lookups, t -> {
            for (int k = t; k < all.size(); k += lookups) {
                all.get(k).findIn(g);
            }
        });
        LeakMarks marks = new LeakMarks(c, b);
        for (Records r : a) {
            marks.kill(r);
        }
        return marks;
    }

    private LeakMarks(RubyHeap c, List<Records> b) {
        this.c = c;
        this.g = c.graph();
        this.firstB = new int[g.objectCount()];
        Arrays.fill(firstB, -1);
        int total = 0;
        for (Records r : b) {
            for (int i = 0; i < r.records.size; i++) {
                if (r.objects[i] >= 0 || r.records.at(i, 1) < 0) {
                    total++;
                }
            }
        }
        generation = new long[total];
        classKey = new long[total];
        next = new int[total];
        int e = 0;
        for (Records r : b) {
            Triples records = r.records;
            for (int i = 0; i < records.size; i++) {
                int o = r.objects[i];
                long gen = records.at(i, 1);
                if (o < 0 && gen >= 0) {
                    continue; // gone before C, and told apart by generation: no bearing on C or on the rule
                }
                generation[e] = gen;
                classKey[e] = records.at(i, 2);
                if (o >= 0) {
                    next[e] = firstB[o];
                    firstB[o] = e;
                } else {
                    long address = records.at(i, 0);
                    next[e] = (int) outside.get(address, -1);
                    outside.put(address, e);
                }
                e++;
            }
        }
        killed = new BitSet(total);
    }

    /** Marks the B records that A's {@code records} match. */
    private void kill(Records a) {
        Triples records = a.records;
        boolean anyOutside = outside.size() > 0;
        for (int i = 0; i < records.size; i++) {
            int o = a.objects[i];
            int e = o >= 0 ? firstB[o] : anyOutside ? (int) outside.get(records.at(i, 0), -1) : -1;
            if (e < 0) {
                continue;
            }
            long gen = records.at(i, 1);
            long key = records.at(i, 2);
            for (; e >= 0; e = next[e]) {
                if (ObjectIdentity.same(generation[e], classKey[e], gen, key)) {
                    killed.set(e);
                }
            }
        }
    }

    /** C's objects new in B. */
    public BitSet newInB() {
        int n = g.objectCount();
        BitSet found = new BitSet(n);
        for (int first = 0; first < n; first++) {
            int records = firstB[first];
            if (records < 0) {
                continue;
            }
            long address = g.address(first);
            // every object of C at this address (a dump may repeat one) against every B record there
            for (int o = first; o < n && g.address(o) == address; o++) {
                long gen = c.generation(o);
                long key = ObjectIdentity.classKey(c.type(o), g.classAddress(o));
                for (int e = records; e >= 0; e = next[e]) {
                    if (!killed.get(e) && ObjectIdentity.same(generation[e], classKey[e], gen, key)) {
                        found.set(o);
                        break;
                    }
                }
            }
        }
        return found;
    }

    /** Whether every identity new in B has a generation (else some were told apart by type and class). */
    public boolean byGenerationOnly() {
        for (int e = 0; e < generation.length; e++) {
            if (generation[e] < 0 && !killed.get(e)) {
                return false;
            }
        }
        return true;
    }

    /**
     * One reading thread's records of A or B: the identity of each object with an address
     * (address, generation or -1, type-and-class key), and the bytes of all.
     */
    public static final class Records implements RubyRecordSink {
        final Triples records;
        /** Per record, the first object of C at its address, or -1: set by {@link #findIn}. */
        int[] objects;
        private long bytes;

        /** @param expected records this sink will likely see, to size its list once */
        public Records(int expected) {
            records = new Triples(expected);
        }

        @Override
        public void accept(RubyRecord r) {
            if (!r.type.isHeapObject()) {
                return;
            }
            bytes += r.memsize;
            if (r.address != 0) { // else no address to tell it by
                records.add(r.address, r.generation >= 0 ? r.generation : -1, ObjectIdentity.classKey(r.type, r.classAddress));
            }
        }

        /**
         * Finds each record's object in C. The records come in address order, mostly, as C's ids
         * do: the next few objects after the last one found are tried before a search.
         */
        void findIn(HeapGraph g) {
            int n = g.objectCount();
            objects = new int[records.size];
            int next = 0;
            for (int i = 0; i < records.size; i++) {
                long address = records.at(i, 0);
                int o = -1;
                for (int j = next, stop = Math.min(n, next + 4); j < stop; j++) {
                    long at = g.address(j);
                    if (at == address && (j == 0 || g.address(j - 1) != address)) {
                        o = j;
                        break;
                    }
                    if (at > address) { // C's ids are in (signed) address order: not among these
                        break;
                    }
                }
                if (o < 0) {
                    o = g.objectOf(address);
                }
                objects[i] = o;
                if (o >= 0) {
                    next = o + 1;
                }
            }
        }

        /** All bytes of the dump's objects (memsize), kept or not: A's are the base of the growth gate. */
        public static long bytes(List<Records> sinks) {
            return sinks.stream().mapToLong(s -> s.bytes).sum();
        }
    }

    /** A growing list of (long, long, long). */
    private static final class Triples {
        private long[] values;
        int size;

        Triples(int expected) {
            values = new long[3 * Math.max(1024, Math.min(expected + expected / 8, (Integer.MAX_VALUE - 8) / 3))];
        }

        void add(long x, long y, long z) {
            if (3 * size + 3 > values.length) {
                values = Arrays.copyOf(values, values.length * 2);
            }
            values[3 * size] = x;
            values[3 * size + 1] = y;
            values[3 * size + 2] = z;
            size++;
        }

        long at(int i, int field) {
            return values[3 * i + field];
        }
    }
}
