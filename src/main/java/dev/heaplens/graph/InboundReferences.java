package dev.heaplens.graph;

/**
 * A graph's inbound references, CSR as the outbound ones: built on first use by {@link HeapGraph}
 * ({@code paths}, {@code object}), an object's sources ascending. In the heap, or, for a graph used
 * out of core where the heap has no room for them, in mapped scratch: 8 bytes an object and 4 a
 * reference that the heap does not hold (on a 30M-object dump, 410 MB of {@code paths}' heap).
 */
final class InboundReferences {
    /** Per object, where its sources start ({@code n + 1} entries); null when mapped. */
    private final long[] offsets;
    private final IntPages sources;
    private final MappedLongs mappedOffsets;
    private final MappedInts mappedSources;

    InboundReferences(HeapGraph g, Scratch scratch) {
        int n = g.objectCount();
        long references = g.referenceCount();
        if (!scratch.heapHas(8L * (n + 1) + 4L * references)) {
            MappedLongs off = scratch.longs(n + 1L);
            for (long i = 0; i < references; i++) {
                int t = g.target(i);
                off.set(t, off.get(t) + 1);
            }
            endsFromCounts(n, off);
            MappedInts s = scratch.ints(Math.max(1, references));
            for (int o = n - 1; o >= 0; o--) {
                for (long i = g.outEnd(o) - 1, start = g.outStart(o); i >= start; i--) {
                    int t = g.target(i);
                    long at = off.get(t) - 1;
                    off.set(t, at);
                    s.set(at, o);
                }
            }
            offsets = null;
            sources = null;
            mappedOffsets = off;
            mappedSources = s;
            return;
        }
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
        mappedOffsets = null;
        mappedSources = null;
    }

    /** Counts per object turned into each object's end, as the heap's loop does. */
    private static void endsFromCounts(int n, MappedLongs off) {
        long sum = 0;
        for (int o = 0; o < n; o++) {
            sum += off.get(o);
            off.set(o, sum);
        }
        off.set(n, sum);
    }

    long start(int o) {
        return offsets != null ? offsets[o] : mappedOffsets.get(o);
    }

    long end(int o) {
        return offsets != null ? offsets[o + 1] : mappedOffsets.get(o + 1L);
    }

    int source(long i) {
        return sources != null ? sources.pages[(int) (i >>> sources.shift)][(int) i & sources.mask] : mappedSources.get(i);
    }
}
