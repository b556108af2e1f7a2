package dev.heaplens.analysis.ruby;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.graph.ObjectBits;
import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecord;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.graph.ByteCells;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;
import dev.heaplens.util.LongLongMap;

import java.util.Arrays;
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
 * <p>B's first record at each of C's addresses is kept in columns over C's objects (by the first
 * object at the address), in C's scratch: mapped out of core where the heap has no room. The
 * other records kept, B's further records at an address of C (a dump repeats few) and those
 * without a generation at addresses C lacks (objects freed between B and C that allocation
 * tracing did not mark), are lists in the heap.
 *
 * <p>Use: {@link #bSink} for each reading thread of B, then {@link #addB}; {@link #aSink} for
 * each of A, then {@link #addA}; then {@link #newInB} and {@link #byGenerationOnly}; then close.
 */
public final class LeakMarks implements AutoCloseable {
    /** What the reads of A and B need of each line: type, address, class, memsize, generation. */
    public static final Set<RubyLineParser.Field> FIELDS = EnumSet.of(RubyLineParser.Field.GENERATION);
    /**
     * A kept record's flags: kept (in the columns), is the first object at its address, C repeats the
     * address, killed by A; and, in the columns, more records at the address.
     */
    static final byte KEPT = 1;
    static final byte SAME_AS_FIRST = 2;
    static final byte C_REPEATS = 4;
    static final byte KILLED = 8;
    static final byte MORE = 16;
    /**
     * Records a sink of B holds before it hands them to the columns, under the lock: 2.6 MB a reading
     * thread (at 4,096 the turns at the lock cost reading B 5% more CPU).
     */
    private static final int BATCH = 1 << 16;

    private final RubyHeap c;
    private final HeapGraph g;
    private final Scratch scratch;
    /**
     * Per object of C (the first at its address): the flags, generation (-1: none) and type-and-class
     * key of B's first record there.
     */
    private final ByteCells flags;
    private final LongCells generation;
    private final LongCells classKey;
    /** B's further records at an address of C, by C's first object there. */
    private final Records more = new Records();
    /** B's records without a generation at addresses C lacks, by address. */
    private final Records outside = new Records();
    private long bytesOfA;

    /** Over C's heap, its columns in {@code scratch}. */
    public LeakMarks(RubyHeap c, Scratch scratch) {
        this.c = c;
        this.g = c.graph();
        this.scratch = scratch;
        long n = g.objectCount();
        this.flags = scratch.byteCellsWhereRoom(n);
        this.generation = scratch.longCellsWhereRoom(n);
        this.classKey = scratch.longCellsWhereRoom(n);
    }

    /** A sink for one reading thread of B. */
    public RubyRecordSink bSink() {
        return new BSink(this);
    }

    /** Takes in the records the sinks of B still hold. */
    public void addB(List<? extends RubyRecordSink> sinks) {
        for (RubyRecordSink s : sinks) {
            keep((BSink) s);
        }
    }

    /** Puts the records {@code b} holds in the columns and lists; one sink at a time. */
    private synchronized void keep(BSink b) {
        for (int i = 0; i < b.size; i++) {
            long o = b.objects[i];
            byte f = flags.get(o);
            if ((f & KEPT) == 0) {
                generation.set(o, b.generations[i]);
                classKey.set(o, b.classKeys[i]);
                flags.set(o, (byte) (KEPT | b.flags[i]));
            } else {
                more.add(o, b.generations[i], b.classKeys[i], b.flags[i]);
                flags.set(o, (byte) (f | MORE));
            }
        }
        for (int i = 0; i < b.outsideSize; i++) {
            outside.add(b.outsideAddresses[i], -1, b.outsideKeys[i], (byte) 0);
        }
        b.size = 0;
        b.outsideSize = 0;
    }

    /** A sink for one reading thread of A; after {@link #addB}. */
    public RubyRecordSink aSink() {
        return new ASink(this);
    }

    /** Takes in A's bytes (the sinks of A marked the B records they matched as they read). */
    public void addA(List<? extends RubyRecordSink> sinks) {
        for (RubyRecordSink s : sinks) {
            bytesOfA += ((ASink) s).bytes;
        }
    }

    /** All bytes of A, kept or not (the base of the growth gate). */
    public long bytesOfA() {
        return bytesOfA;
    }

    /** C's objects new in B, a bit an object in C's scratch. */
    public ObjectBits newInB() {
        long n = g.objectCount();
        ObjectBits found = ObjectBits.none(n, scratch);
        for (long o = 0; o < n; o++) {
            byte f = flags.get(o);
            if ((f & KEPT) == 0) {
                continue;
            }
            if ((f & KILLED) == 0) {
                found(o, f, generation.get(o), classKey.get(o), found);
            }
            if ((f & MORE) != 0) {
                for (int e = more.first(o); e >= 0; e = more.next[e]) {
                    if ((more.flags[e] & KILLED) == 0) {
                        found(o, more.flags[e], more.generation[e], more.classKey[e], found);
                    }
                }
            }
        }
        return found;
    }

    /** Adds the objects of C a B record not killed is: at {@code first}'s address, the first object or those after it. */
    private void found(long first, byte f, long gen, long key, ObjectBits found) {
        if ((f & SAME_AS_FIRST) != 0) {
            found.set(first);
        }
        if ((f & C_REPEATS) != 0) { // C has more objects at this address (a dump may repeat one)
            long address = g.address(first);
            for (long o = first + 1, n = g.objectCount(); o < n && g.address(o) == address; o++) {
                if (ObjectIdentity.same(gen, key, c.generation(o), classKeyOf(o))) {
                    found.set(o);
                }
            }
        }
    }

    private long classKeyOf(long o) {
        return ObjectIdentity.classKey(c.type(o), g.classAddress(o));
    }

    /** Whether every identity new in B has a generation (else some were told apart by type and class). */
    public boolean byGenerationOnly() {
        for (long o = 0, n = g.objectCount(); o < n; o++) {
            if ((flags.get(o) & (KEPT | KILLED)) == KEPT && generation.get(o) < 0) {
                return false;
            }
        }
        return more.allKilledOrTraced() && outside.allKilledOrTraced();
    }

    /** Gives back the columns' disk (out of core). */
    @Override
    public void close() {
        scratch.release(flags);
        scratch.release(generation);
        scratch.release(classKey);
    }

    /** A record's generation, -1 when it has none. */
    private static long generationOf(RubyRecord r) {
        return r.generation >= 0 ? r.generation : -1;
    }

    /**
     * Keeps B's records at C's addresses (by the first object of C there, with whether the record
     * is that object and whether C repeats the address: this thread compares, not the one that
     * keeps them), and those without a generation elsewhere, a batch at a time.
     */
    private static final class BSink implements RubyRecordSink {
        private final LeakMarks marks;
        private final Cursor cursor;
        final long[] objects = new long[BATCH];
        final long[] generations = new long[BATCH];
        final long[] classKeys = new long[BATCH];
        final byte[] flags = new byte[BATCH];
        int size;
        final long[] outsideAddresses = new long[BATCH];
        final long[] outsideKeys = new long[BATCH];
        int outsideSize;

        BSink(LeakMarks marks) {
            this.marks = marks;
            this.cursor = new Cursor(marks.g);
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
                HeapGraph g = marks.g;
                boolean same = ObjectIdentity.same(gen, key, marks.c.generation(o), marks.classKeyOf(o));
                boolean repeats = o + 1 < g.objectCount() && g.address(o + 1) == r.address;
                objects[size] = o;
                generations[size] = gen;
                classKeys[size] = key;
                flags[size] = (byte) ((same ? SAME_AS_FIRST : 0) | (repeats ? C_REPEATS : 0));
                if (++size == BATCH) {
                    marks.keep(this);
                }
            } else if (gen < 0) {
                outsideAddresses[outsideSize] = r.address;
                outsideKeys[outsideSize] = key;
                if (++outsideSize == BATCH) {
                    marks.keep(this);
                }
            } // else gone before C, and told apart by generation: no bearing on C or on the rule
        }
    }

    /**
     * Marks the B records each of A's records matches, and counts A's bytes. Threads of A mark at
     * once: a mark only ever sets the one flag, so two marking one record set the same byte.
     */
    private static final class ASink implements RubyRecordSink {
        private final LeakMarks marks;
        private final Cursor cursor;
        long bytes;

        ASink(LeakMarks marks) {
            this.marks = marks;
            this.cursor = new Cursor(marks.g);
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
            long gen = generationOf(r);
            long key = ObjectIdentity.classKey(r.type, r.classAddress);
            if (o >= 0) {
                byte f = marks.flags.get(o);
                if ((f & (KEPT | KILLED)) == KEPT
                        && ObjectIdentity.same(marks.generation.get(o), marks.classKey.get(o), gen, key)) {
                    marks.flags.set(o, (byte) (f | KILLED));
                }
                if ((f & MORE) != 0) {
                    marks.more.kill(o, gen, key);
                }
            } else if (marks.outside.size > 0) {
                marks.outside.kill(r.address, gen, key);
            }
        }
    }

    /**
     * B's records kept in the heap, each with its generation, type-and-class key and flags, chained
     * by where they are (an object of C, or an address).
     */
    private static final class Records {
        /** They are numbered by int: more than this is refused in one line. */
        private static final int MAX = Integer.MAX_VALUE - 8;
        private final LongLongMap first = new LongLongMap();
        long[] generation = new long[16];
        long[] classKey = new long[16];
        byte[] flags = new byte[16];
        int[] next = new int[16];
        int size;

        void add(long at, long gen, long key, byte f) {
            if (size == generation.length) {
                if (size == MAX) {
                    throw new HeaplensException(String.format(Locale.ROOT, "the second dump has more than %,d records at "
                            + "addresses it repeats or without a generation at addresses the third lacks: heaplens "
                            + "keeps those in Java arrays", MAX));
                }
                int capacity = (int) Math.min(MAX, size * 2L);
                generation = Arrays.copyOf(generation, capacity);
                classKey = Arrays.copyOf(classKey, capacity);
                flags = Arrays.copyOf(flags, capacity);
                next = Arrays.copyOf(next, capacity);
            }
            generation[size] = gen;
            classKey[size] = key;
            flags[size] = f;
            next[size] = first(at);
            first.put(at, size);
            size++;
        }

        /** The last record added at {@code at}, or -1; the one before a record is {@link #next}. */
        int first(long at) {
            return size == 0 ? -1 : (int) first.get(at, -1);
        }

        /** Marks the records at {@code at} that a record of A of this generation and key is. */
        void kill(long at, long gen, long key) {
            for (int e = first(at); e >= 0; e = next[e]) {
                if (ObjectIdentity.same(generation[e], classKey[e], gen, key)) {
                    flags[e] |= KILLED;
                }
            }
        }

        boolean allKilledOrTraced() {
            for (int e = 0; e < size; e++) {
                if (generation[e] < 0 && (flags[e] & KILLED) == 0) {
                    return false;
                }
            }
            return true;
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
}
