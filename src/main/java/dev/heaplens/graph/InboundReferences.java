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
    /** As wide as the graph's targets ({@link MappedIds#wide}). */
    private final MappedIds mappedSources;

    InboundReferences(HeapGraph g, Scratch scratch) {
        long n = g.objectCount();
        long references = g.referenceCount();
        if (!scratch.heapHas(8L * (n + 1) + 4L * references)) {
            MappedLongs off = scratch.longs(n + 1L);
            for (long i = 0; i < references; i++) {
                long t = g.target(i);
                off.set(t, off.get(t) + 1);
            }
            endsFromCounts(n, off);
            MappedIds s = scratch.ids(Math.max(1, references), MappedIds.wide(n));
            for (long o = n - 1; o >= 0; o--) {
                for (long i = g.outEnd(o) - 1, start = g.outStart(o); i >= start; i--) {
                    long t = g.target(i);
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
        int objects = (int) n; // in the heap: fewer than 2^31
        long[] off = new long[objects + 1];
        for (long i = 0; i < references; i++) {
            off[(int) g.target(i)]++;
        }
        long sum = 0;
        for (int o = 0; o < objects; o++) {
            sum += off[o];
            off[o] = sum; // end of o
        }
        off[objects] = sum;
        IntPages s = new IntPages(references, g.targetShift());
        for (int o = objects - 1; o >= 0; o--) {
            for (long i = g.outEnd(o) - 1, start = g.outStart(o); i >= start; i--) {
                s.set(--off[(int) g.target(i)], o);
            }
        }
        offsets = off;
        sources = s;
        mappedOffsets = null;
        mappedSources = null;
    }

    /** Counts per object turned into each object's end, as the heap's loop does. */
    private static void endsFromCounts(long n, MappedLongs off) {
        long sum = 0;
        for (long o = 0; o < n; o++) {
            sum += off.get(o);
            off.set(o, sum);
        }
        off.set(n, sum);
    }

    long start(long o) {
        return offsets != null ? offsets[(int) o] : mappedOffsets.get(o);
    }

    long end(long o) {
        return offsets != null ? offsets[(int) o + 1] : mappedOffsets.get(o + 1);
    }

    long source(long i) {
        return sources != null ? sources.pages[(int) (i >>> sources.shift)][(int) i & sources.mask] : mappedSources.get(i);
    }
}
