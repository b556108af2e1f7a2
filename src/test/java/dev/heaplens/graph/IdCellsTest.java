package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analyses' id cells against a plain long array given the same random writes: in the heap, mapped
 * in 4 bytes an id, and mapped wide (ids past 2^32 held whole), across mappings of 16 bytes to 4 KiB;
 * where they go (heap or file, 4 or 8 bytes) as the heap's room and the object count say; and a mapped
 * one's disk given back when released.
 */
class IdCellsTest {
    @TempDir
    Path dir;

    @AfterEach
    void narrowAgain() {
        MappedIds.forceWide = false;
    }

    @Test
    void cellsHoldWhatALongArrayHoldsInTheHeapAndMappedNarrowOrWide() {
        Random rnd = new Random(2834);
        check(Scratch.heap(), 0, false, rnd);
        for (int byteShift : new int[] {4, 7, 12}) {
            check(Scratch.mappedIn(dir, byteShift, bytes -> false), 4, false, rnd);
            MappedIds.forceWide = true;
            check(Scratch.mappedIn(dir, byteShift, bytes -> false), 8, true, rnd);
            MappedIds.forceWide = false;
        }
    }

    /** Random ids, markers (-1, -2 - r) and, when {@code wide}, ids past 2^32; {@code idBytes} mapped a cell. */
    private static void check(Scratch scratch, int idBytes, boolean wide, Random rnd) {
        String at = "mapped " + idBytes + " bytes an id";
        int length = 1 + rnd.nextInt(3000);
        long before = scratch.mappedBytes();
        IdCells cells = scratch.idCells(length, length);
        assertThat(scratch.mappedBytes() - before).as(at).isEqualTo((long) idBytes * length);
        assertThat(cells.length()).as(at).isEqualTo(length);
        long[] oracle = new long[length];
        for (int k = 0; k < 10_000; k++) {
            int i = rnd.nextInt(length);
            oracle[i] = switch (k % 4) {
                case 0 -> -2 - rnd.nextInt(1000);
                case 1 -> wide ? (1L << 32) + (rnd.nextLong() >>> 2) : HeapGraphBuilder.MAX_OBJECTS - 1;
                default -> rnd.nextInt(Integer.MAX_VALUE);
            };
            cells.set(i, oracle[i]);
        }
        for (int i = 0; i < length; i++) {
            assertThat(cells.get(i)).as("%s, cell %d", at, i).isEqualTo(oracle[i]);
        }
        cells.fill(-1);
        for (int i = 0; i < length; i++) {
            assertThat(cells.get(i)).as("%s, cell %d filled", at, i).isEqualTo(-1);
        }
    }

    @Test
    void cellsGoToTheHeapWhileItHasRoomForNarrowIdsElseAreMapped() {
        Scratch room = Scratch.mappedIn(dir, 12, bytes -> true);
        room.idCellsWhereRoom(1000, 1000);
        assertThat(room.mappedBytes()).as("narrow, with room: in the heap").isZero();
        room.idCells(1000, 1000);
        assertThat(room.mappedBytes()).as("asked mapped: mapped").isEqualTo(4000);
        room.idCellsWhereRoom(10, 3_000_000_000L);
        assertThat(room.mappedBytes() - 4000).as("a graph past 2^31 objects: mapped, 8 bytes an id").isEqualTo(80);
        Scratch noRoom = Scratch.mappedIn(dir, 12, bytes -> false);
        noRoom.idCellsWhereRoom(1000, 1000);
        assertThat(noRoom.mappedBytes()).as("no room: mapped").isEqualTo(4000);
        MappedIds.forceWide = true;
        room.idCellsWhereRoom(100, 100);
        assertThat(room.mappedBytes() - 4080).as("forced wide: mapped, with room").isEqualTo(800);
        Scratch.heap().idCellsWhereRoom(100, 100).set(99, 7); // the heap's own scratch holds them whatever the width
    }

    @Test
    void releasedCellsGiveTheirDiskBack() {
        Scratch scratch = Scratch.mappedIn(dir, 12, bytes -> false);
        IdCells ids = scratch.idCells(1000, 1000);
        BitCells bits = scratch.bitsWhereRoom(1000);
        assertThat(scratch.liveBytes()).isEqualTo(4000 + 8 * 16);
        scratch.release(ids);
        assertThat(scratch.liveBytes()).isEqualTo(8 * 16);
        scratch.release(bits);
        assertThat(scratch.liveBytes()).isZero();
    }
}
