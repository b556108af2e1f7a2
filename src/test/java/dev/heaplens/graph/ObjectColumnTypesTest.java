package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.index.IndexKey;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The object columns' narrow types keep every value exact: class addresses as numbers into the
 * graph's table of classes, shallow sizes as ints with the sizes of 2 GiB and more beside, record
 * positions as 32-bit offsets from a base per block (blocks that span 4 GiB or more whole). Oracle:
 * what was added, kept in plain sorted maps, against the built graph, the graph read back from its
 * index, and the same used in place (out of core), on seeded random graphs read in several parts.
 */
class ObjectColumnTypesTest {
    /** Sizes an int cannot hold, and the edges of those it can. */
    private static final long[] EDGE_SIZES = {0, 1, Integer.MAX_VALUE, 1L << 31, (1L << 31) + 1, 1L << 32,
            5_000_000_000L, 17_179_869_200L, Long.MAX_VALUE / 4, -1, -8};

    @TempDir
    Path dir;

    /** One object as added: the oracle. */
    private record Added(long classAddress, long size, long position) {
    }

    @Test
    void classesAndSizesKeptExactlyBuiltStoredAndInPlace() throws IOException {
        Path dump = Files.writeString(dir.resolve("dump"), "a dump's bytes, for the key");
        IndexKey key = IndexKey.of(dump, "test");
        for (long seed = 0; seed < 40; seed++) {
            Random random = new Random(seed);
            TreeMap<Long, Added> added = new TreeMap<>();
            HeapGraphBuilder b = new HeapGraphBuilder();
            HeapGraphPart[] parts = new HeapGraphPart[1 + random.nextInt(4)];
            for (int k = 0; k < parts.length; k++) {
                parts[k] = b.newPart();
            }
            long[] classes = new long[1 + random.nextInt(seed % 5 == 0 ? 3000 : 40)];
            for (int c = 0; c < classes.length; c++) {
                classes[c] = c == 0 ? 0 : random.nextLong(); // 0: no class (a Ruby IMEMO); any long else
            }
            int n = 1 + random.nextInt(20_000);
            long at = random.nextInt(1000);
            boolean positions = seed % 4 != 3;
            while (added.size() < n) {
                // record positions grow through the dump, now and then by more than 4 GiB; some are unknown
                at += random.nextInt(100) == 0 ? random.nextLong(1L << 34) : 1 + random.nextInt(200);
                // half the seeds in address order (as an HPROF dump's objects mostly are), half scattered
                long address = seed % 2 == 0 ? random.nextLong() : at * 2 + random.nextInt(2);
                if (added.containsKey(address)) {
                    continue;
                }
                long size = random.nextInt(50) == 0 ? EDGE_SIZES[random.nextInt(EDGE_SIZES.length)] : random.nextInt(4096);
                long position = !positions || random.nextInt(30) == 0 ? -1 : at;
                Added a = new Added(classes[random.nextInt(classes.length)], size, position);
                added.put(address, a);
                HeapGraphPart p = parts[random.nextInt(parts.length)];
                p.addObject(address, (byte) 1, a.classAddress, a.size);
                if (position >= 0) {
                    p.setPosition(position);
                }
            }
            HeapGraph built = b.build();
            String where = "seed " + seed;
            check(where + ", built", built, added);
            Path file = dir.resolve(seed + ".index");
            try (IndexWriter w = IndexWriter.create(file, key)) {
                GraphStore.write(built, Dominators.compute(built), new long[0], w);
                w.commit();
            }
            check(where + ", stored", GraphStore.read(IndexReader.open(file, key), false).graph(), added);
            HeapGraph inPlace = GraphStore.read(IndexReader.open(file, key), true).graph();
            check(where + ", in place", inPlace, added); // the first values read one by one, the rest mapped
            check(where + ", in place, mapped", inPlace, added);
        }
    }

    private static void check(String at, HeapGraph g, TreeMap<Long, Added> added) {
        assertThat(g.objectCount()).as(at).isEqualTo(added.size());
        long[] distinct = added.values().stream().mapToLong(Added::classAddress).distinct().sorted().toArray();
        assertThat(g.classCount()).as(at + ": classes").isEqualTo(distinct.length);
        for (int c = 0; c < distinct.length; c++) {
            assertThat(g.classAddressOf(c)).as(at + ": class %d", c).isEqualTo(distinct[c]);
        }
        long total = 0;
        int o = 0;
        for (var e : added.entrySet()) {
            Added a = e.getValue();
            assertThat(g.address(o)).as(at).isEqualTo(e.getKey());
            assertThat(g.classAddress(o)).as(at + ": object %d's class", o).isEqualTo(a.classAddress);
            assertThat(g.classNumber(o)).as(at).isEqualTo(Arrays.binarySearch(distinct, a.classAddress));
            assertThat(g.shallowSize(o)).as(at + ": object %d's size", o).isEqualTo(a.size);
            assertThat(g.position(o)).as(at + ": object %d's position", o).isEqualTo(a.position);
            total += a.size;
            o++;
        }
        assertThat(g.totalShallowSize()).as(at + ": total").isEqualTo(total);
    }

    @Test
    void anObjectPast2To31BytesIsRetainedExactly() {
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart p = b.newPart();
        long big = 17_179_869_200L; // a long[Integer.MAX_VALUE - 8]'s 16 GiB, and its header
        p.addObject(0x100, (byte) 1, 0x10, 24);
        p.addReference(0x200);
        p.addReference(0x300);
        p.addObject(0x200, (byte) 2, 0x20, big);
        p.addObject(0x300, (byte) 2, 0x20, (1L << 31) + 16);
        p.addRoot("root", 0x100);
        HeapGraph g = b.build();
        Dominators d = Dominators.compute(g);
        assertThat(d.retainedSize(0)).isEqualTo(24 + big + (1L << 31) + 16);
        assertThat(g.totalShallowSize()).isEqualTo(24 + big + (1L << 31) + 16);
        assertThat(new TreeSet<>(java.util.List.of(g.classAddress(1), g.classAddress(2)))).containsExactly(0x20L);
    }
}
