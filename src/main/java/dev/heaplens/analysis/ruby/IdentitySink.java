package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecord;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.util.LongPairSet;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** Collects the identities of a dump's objects (address plus {@link ObjectIdentity#key}). */
public final class IdentitySink implements RubyRecordSink {
    public static final Set<RubyLineParser.Field> FIELDS = EnumSet.of(RubyLineParser.Field.ALLOCATION);

    private final LongPairSet identities = new LongPairSet(1 << 16);
    /** Only identities absent from this set are kept (null: keep all). */
    private final LongPairSet unless;
    long objects;
    long bytes;
    long withoutGeneration;

    public IdentitySink(LongPairSet unless) {
        this.unless = unless;
    }

    @Override
    public void accept(RubyRecord r) {
        if (!r.type.isHeapObject()) {
            return;
        }
        objects++;
        bytes += r.memsize;
        long key = ObjectIdentity.key(r.generation, r.type, r.classAddress);
        if (unless != null && unless.contains(r.address, key)) {
            return;
        }
        if (!ObjectIdentity.byGeneration(key)) {
            withoutGeneration++;
        }
        identities.add(r.address, key);
    }

    /** All the sinks' identities in one set. */
    public static LongPairSet merge(List<IdentitySink> sinks) {
        int total = sinks.stream().mapToInt(s -> s.identities.size()).sum();
        LongPairSet all = new LongPairSet(Math.max(16, total));
        sinks.forEach(s -> all.addAll(s.identities));
        return all;
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
