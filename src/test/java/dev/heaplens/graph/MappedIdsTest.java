package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.index.IndexKey;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mapped id columns against plain arrays given the same random writes, across mappings of 16 bytes
 * to 4 KiB: wide ones hold ids past 2^32, narrow ones every int; their narrowed bulk copies equal the
 * values read one by one; an index section written from each reads back the same ids (a narrow one as
 * the ints {@link MappedInts} wrote, a wide one as longs); the width follows the object count.
 */
class MappedIdsTest {
    @TempDir
    Path dir;

    @AfterEach
    void narrowAgain() {
        MappedIds.forceWide = false;
    }

    @Test
    void wideIdsHoldIdsPastTwoToTheThirtyTwoAcrossMappings() throws IOException {
        Random rnd = new Random(2832);
        for (int byteShift : new int[] {4, 7, 12}) {
            Scratch scratch = Scratch.mappedIn(dir, byteShift);
            int length = 1 + rnd.nextInt(3000);
            MappedIds ids = scratch.ids(length, true);
            assertThat(ids).isInstanceOf(MappedIds.Wide.class);
            assertThat(ids.idBytes()).isEqualTo(8);
            long[] oracle = new long[length];
            for (int k = 0; k < 10_000; k++) {
                int i = rnd.nextInt(length);
                oracle[i] = k % 10 == 0 ? -1 : (1L << 32) + (rnd.nextLong() >>> 2); // -1: a dangling target
                ids.set(i, oracle[i]);
            }
            checkAgainst(oracle, ids, rnd, "wide, shift " + byteShift);
            assertThat(scratch.mappedBytes()).isEqualTo(8L * length);
            checkSection(ids, oracle, byteShift);
        }
    }

    @Test
    void narrowIdsHoldEveryIntAcrossMappings() throws IOException {
        Random rnd = new Random(2833);
        for (int byteShift : new int[] {4, 7, 12}) {
            Scratch scratch = Scratch.mappedIn(dir, byteShift);
            int length = 1 + rnd.nextInt(3000);
            MappedIds ids = scratch.ids(length, false);
            assertThat(ids).isExactlyInstanceOf(MappedIds.class);
            assertThat(ids.idBytes()).isEqualTo(4);
            long[] oracle = new long[length];
            for (int k = 0; k < 10_000; k++) {
                int i = rnd.nextInt(length);
                oracle[i] = k % 10 == 0 ? -1 : k % 10 == 1 ? HeapGraphBuilder.MAX_OBJECTS - 1 : rnd.nextInt(Integer.MAX_VALUE);
                ids.set(i, oracle[i]);
            }
            checkAgainst(oracle, ids, rnd, "narrow, shift " + byteShift);
            assertThat(scratch.mappedBytes()).isEqualTo(4L * length);
            checkSection(ids, oracle, byteShift);
        }
    }

    /** Every id read one by one, and random stretches copied in bulk (narrowed, as the int passes take them). */
    private static void checkAgainst(long[] oracle, MappedIds ids, Random rnd, String at) {
        assertThat(ids.length()).as(at).isEqualTo(oracle.length);
        for (int i = 0; i < oracle.length; i++) {
            assertThat(ids.get(i)).as("%s, id %d", at, i).isEqualTo(oracle[i]);
        }
        for (int k = 0; k < 100; k++) {
            int from = rnd.nextInt(oracle.length);
            int count = rnd.nextInt(oracle.length - from + 1);
            int[] copied = new int[count + 1];
            copied[count] = 77; // past the count: left alone
            ids.copy(from, copied, count);
            for (int j = 0; j < count; j++) {
                assertThat(copied[j]).as("%s, copy from %d + %d", at, from, j).isEqualTo((int) oracle[from + j]);
            }
            assertThat(copied[count]).as(at).isEqualTo(77);
        }
    }

    /** The column written as an index section and mapped back: ints when narrow, longs when wide. */
    private void checkSection(MappedIds ids, long[] oracle, int byteShift) throws IOException {
        Path file = dir.resolve("ids-" + ids.idBytes() + "-" + byteShift + ".index");
        IndexKey key = IndexKey.of(Files.writeString(dir.resolve("dump"), "a dump's bytes, for the key"), "test");
        int count = oracle.length - oracle.length / 3; // the first ones only, as the kept targets are
        try (IndexWriter w = IndexWriter.create(file, key)) {
            ids.write(w, "ids", count);
            w.commit();
        }
        try (IndexReader r = IndexReader.open(file, key)) {
            assertThat(r.count("ids")).isEqualTo(count);
            for (int i = 0; i < count; i++) {
                long stored = ids.idBytes() == 8 ? r.longAt("ids", i) : r.intAt("ids", i);
                assertThat(stored).as("stored id %d", i).isEqualTo(oracle[i]);
            }
        }
    }

    /** The build's bulk writes (a sort's positions, a merge's window) against ids set one by one, both widths, across mappings. */
    @Test
    void bulkPutsWriteWhatSetsWrite() {
        Random rnd = new Random(2836);
        for (boolean wide : new boolean[] {false, true}) {
            for (int byteShift : new int[] {4, 7, 12}) {
                Scratch scratch = Scratch.mappedIn(dir, byteShift);
                int length = 1 + rnd.nextInt(3000);
                MappedIds ids = scratch.ids(length, wide);
                long[] oracle = new long[length];
                for (int k = 0; k < 200; k++) {
                    int at = rnd.nextInt(length);
                    int count = rnd.nextInt(length - at + 1);
                    if (rnd.nextBoolean()) {
                        int[] values = new int[count];
                        for (int j = 0; j < count; j++) {
                            values[j] = j % 7 == 0 ? -1 : rnd.nextInt(Integer.MAX_VALUE);
                            oracle[at + j] = values[j];
                        }
                        ids.put(at, values, count);
                    } else {
                        long[] values = new long[count + 1];
                        for (int j = 0; j < count; j++) {
                            values[j] = j % 7 == 0 ? -1 : wide ? (1L << 32) + (rnd.nextLong() >>> 2) : rnd.nextInt(Integer.MAX_VALUE);
                            oracle[at + j] = values[j];
                        }
                        ids.put(at, values, count, new int[count + 1]);
                    }
                }
                checkAgainst(oracle, ids, rnd, (wide ? "wide" : "narrow") + " puts, shift " + byteShift);
            }
        }
    }

    @Test
    void shrinkingGivesBackTheIdsPastTheKeptOnes() {
        for (boolean wide : new boolean[] {false, true}) {
            Scratch scratch = Scratch.mappedIn(dir, 12);
            MappedIds ids = scratch.ids(10_000, wide);
            scratch.shrink(ids, 1_000L * ids.idBytes());
            assertThat(scratch.liveBytes()).as("wide " + wide).isEqualTo(1_000L * (wide ? 8 : 4));
            ids.set(999, 5);
            assertThat(ids.get(999)).isEqualTo(5);
            scratch.release(ids);
            assertThat(scratch.liveBytes()).as("wide " + wide).isZero();
        }
    }

    @Test
    void idsAreWidePastWhatAnIntNumbersOrWhenTestsForceIt() {
        assertThat(MappedIds.wide(0)).isFalse();
        assertThat(MappedIds.wide(HeapGraphBuilder.MAX_OBJECTS)).isFalse();
        assertThat(MappedIds.wide(HeapGraphBuilder.MAX_OBJECTS + 1L)).isTrue();
        assertThat(MappedIds.wide(1L << 40)).isTrue();
        MappedIds.forceWide = true;
        assertThat(MappedIds.wide(1)).isTrue();
    }
}
