package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecord;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.graph.HeapGraph;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** Collects the identities of a dump's objects (address plus {@link ObjectIdentity#key}). */
public final class IdentitySink implements RubyRecordSink {
    public static final Set<RubyLineParser.Field> FIELDS = EnumSet.of(RubyLineParser.Field.GENERATION);

    private final IdentityTable identities;
    /** Only identities absent from these are kept (null: keep all). */
    private final Identities unless;
    long objects;
    long bytes;
    long withoutGeneration;

    /** @param expected objects this sink will likely see, to size its set once */
    public IdentitySink(Identities unless, int expected) {
        this.unless = unless;
        this.identities = new IdentityTable(Math.max(1 << 10, expected));
    }

    @Override
    public void accept(RubyRecord r) {
        if (!r.type.isHeapObject()) {
            return;
        }
        objects++;
        bytes += r.memsize;
        if (r.address == 0) {
            return; // not an object's address; cannot be told apart anyway
        }
        long key = ObjectIdentity.key(r.generation, r.type, r.classAddress);
        long classKey = ObjectIdentity.classKey(r.type, r.classAddress);
        if (unless != null && unless.contains(r.address, key, classKey)) {
            return;
        }
        if (!ObjectIdentity.byGeneration(key)) {
            withoutGeneration++;
        }
        identities.add(r.address, key, classKey);
    }

    /** The identities of one read: the sinks' tables, queried together (no copy into one). */
    public static final class Identities {
        private final List<IdentityTable> tables;
        /** A bit per hash of the addresses held, 16 per identity (null: none): most absent addresses stop here. */
        private final long[] addresses;

        Identities(List<IdentityTable> tables) {
            this(tables, null);
        }

        private Identities(List<IdentityTable> tables, long[] addresses) {
            this.tables = tables;
            this.addresses = addresses;
        }

        /**
         * The same identities, with their addresses also in a bit table small enough to stay in the
         * cache: for asking about every object of another dump when few are here (B's new objects,
         * asked about each of C's), where each absent address would cost a probe of every table.
         */
        public Identities forManyAbsent() {
            long identities = tables.stream().mapToLong(IdentityTable::size).sum();
            int words = Integer.highestOneBit((int) Math.min(1 << 22, Math.max(1, identities / 4)) * 2 - 1);
            long[] bits = new long[words];
            int mask = bits.length * 64 - 1;
            for (IdentityTable t : tables) {
                t.forEachAddress(a -> {
                    int h = bitOf(a, mask);
                    bits[h >>> 6] |= 1L << h;
                });
            }
            return new Identities(tables, bits);
        }

        private static int bitOf(long address, int mask) {
            long h = address * 0xC2B2AE3D27D4EB4FL;
            return (int) (h >>> 32) & mask;
        }

        /** Whether object {@code o} of a heap read from another dump is one of these. */
        public boolean containsObject(RubyHeap heap, int o) {
            HeapGraph g = heap.graph();
            return contains(g.address(o), heap.generation(o), heap.type(o), g.classAddress(o));
        }

        /**
         * Whether the object at {@code address} is one of these: by generation when both records
         * have one, else by type and class.
         */
        public boolean contains(long address, long generation, RubyType type, long classAddress) {
            if (addresses != null) {
                int h = bitOf(address, addresses.length * 64 - 1);
                if ((addresses[h >>> 6] & (1L << h)) == 0) {
                    return false;
                }
            }
            return contains(address, ObjectIdentity.key(generation, type, classAddress),
                    ObjectIdentity.classKey(type, classAddress));
        }

        boolean contains(long address, long key, long classKey) {
            for (IdentityTable t : tables) {
                if (t.contains(address, key, classKey)) {
                    return true;
                }
            }
            return false;
        }
    }

    public static Identities identities(List<IdentitySink> sinks) {
        return new Identities(sinks.stream().map(s -> s.identities).toList());
    }

    public static long objects(List<IdentitySink> sinks) {
        return sinks.stream().mapToLong(s -> s.objects).sum();
    }

    public static long bytes(List<IdentitySink> sinks) {
        return sinks.stream().mapToLong(s -> s.bytes).sum();
    }

    /** How many kept identities had no generation (allocation tracing off for them). */
    public static long withoutGeneration(List<IdentitySink> sinks) {
        return sinks.stream().mapToLong(s -> s.withoutGeneration).sum();
    }
}
