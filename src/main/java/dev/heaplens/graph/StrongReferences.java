package dev.heaplens.graph;

/** Every reference but the weak ones; traversals read its bits directly, without a call per reference. */
final class StrongReferences implements EdgeFilter {
    /** Bit i set: reference i is weak. */
    final long[] weak;

    StrongReferences(long[] weak) {
        this.weak = weak;
    }

    @Override
    public boolean follow(long source, long reference, long target) {
        return (weak[(int) (reference >>> 6)] & (1L << reference)) == 0;
    }
}
