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
    private ObjectIdentity() {
    }

    /** The type-and-class key of a record: type and class address in one long. */
    static long classKey(RubyType type, long classAddress) {
        return ((long) type.ordinal() << 48) | (classAddress & 0xffff_ffff_ffffL);
    }

    /**
     * Whether two records at one address are one object: by generation (-1: none) when both
     * have one, else by type-and-class key.
     */
    static boolean same(long generation1, long classKey1, long generation2, long classKey2) {
        return generation1 >= 0 && generation2 >= 0 ? generation1 == generation2 : classKey1 == classKey2;
    }
}
