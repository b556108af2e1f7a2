package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.RubyType;

/**
 * Which object of one dump is which object of another. An address alone is not enough: Ruby
 * reuses a freed slot for a new object. With allocation tracing the generation (the GC count at
 * allocation) tells objects apart exactly, since a slot is only freed by a GC; without it,
 * type and class are the best the dump offers. The rule is chosen per pair of records: the
 * generation when both have one, type and class when either lacks it (tracing was off when it
 * was allocated, or cleared between dumps).
 */
final class ObjectIdentity {
    private static final long NO_GENERATION = 1L << 62;

    private ObjectIdentity() {
    }

    /** The second half of an object's identity, beside its address. */
    static long key(long generation, RubyType type, long classAddress) {
        if (generation >= 0) {
            return generation;
        }
        return NO_GENERATION | ((long) type.ordinal() << 48) | (classAddress & 0xffff_ffff_ffffL);
    }

    /** The type-and-class key alone, whether or not the record has a generation. */
    static long classKey(RubyType type, long classAddress) {
        return key(-1, type, classAddress);
    }

    static boolean byGeneration(long key) {
        return (key & NO_GENERATION) == 0;
    }
}
