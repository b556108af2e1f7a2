package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heaplens.HeaplensException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runtime's column in graph order ({@link NarrowInts}) against a plain int array given the same
 * values in chunks: in the fewest bytes its range needs, in the heap and mapped across mappings of
 * 16 bytes to 4 KiB; where it goes as the heap's room and the object count say; and, in sparse files,
 * values past 2^31 and 2^32 objects in every width, in scratch and where an index would lie mapped.
 */
class NarrowIntsTest {
    private static final long TWO_31 = 1L << 31;
    private static final long TWO_32 = 1L << 32;

    @TempDir
    Path dir;

    @AfterEach
    void asBefore() {
        MappedIds.forceWide = false;
        ObjectArrays.refuseAll = false;
    }

    /** Per width 1 to 4: its range's bounds, and the width it takes. */
    private static final int[][] RANGES = {
            {-1, 254, 1},                 // 1 byte: 254 kept as 255
            {-1, 65_534, 2},              // 2 bytes
            {-1, 16_777_214, 3},          // 3 bytes
            {-1, Integer.MAX_VALUE, 4},   // ints
            {Integer.MIN_VALUE, 3, 4},    // below -1: ints
    };

    @Test
    void eachWidthGivesBackItsValuesInTheHeapAndMapped() {
        Random rnd = new Random(2836);
        for (Scratch scratch : new Scratch[] {Scratch.heap(), Scratch.mappedIn(dir, 4, bytes -> false),
                Scratch.mappedIn(dir, 12, bytes -> false)}) {
            for (int[] range : RANGES) {
                int length = 1 + rnd.nextInt(20_000);
                int[] oracle = new int[length];
                for (int i = 0; i < length; i++) {
                    oracle[i] = rnd.nextInt(4) == 0 ? (rnd.nextBoolean() ? range[0] : range[1]) // the bounds themselves
                            : (int) (range[0] + (long) (rnd.nextDouble() * ((long) range[1] - range[0] + 1)));
                }
                String at = (scratch.isMapped() ? "mapped" : "heap") + ", range " + Arrays.toString(range);
                long before = scratch.mappedBytes();
                NarrowInts column = NarrowInts.where(scratch, length, range[0], range[1]);
                assertThat(column.width()).as(at).isEqualTo(range[2]);
                assertThat(column.length()).as(at).isEqualTo(length);
                assertThat(scratch.mappedBytes() - before).as(at).isEqualTo(scratch.isMapped() ? (long) range[2] * length : 0);
                for (int from = 0; from < length; ) { // in chunks, as graph order hands them over
                    int count = Math.min(length - from, 1 + rnd.nextInt(3000));
                    column.put(from, Arrays.copyOfRange(oracle, from, from + count), count);
                    from += count;
                }
                for (int i = 0; i < length; i++) {
                    assertThat(column.get(i)).as("%s, value %d", at, i).isEqualTo(oracle[i]);
                }
                for (int k = 0; k < 20; k++) {
                    int from = rnd.nextInt(length);
                    int count = rnd.nextInt(length - from + 1);
                    int[] run = new int[count];
                    column.copy(from, run, count);
                    assertThat(run).as("%s, run from %d", at, from).isEqualTo(Arrays.copyOfRange(oracle, from, from + count));
                }
                column.release(scratch);
            }
            assertThat(scratch.liveBytes()).as("every mapped column given back").isZero();
        }
    }

    @Test
    void columnsGoToTheHeapWhileItHasRoomElseAreMappedAsPast2To31WhenWideIsForced() {
        Scratch room = Scratch.mappedIn(dir, 12, bytes -> true);
        NarrowInts.where(room, 1000, -1, 300);
        assertThat(room.mappedBytes()).as("with room: in the heap").isZero();
        MappedIds.forceWide = true;
        ObjectArrays.refuseAll = true;
        NarrowInts wide = NarrowInts.where(room, 1000, -1, 300);
        assertThat(room.mappedBytes()).as("forced wide, as past 2^31 objects: mapped, with room").isEqualTo(2000);
        assertThatThrownBy(() -> NarrowInts.where(Scratch.heap(), 1000, -1, 300)).as("the heap's own scratch: a heap array")
                .isInstanceOf(HeaplensException.class).hasMessageContaining("a runtime's column in graph order");
        MappedIds.forceWide = false;
        ObjectArrays.refuseAll = false;
        NarrowInts noRoom = NarrowInts.where(Scratch.mappedIn(dir, 12, bytes -> false), 1000, -1, Integer.MAX_VALUE);
        assertThat(noRoom.width()).isEqualTo(4);
        wide.release(room);
        assertThat(room.liveBytes()).isZero();
    }

    /** Sparse files of 2^32 + 1000 values: only the pages written take memory or disk. */
    @Test
    void valuesPast2To31And2To32InEveryWidth() {
        long length = TWO_32 + 1000;
        long[] at = {TWO_31 - 3, TWO_32 - 2, length - 400};
        for (int[] range : RANGES) {
            Scratch scratch = Scratch.mappedIn(dir, 24, bytes -> true); // mapped past what a heap array holds, room or not
            NarrowInts column = NarrowInts.where(scratch, length, range[0], range[1]);
            assertThat(column.width()).isEqualTo(range[2]);
            assertThat(scratch.mappedBytes()).isEqualTo(length * range[2]);
            int[] values = new int[300];
            for (long from : at) {
                for (int i = 0; i < values.length; i++) {
                    values[i] = (int) Math.max(range[0], Math.min(range[1], from % 10_000 + i * 7919L - 5));
                }
                column.put(from, values, values.length);
            }
            for (long from : at) {
                int[] back = new int[values.length];
                column.copy(from, back, back.length);
                for (int i = 0; i < values.length; i++) {
                    int expected = (int) Math.max(range[0], Math.min(range[1], from % 10_000 + i * 7919L - 5));
                    assertThat(column.get(from + i)).as("width %d, object %d", range[2], from + i).isEqualTo(expected);
                    assertThat(back[i]).as("width %d, object %d copied", range[2], from + i).isEqualTo(expected);
                }
                assertThat(column.get(from - 1)).as("before the values: none yet").isEqualTo(range[2] == 4 ? 0 : -1);
                assertThat(column.get(from + values.length)).isEqualTo(range[2] == 4 ? 0 : -1);
            }
            column.release(scratch);
        }
    }

    /** An index's int section as {@link dev.heaplens.index.IndexReader#mappedInts} gives it: pages of 2^30 bytes. */
    @Test
    void anIndexsIntsAreReadPast2To32() throws IOException {
        long length = TWO_32 + 1000;
        Path file = dir.resolve("section");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE, StandardOpenOption.SPARSE)) {
            int pageBytes = 1 << 30;
            ByteBuffer[] pages = new ByteBuffer[(int) ((length * 4 + pageBytes - 1) / pageBytes)];
            for (int p = 0; p < pages.length; p++) {
                long start = (long) p * pageBytes;
                pages[p] = ch.map(FileChannel.MapMode.READ_WRITE, start, Math.min(pageBytes, length * 4 - start))
                        .order(ByteOrder.LITTLE_ENDIAN);
            }
            long[] at = {TWO_31 - 1, TWO_31, TWO_32 + 1, length - 1};
            for (long i : at) {
                pages[(int) (i * 4 / pageBytes)].putInt((int) (i * 4 % pageBytes), (int) (i % 1_000_003));
            }
            NarrowInts column = NarrowInts.mapped(pages, 28);
            assertThat(column.length()).isEqualTo(length);
            for (long i : at) {
                assertThat(column.get(i)).as("object %d", i).isEqualTo((int) (i % 1_000_003));
                assertThat(column.get(i - 2)).isZero();
            }
            int[] run = new int[3];
            column.copy(TWO_31 - 1, run, 3);
            assertThat(run).containsExactly((int) ((TWO_31 - 1) % 1_000_003), (int) (TWO_31 % 1_000_003), 0);
        }
    }
}
