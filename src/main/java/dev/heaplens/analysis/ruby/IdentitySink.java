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

        Identities(List<IdentityTable> tables) {
            this.tables = tables;
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
