package dev.heaplens.graph;

import java.nio.file.Path;

/**
 * Scratch for tests outside the package that must run mapped: small mappings that columns cross, and
 * no heap room said, so every column a computation asks for "where the heap has room" is mapped too.
 */
public final class MappedScratch {
    private MappedScratch() {
    }

    /** Mapped in {@code dir}, in mappings of 4 KiB, the heap said to have no room. */
    public static Scratch withoutHeapRoom(Path dir) {
        return Scratch.mappedIn(dir, 12, bytes -> false);
    }
}
