package dev.heaplens.analysis.ruby;

import dev.heaplens.HeaplensException;
import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecord;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.util.LongLongMap;

import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which objects of dump C are new in B (present in B, not in A, by {@link ObjectIdentity}),
 * found with C's heap loaded first: B's and then A's records are looked up by address among C's
 * objects as they are read, where hash tables of A's and B's identities took a cache miss a
 * record. A dump lists its objects in address order, as C's ids are, so the lookups mostly walk
 * C's address column forward ({@link Cursor}).
 *
 * <p>The identity rule is not transitive when some records lack a generation (such a record
 * matches another by type and class whatever the other's generation), so "in B and not in A" is
 * decided per record of B, as the rule says, not per object of C: B's records at C's addresses
 * are kept whole; A's records kill the B records they match; an object of C is new in B when a
 * B record at its address, not killed, matches it. B's records without a generation at addresses
 * C lacks are kept as well, only to tell which rule the kept identities took
 * ({@link #byGenerationOnly}).
 *
 * <p>Use: {@link #bSink} for each reading thread of B, then {@link #addB}; {@link #aSink} for
 * each of A, then {@link #addA}; then {@link #newInB}.
 */
public final class LeakMarks {
    /** What the reads of A and B need of each line: type, address, class, memsize, generation. */
    public static final Set<RubyLineParser.Field> FIELDS = EnumSet.of(RubyLineParser.Field.GENERATION);
    /** B's records kept are indexed by int, as a graph's objects are. */
    static final long MAX_RECORDS = Integer.MAX_VALUE - 8;

    private final RubyHeap c;
    private final HeapGraph g;
    /**
     * Per object of C (the first at its address): its first B record, -1 when none. A heap array by
     * int id, as {@link #newInB}'s set: leaks numbers C's objects in ints ({@code Leaks}).
     */
    private final int[] firstB;
    /**
     * B's records kept, by number, those at C's addresses first: C's first object at the address
     * (-1: none), generation (-1: none), type-and-class key, {@link BSink} flags, next record at
     * the same address.
     */
    private int[] object = new int[0];
    private long[] generation = new long[0];
    private long[] classKey = new long[0];
    private byte[] flags = new byte[0];
    private int[] next = new int[0];
    /** B's records without a generation at addresses C lacks: address → first record. */
    private final LongLongMap outside = new LongLongMap();
    /** B's records matched by one of A's. */
    private BitSet killed = new BitSet();
    private long bytesOfA;

    public LeakMarks(RubyHeap c) {
        this.c = c;
        this.g = c.graph();
        this.firstB = new int[(int) g.objectCount()];
        Arrays.fill(firstB, -1);
    }

    /** A sink for one reading thread of B; {@code expected} records, to size its list once. */
    public RubyRecordSink bSink(int expected) {
        return new BSink(this, expected);
    }

    /** Takes in the records the sinks of B kept. */
    public void addB(List<? extends RubyRecordSink> sinks) {
        long inC = 0;
        long records = 0;
        for (RubyRecordSink s : sinks) {
            inC += ((BSink) s).size;
            records += ((BSink) s).size + ((BSink) s).elsewhere.size;
        }
        if (records > MAX_RECORDS) {
            throw new HeaplensException(String.format(Locale.ROOT,
                    "the second dump has about %,d records to match: heaplens keeps them in Java arrays and matches at most %,d",
                    records, MAX_RECORDS));
        }
        int total = (int) records;
        object = new int[total];
        generation = new long[total];
        classKey = new long[total];
        flags = new byte[total];
        next = new int[total];
        int e = 0;
        int e2 = (int) inC;
        for (RubyRecordSink s : sinks) {
            BSink b = (BSink) s;
            System.arraycopy(b.objects, 0, object, e, b.size);
            System.arraycopy(b.generations, 0, generation, e, b.size);
            System.arraycopy(b.classKeys, 0, classKey, e, b.size);
            System.arraycopy(b.flags, 0, flags, e, b.size);
            for (int end = e + b.size; e < end; e++) {
                int o = object[e];
                next[e] = firstB[o];
                firstB[o] = e;
            }
            Pairs elsewhere = b.elsewhere; // (address, class key): these records have no generation
            for (int i = 0; i < elsewhere.size; i++, e2++) {
                long address = elsewhere.at(i, 0);
                object[e2] = -1;
                generation[e2] = -1;
                classKey[e2] = elsewhere.at(i, 1);
                next[e2] = (int) outside.get(address, -1);
                outside.put(address, e2);
            }
        }
        killed = new BitSet(total);
    }

    /** A sink for one reading thread of A; after {@link #addB}. */
    public RubyRecordSink aSink() {
        return new ASink(this);
    }

    /** Takes in the B records the sinks of A matched, and A's bytes. */
    public void addA(List<? extends RubyRecordSink> sinks) {
        for (RubyRecordSink s : sinks) {
            killed.or(((ASink) s).killed);
            bytesOfA += ((ASink) s).bytes;
        }
    }

    /** All bytes of A, kept or not (the base of the growth gate). */
    public long bytesOfA() {
        return bytesOfA;
    }

    /** C's objects new in B. */
    public BitSet newInB() {
        long n = g.objectCount();
        BitSet found = new BitSet((int) n);
        for (int e = 0; e < object.length && object[e] >= 0; e++) {
            if (killed.get(e)) {
                continue;
            }
            int first = object[e];
            if ((flags[e] & BSink.SAME_AS_FIRST) != 0) {
                found.set(first);
            }
            if ((flags[e] & BSink.C_REPEATS) != 0) { // C has more objects at this address (a dump may repeat one)
                long address = g.address(first);
                for (long o = first + 1; o < n && g.address(o) == address; o++) {
                    if (ObjectIdentity.same(generation[e], classKey[e], c.generation(o), classKeyOf(o))) {
                        found.set((int) o);
                    }
                }
            }
        }
        return found;
    }

    private long classKeyOf(long o) {
        return ObjectIdentity.classKey(c.type(o), g.classAddress(o));
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

    /** A record's generation, -1 when it has none. */
    private static long generationOf(RubyRecord r) {
        return r.generation >= 0 ? r.generation : -1;
    }

    /**
     * Keeps B's records at C's addresses (by the first object of C there, with whether the record
     * is that object and whether C repeats the address: this thread compares, not the one that
     * resolves), and those without a generation elsewhere.
     */
    private static final class BSink implements RubyRecordSink {
        static final byte SAME_AS_FIRST = 1;
        static final byte C_REPEATS = 2;
        private final LeakMarks marks;
        private final Cursor cursor;
        int[] objects;
        long[] generations;
        long[] classKeys;
        byte[] flags;
        int size;
        final Pairs elsewhere = new Pairs();

        BSink(LeakMarks marks, int expected) {
            this.marks = marks;
            this.cursor = new Cursor(marks.g);
            int capacity = Math.max(1024, expected);
            objects = new int[capacity];
            generations = new long[capacity];
            classKeys = new long[capacity];
            flags = new byte[capacity];
        }

        @Override
        public void accept(RubyRecord r) {
            if (!r.type.isHeapObject() || r.address == 0) {
                return; // no identity: not an object, or no address to tell it by
            }
            long gen = generationOf(r);
            long key = ObjectIdentity.classKey(r.type, r.classAddress);
            long o = cursor.find(r.address);
            if (o >= 0) {
                if (size == objects.length) {
                    grow();
                }
                HeapGraph g = marks.g;
                boolean same = ObjectIdentity.same(gen, key, marks.c.generation(o), marks.classKeyOf(o));
                boolean repeats = o + 1 < g.objectCount() && g.address(o + 1) == r.address;
                objects[size] = (int) o;
                generations[size] = gen;
                classKeys[size] = key;
                flags[size] = (byte) ((same ? SAME_AS_FIRST : 0) | (repeats ? C_REPEATS : 0));
                size++;
            } else if (gen < 0) {
                elsewhere.add(r.address, key);
            } // else gone before C, and told apart by generation: no bearing on C or on the rule
        }

        private void grow() {
            int capacity = (int) Math.min(Integer.MAX_VALUE - 8, objects.length * 2L);
            objects = Arrays.copyOf(objects, capacity);
            generations = Arrays.copyOf(generations, capacity);
            classKeys = Arrays.copyOf(classKeys, capacity);
            flags = Arrays.copyOf(flags, capacity);
        }
    }

    /** Marks the B records each of A's records matches, and counts A's bytes. */
    private static final class ASink implements RubyRecordSink {
        private final LeakMarks marks;
        private final Cursor cursor;
        final BitSet killed;
        long bytes;

        ASink(LeakMarks marks) {
            this.marks = marks;
            this.cursor = new Cursor(marks.g);
            this.killed = new BitSet(marks.generation.length);
        }

        @Override
        public void accept(RubyRecord r) {
            if (!r.type.isHeapObject()) {
                return;
            }
            bytes += r.memsize;
            if (r.address == 0) {
                return;
            }
            long o = cursor.find(r.address);
            int e = o >= 0 ? marks.firstB[(int) o] : marks.outside.size() == 0 ? -1 : (int) marks.outside.get(r.address, -1);
            if (e < 0) {
                return;
            }
            long gen = generationOf(r);
            long key = ObjectIdentity.classKey(r.type, r.classAddress);
            for (; e >= 0; e = marks.next[e]) {
                if (ObjectIdentity.same(marks.generation[e], marks.classKey[e], gen, key)) {
                    killed.set(e);
                }
            }
        }
    }

    /**
     * Finds addresses among C's objects for one reading thread. A dump's records come in address
     * order, mostly, as C's ids do: the few objects after the last one found are tried before a
     * search of the graph's address index.
     */
    private static final class Cursor {
        private final HeapGraph g;
        private final long n;
        private long next;

        Cursor(HeapGraph g) {
            this.g = g;
            this.n = g.objectCount();
        }

        /** The first object of C at {@code address}, or -1. */
        long find(long address) {
            for (long j = next, stop = Math.min(n, next + 4); j < stop; j++) {
                long at = g.address(j);
                if (at == address) {
                    if (j > 0 && g.address(j - 1) == address) {
                        break; // not the first at it: the index says which is
                    }
                    next = j + 1;
                    return j;
                }
                if (at > address) {
                    break; // ids are in (signed) address order: not among these
                }
            }
            long o = g.objectOf(address);
            if (o >= 0) {
                next = o + 1;
            }
            return o;
        }
    }

    /** A growing list of (long, long). */
    private static final class Pairs {
        private long[] values = new long[2 * 1024];
        int size;

        void add(long x, long y) {
            if (2 * size + 2 > values.length) {
                values = Arrays.copyOf(values, (int) Math.min(Integer.MAX_VALUE - 8, values.length * 2L));
            }
            values[2 * size] = x;
            values[2 * size + 1] = y;
            size++;
        }

        long at(int i, int field) {
            return values[2 * i + field];
        }
    }
}
