package dev.heaplens.graph;

import java.nio.file.Path;

/**
 * Scratch for tests outside the package of columns past 2^31 and 2^32 cells: mapped in mappings of
 * 16 MiB (few enough for a sparse file of gibibytes), the heap said to have no room.
 */
public final class SparseScratch {
    private SparseScratch() {
    }

    public static Scratch withoutHeapRoom(Path dir) {
        return Scratch.mappedIn(dir, 24, bytes -> false);
    }
}
