package dev.heaplens.graph;

/**
 * A graph's inbound references, CSR as the outbound ones: built on first use by {@link HeapGraph}
 * ({@code paths}, {@code object}), an object's sources ascending.
 */
final class InboundReferences {
    /** Per object, where its sources start ({@code n + 1} entries). */
    final long[] offsets;
    final IntPages sources;

    InboundReferences(HeapGraph g) {
        int n = g.objectCount();
        long references = g.referenceCount();
        long[] off = new long[n + 1];
        for (long i = 0; i < references; i++) {
            off[g.target(i)]++;
        }
        long sum = 0;
        for (int o = 0; o < n; o++) {
            sum += off[o];
            off[o] = sum; // end of o
        }
        off[n] = sum;
        IntPages s = new IntPages(references, g.targetShift());
        for (int o = n - 1; o >= 0; o--) {
            for (long i = g.outEnd(o) - 1, start = g.outStart(o); i >= start; i--) {
                s.set(--off[g.target(i)], o);
            }
        }
        offsets = off;
        sources = s;
    }
}
