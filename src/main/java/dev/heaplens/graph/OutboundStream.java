package dev.heaplens.graph;

/**
 * A graph's outbound references read in object order, a run at a time into heap arrays: for the
 * passes that stream every reference (the dominators' predecessor counts and lists). Out of core,
 * the mapped columns are bulk-copied per run instead of asked once per reference through the
 * graph (a call per value through a mapped buffer took about 40% of the out-of-core first read's
 * CPU: issue 28, round 10). In the heap the runs are filled through the graph's own calls, so
 * both go through the same code. Objects must be asked in ascending order, and each object's
 * references in ascending order; one stream per thread.
 */
final class OutboundStream {
    private static final int RUN_SHIFT = 14;
    private static final int RUN = 1 << RUN_SHIFT;
    private final HeapGraph g;
    private final MappedLongs mappedOffsets; // null: in the heap
    private final MappedIds mappedTargets;
    private final long[] offsets = new long[RUN + 1];
    /** Which run of {@link #RUN} objects (aligned) {@link #offsets} holds; -1 before the first. */
    private long offsetsRun = -1;
    private final long[] targets = new long[RUN];
    private final int[] narrowTargets = new int[RUN]; // what narrow mapped ids are copied through
    private long targetsFrom;
    private int targetsCount;

    OutboundStream(HeapGraph g) {
        this.g = g;
        ColumnSource source = g.mappedSource();
        this.mappedOffsets = source == null ? null : source.mappedLongs(GraphStore.OUT_OFFSETS);
        this.mappedTargets = source == null ? null : source.mappedIds(GraphStore.TARGETS);
    }

    /** As {@link HeapGraph#outStart}. */
    long start(long v) {
        if (v >>> RUN_SHIFT != offsetsRun) { // runs aligned: 35 bytes at most, so that C1 inlines it
            loadOffsets(v >>> RUN_SHIFT);
        }
        return offsets[(int) v & (RUN - 1)];
    }

    /** As {@link HeapGraph#outEnd}, after {@link #start} of the same object. */
    long end(long v) {
        return offsets[((int) v & (RUN - 1)) + 1];
    }

    /** As {@link HeapGraph#target}. */
    long target(long i) {
        long k = i - targetsFrom;
        if (k < 0 || k >= targetsCount) {
            loadTargets(i);
            k = 0;
        }
        return targets[(int) k];
    }

    private void loadOffsets(long run) {
        offsetsRun = run;
        long first = run << RUN_SHIFT;
        int count = (int) Math.min(RUN, g.objectCount() - first);
        if (mappedOffsets != null) {
            mappedOffsets.copy(first, offsets, count + 1);
        } else {
            for (int k = 0; k < count; k++) {
                offsets[k] = g.outStart(first + k);
            }
            offsets[count] = g.outEnd(first + count - 1);
        }
    }

    private void loadTargets(long i) {
        targetsFrom = i;
        targetsCount = (int) Math.min(RUN, g.referenceCount() - i);
        if (mappedTargets != null) {
            mappedTargets.copy(i, targets, targetsCount, narrowTargets);
        } else {
            for (int k = 0; k < targetsCount; k++) {
                targets[k] = g.target(i + k);
            }
        }
    }
}
