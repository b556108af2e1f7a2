package dev.heaplens.graph;

/** Wide ids ({@link MappedIds#forceWide}) for tests outside the package (the runtimes'), and a look at them. */
public final class WideIds {
    private WideIds() {
    }

    /** Graphs built or opened from now on keep their ids in 8 bytes ({@code true}), or as their count needs. */
    public static void force(boolean wide) {
        MappedIds.forceWide = wide;
    }

    /** Every heap array an object refused ({@link ObjectArrays}) from now on ({@code true}), or only past 2^31 objects. */
    public static void refuseObjectArrays(boolean refuse) {
        ObjectArrays.refuseAll = refuse;
    }

    /** {@code run} as past 2^31 objects: ids forced wide and every heap array an object refused, both reset after. */
    public static <T> T asPast2To31(java.util.function.Supplier<T> run) {
        force(true);
        refuseObjectArrays(true);
        try {
            return run.get();
        } finally {
            force(false);
            refuseObjectArrays(false);
        }
    }

    /** Whether {@code g}'s targets are used where they lie (out of core), 8 bytes an id. */
    public static boolean targetsAreWide(HeapGraph g) {
        ColumnSource source = g.mappedSource();
        return source != null && source.mappedIds(GraphStore.TARGETS) instanceof MappedIds.Wide;
    }
}
