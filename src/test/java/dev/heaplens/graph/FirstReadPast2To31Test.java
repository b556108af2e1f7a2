package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first read's structures at object ids and positions past 2^31 and 2^32, without that many
 * objects: the sort's run files written at those places (sparse files), graph order walked there over
 * parts that long and a mapped reading order only its last ids written, the dense table numbering a
 * chunk said to start there, the roots' targets found there, the positions' offsets set there in sparse pages.
 */
class FirstReadPast2To31Test {
    private static final long TWO_31 = 1L << 31;
    private static final long TWO_32 = 1L << 32;

    @TempDir
    Path dir;

    @Test
    void runFilesKeepRunsAndReadingIndicesPast2To32() {
        Random rnd = new Random(2835);
        Scratch scratch = Scratch.mappedIn(dir);
        try (RunFiles wide = new RunFiles(scratch, true); RunFiles narrow = new RunFiles(scratch, false)) {
            for (long from : new long[] {TWO_31 - 50, TWO_32 + 7}) { // a run across 2^31, one past 2^32
                Run run = Run.random(rnd, 100 + rnd.nextInt(RunFiles.WINDOW * 2));
                wide.append(run.keys, run.perm, from);
                run.check(wide, from, "wide at " + from);
            }
            long below = TWO_31 - 20_000; // narrow reading indices: their offsets in the file past 2^31 bytes
            Run run = Run.random(rnd, 10_000);
            narrow.append(run.keys, run.perm, below);
            run.check(narrow, below, "narrow at " + below);
        }
        assertThat(scratch.liveBytes()).as("the runs' files given back once closed").isZero();
    }

    /** A run's sorted keys and their places in it. */
    private record Run(long[] keys, int[] perm) {
        static Run random(Random rnd, int n) {
            long[] keys = new long[n];
            for (int i = 0; i < n; i++) {
                keys[i] = rnd.nextLong();
            }
            int[] perm = AddressSort.sort(keys);
            return new Run(keys, perm);
        }

        void check(RunFiles files, long from, String at) {
            long[] keysBack = new long[keys.length];
            long[] positions = new long[keys.length];
            for (int done = 0; done < keys.length; done += RunFiles.WINDOW) { // a window at a time, as the merge reads
                int count = Math.min(RunFiles.WINDOW, keys.length - done);
                long[] k = new long[count];
                long[] p = new long[count];
                files.keys(from + done, k, count);
                files.positions(from + done, p, count);
                System.arraycopy(k, 0, keysBack, done, count);
                System.arraycopy(p, 0, positions, done, count);
            }
            assertThat(keysBack).as(at).isEqualTo(keys);
            for (int i = 0; i < keys.length; i++) {
                assertThat(positions[i]).as("%s, position %d", at, i).isEqualTo(from + perm[i]);
            }
        }
    }

    @Test
    void graphOrderWalksPartsPast2To31() {
        long[] partObjects = {TWO_31 + 10, 3, 100};
        GraphOrder inOrder = new GraphOrder(partObjects, null);
        assertThat(inOrder.objectCount()).isEqualTo(TWO_31 + 113);
        assertThat(runs(inOrder, TWO_31, TWO_31 + 20)).containsExactly(
                List.of(TWO_31, 0L, TWO_31, 10L), List.of(TWO_31 + 10, 1L, 0L, 3L), List.of(TWO_31 + 13, 2L, 0L, 7L));
        // a mapped reading order, wide, only its last ids written: runs where consecutive ids read consecutively in one part
        Scratch scratch = Scratch.mappedIn(dir);
        MappedIds readingIndex = scratch.ids(TWO_31 + 113, true);
        long[] reading = {TWO_31 + 11, TWO_31 + 12, 0, 1, TWO_31 + 110, TWO_31 + 111, TWO_31 + 9, TWO_31 + 10};
        long first = TWO_31 + 100;
        for (int k = 0; k < reading.length; k++) {
            readingIndex.set(first + k, reading[k]);
        }
        GraphOrder order = new GraphOrder(partObjects, ReadingIndex.of(readingIndex));
        assertThat(runs(order, first, first + reading.length)).containsExactly(
                List.of(first, 1L, 1L, 2L), List.of(first + 2, 0L, 0L, 2L), List.of(first + 4, 2L, 97L, 2L),
                List.of(first + 6, 0L, TWO_31 + 9, 1L), List.of(first + 7, 1L, 0L, 1L));
        scratch.releaseAll();
    }

    private static List<List<Long>> runs(GraphOrder order, long from, long to) {
        List<List<Long>> runs = new ArrayList<>();
        order.forEachRun(from, to, (g, part, local, length) -> runs.add(List.of(g, (long) part, local, (long) length)));
        return runs;
    }

    @Test
    void theDenseTableNumbersObjectsPast2To32() {
        long[] a = new long[5000];
        for (int i = 0; i < a.length; i++) {
            a[i] = 0x7f00_0000_0000L + 40L * (i + i / 7); // a heap's slots, a few free
        }
        long first = TWO_32 + 5; // as if the objects before were elsewhere: the table's ids start there
        AddressChunks chunks = new AddressChunks() {
            @Override
            public long count() {
                return first + a.length;
            }

            @Override
            public void forEach(Visitor visitor) {
                visitor.chunk(a, a.length, first);
            }
        };
        DenseAddressTable table = DenseAddressTable.of(chunks, AddressUnits.of(a));
        assertThat(table).isNotNull();
        long[] found = a.clone();
        table.findAll(found, found.length, found);
        for (int i = 0; i < a.length; i++) {
            assertThat(table.find(a[i])).as("address %d", i).isEqualTo(first + i);
            assertThat(found[i]).as("address %d, found with the others", i).isEqualTo(first + i);
        }
        assertThat(table.find(a[0] + 8)).isEqualTo(-1);
    }

    @Test
    void rootsKeepTheirTargetsPast2To32() {
        HeapGraphPart part = new HeapGraphPart(Scratch.heap());
        long[] addresses = {0x1000, 0x2000, 0x3000, 0x4000};
        for (long a : addresses) {
            part.addRoot(a == 0x3000 ? "thread" : "global", a);
        }
        AddressLookup pastTheInts = address -> address == 0x2000 ? -1 : TWO_32 + address; // one dangling
        RootColumns roots = new RootColumns(List.of(part), pastTheInts);
        assertThat(roots.target).containsExactly(TWO_32 + 0x1000, TWO_32 + 0x3000, TWO_32 + 0x4000);
        assertThat(roots.dangling).isEqualTo(1);
        assertThat(roots.categoryNames).containsExactly("global", "thread");
        assertThat(roots.category).containsExactly(0, 1, 0);
    }

    @Test
    void positionsAreSetPast2To31() {
        long objects = TWO_31 + 200;
        IntPages offsets = IntPages.sparse(objects, 10);
        Positions.Builder built = new Positions.Builder(objects, offsets);
        long first = TWO_31 + 64; // a block's first object
        long[] positions = new long[70];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = i == 3 ? -1 : 1_000_000_000_000L + 24L * i;
        }
        built.add(first, positions, positions.length);
        long[] bases = built.bases();
        assertThat(bases).hasSize((int) ((objects + Positions.BLOCK - 1) / Positions.BLOCK));
        long base = bases[(int) (first / Positions.BLOCK)];
        assertThat(base).isEqualTo(1_000_000_000_000L);
        assertThat(bases[(int) (first / Positions.BLOCK) + 1]).as("the next block's").isEqualTo(1_000_000_000_000L + 24L * 64);
        for (int i = 0; i < 64; i++) {
            int offset = offsets.get(first + i);
            assertThat(offset == Positions.UNKNOWN ? -1 : base + offset).as("object %d past 2^31", i).isEqualTo(positions[i]);
        }
        assertThat(offsets.get(first - 1)).as("before the block: untouched").isZero();
    }
}
