package dev.heaplens.graph;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The builder against a brute-force build on random inputs: objects in heap-page runs listed in
 * shuffled order (as a Ruby dump lists them) or in no order, dense or sparse addresses (each table
 * kind), duplicates, dangling and weak references, one to four parts, small pages. The oracle sorts
 * the objects stably by address and resolves each reference by a linear scan for the first object
 * at its address. The same with the parts spilled to scratch files, as a read out of core keeps them.
 */
class GraphBuildOracleTest {
    private record Obj(int reading, long address, byte kind, long classAddress, long size, long position,
                       long[] refs, boolean[] weak) {
    }

    @Test
    void randomBuildsMatchBruteForce() {
        for (long seed = 0; seed < 300; seed++) {
            check(seed, Scratch.heap(), 0);
        }
    }

    /**
     * Out of core, the parts' columns are written to scratch files as their chunks fill (16K values):
     * parts of 20K to 60K objects, read back in graph order from the files, against the same oracle.
     * The addresses are sorted in runs of one to all objects. The files are unlinked as soon as made:
     * none is left in the directory.
     */
    @Test
    void partsSpilledToScratchFilesBuildTheSameGraph(@TempDir Path dir) throws IOException {
        Scratch scratch = Scratch.mappedIn(dir);
        for (long seed = 300; seed < 315; seed++) {
            check(seed, scratch, 20_000);
        }
        for (long seed = 315; seed < 415; seed++) { // small graphs: runs of a few objects, many merged
            check(seed, scratch, 0);
        }
        assertThat(scratch.mappedBytes()).as("bytes spilled").isGreaterThan(15L * 20_000 * 8);
        try (var left = Files.list(dir)) {
            assertThat(left).as("scratch files left").isEmpty();
        }
    }

    /**
     * Out of core as past 2^31 objects (wide ids forced on small graphs): the reading order, the sort's
     * runs and, where no compact table takes the addresses, their lookup (the index over the mapped
     * column) are 8 bytes an id; in mappings small enough that every column crosses many.
     */
    @Test
    void aWideBuildOutOfCoreIsTheSameGraph(@TempDir Path dir) {
        MappedIds.forceWide = true;
        try {
            Scratch scratch = Scratch.mappedIn(dir, 12);
            for (long seed = 415; seed < 420; seed++) {
                check(seed, scratch, 20_000);
            }
            for (long seed = 420; seed < 620; seed++) {
                check(seed, scratch, 0);
            }
        } finally {
            MappedIds.forceWide = false;
        }
    }

    /** With {@code scratch} for the parts; {@code atLeast} objects and more (else a few hundred or thousand). */
    private static void check(long seed, Scratch scratch, int atLeast) {
        Random rnd = new Random(seed);
        int mode = (int) (seed % 5);
        int n = atLeast > 0 ? atLeast + rnd.nextInt(2 * atLeast) : 1 + rnd.nextInt(seed % 7 == 0 ? 3000 : 300);
        List<Obj> objects = new ArrayList<>();
        long[] addresses = addresses(rnd, mode, n);
        boolean weakRefs = rnd.nextBoolean();
        int hub = seed % 10 == 3 ? rnd.nextInt(n) : -1; // one object with references across several chunks
        for (int i = 0; i < n; i++) {
            int degree = i == hub ? 20_000 + rnd.nextInt(20_000) : rnd.nextInt(5);
            long[] refs = new long[degree];
            boolean[] weak = new boolean[degree];
            for (int k = 0; k < degree; k++) {
                refs[k] = rnd.nextInt(10) == 0 ? addresses[rnd.nextInt(n)] + 8 * (1 + rnd.nextInt(3)) + rnd.nextInt(2)
                        : addresses[rnd.nextInt(n)];
                weak[k] = weakRefs && rnd.nextInt(4) == 0;
            }
            objects.add(new Obj(i, addresses[i], (byte) rnd.nextInt(20), rnd.nextLong(), rnd.nextInt(1000),
                    1000L * i, refs, weak));
        }
        int parts = 1 + rnd.nextInt(4);
        boolean bulk = rnd.nextBoolean();
        int shift = rnd.nextBoolean() ? IntPages.DEFAULT_SHIFT : 1 + rnd.nextInt(6);
        int tableLimit = rnd.nextInt(4) == 0 ? 0 : HeapGraphBuilder.MAX_OBJECTS; // 0: the sorted index resolves
        // out of core, the addresses sorted in runs of a few objects to all of them
        int addressRun = new int[] {1 + rnd.nextInt(50), 1 + rnd.nextInt(n), 4_096 + rnd.nextInt(n), n}[rnd.nextInt(4)];
        HeapGraphBuilder b = new HeapGraphBuilder(shift, tableLimit, scratch, addressRun);
        HeapGraphPart[] ps = new HeapGraphPart[parts];
        for (int p = 0; p < parts; p++) {
            ps[p] = b.newPart();
        }
        // Each part gives every object's position or none (a part of a read without them); sometimes no part does.
        boolean[] positioned = new boolean[parts];
        boolean anyPositions = rnd.nextInt(4) != 0;
        for (int p = 0; p < parts; p++) {
            positioned[p] = anyPositions && (p == 0 || rnd.nextBoolean());
        }
        for (Obj o : objects) {
            int part = (int) ((long) o.reading * parts / n);
            HeapGraphPart p = ps[part];
            p.addObject(o.address, o.kind, o.classAddress, o.size);
            if (!weakRefs && bulk) {
                p.addReferences(o.refs, o.refs.length); // in one call, as the Ruby reader adds them
            } else {
                for (int k = 0; k < o.refs.length; k++) {
                    if (o.weak[k]) {
                        p.addWeakReference(o.refs[k]);
                    } else {
                        p.addReference(o.refs[k]);
                    }
                }
            }
            if (positioned[part]) {
                p.setPosition(o.position);
            }
        }
        long[] rootAddresses = new long[rnd.nextInt(6)]; // resolved through the same table as references
        for (int r = 0; r < rootAddresses.length; r++) {
            rootAddresses[r] = rnd.nextInt(4) == 0 ? addresses[rnd.nextInt(n)] + 4 : addresses[rnd.nextInt(n)];
            ps[0].addRoot("r" + r, rootAddresses[r]);
        }
        HeapGraph g = b.build();

        List<Obj> sorted = new ArrayList<>(objects);
        sorted.sort(Comparator.comparingLong(Obj::address)); // stable: equal addresses keep reading order
        String at = "seed " + seed;
        assertThat(g.objectCount()).as(at).isEqualTo(n);
        assertThat(g.isOutOfCore()).as(at + ": built out of core").isEqualTo(scratch.isMapped());
        java.util.Map<Long, Integer> first = new java.util.HashMap<>(); // by a scan in id order: the first wins
        for (int id = 0; id < n; id++) {
            first.putIfAbsent(sorted.get(id).address, id);
        }
        long kept = 0;
        long dangling = 0;
        long expectedWeak = 0; // the oracle's kept weak references
        for (int id = 0; id < n; id++) {
            Obj o = sorted.get(id);
            assertThat(g.address(id)).as(at).isEqualTo(o.address);
            assertThat(g.kind(id)).as(at).isEqualTo(o.kind);
            assertThat(g.classAddress(id)).as(at).isEqualTo(o.classAddress);
            assertThat(g.shallowSize(id)).as(at).isEqualTo(o.size);
            assertThat(g.position(id)).as(at + " position").isEqualTo(positioned[(int) ((long) o.reading * parts / n)] ? o.position : -1);
            assertThat(g.outStart(id)).as(at).isEqualTo(kept);
            for (int k = 0; k < o.refs.length; k++) {
                int target = first.getOrDefault(o.refs[k], -1);
                if (target < 0) {
                    dangling++;
                    continue;
                }
                assertThat(g.target(kept)).as(at + " object %d reference %d", id, k).isEqualTo(target);
                assertThat(g.isWeak(kept)).as(at + " weak %d %d", id, k).isEqualTo(o.weak[k]);
                expectedWeak += o.weak[k] ? 1 : 0;
                kept++;
            }
            assertThat(g.outEnd(id)).as(at).isEqualTo(kept);
        }
        assertThat(g.referenceCount()).as(at).isEqualTo(kept);
        assertThat(g.danglingReferences()).as(at).isEqualTo(dangling);
        long weakCount = 0;
        for (long i = g.nextWeakReference(0); i >= 0; i = g.nextWeakReference(i + 1)) {
            assertThat(i).as(at).isLessThan(kept);
            weakCount++;
        }
        assertThat(weakCount).as(at).isEqualTo(expectedWeak);
        int root = 0;
        long danglingRoots = 0;
        for (long address : rootAddresses) {
            Integer target = first.get(address);
            if (target == null) {
                danglingRoots++;
                continue;
            }
            assertThat(g.rootTarget(root)).as(at + " root %d", root).isEqualTo((long) target);
            root++;
        }
        assertThat(g.rootCount()).as(at + " roots").isEqualTo(root);
        assertThat(g.danglingRoots()).as(at + " dangling roots").isEqualTo(danglingRoots);
    }

    /** Reading-order addresses of {@code mode}: page runs (dense, shuffled pages), sparse, duplicated, random. */
    private static long[] addresses(Random rnd, int mode, int n) {
        long[] a = new long[n];
        switch (mode) {
            case 0, 1 -> { // pages of 40-byte slots, some free, pages listed out of order; mode 1 pages cross 4 KB blocks
                int perPage = mode == 0 ? 1 + rnd.nextInt(400) : 1 + rnd.nextInt(40);
                long pageBytes = mode == 0 ? 16384 : 5000;
                List<long[]> pages = new ArrayList<>();
                int made = 0;
                for (long page = 0; made < n; page++) {
                    if (rnd.nextInt(5) == 0) {
                        continue; // a page with no object in the dump
                    }
                    List<Long> slots = new ArrayList<>();
                    for (int s = 0; s < perPage && made < n; s++) {
                        if (rnd.nextInt(3) > 0) {
                            slots.add(0x7f00_0000_0000L + page * pageBytes + 8 + 40L * s);
                            made++;
                        }
                    }
                    pages.add(slots.stream().mapToLong(Long::longValue).toArray());
                }
                java.util.Collections.shuffle(pages, rnd);
                int i = 0;
                for (long[] page : pages) {
                    for (long x : page) {
                        a[i++] = x;
                    }
                }
            }
            case 2 -> { // sparse: far apart regions, the packed or wide table
                for (int i = 0; i < n; i++) {
                    a[i] = (rnd.nextBoolean() ? 0x1000L : 0x7fff_0000_0000L) + 8L * rnd.nextInt(1 << 24);
                }
            }
            case 3 -> { // dense with duplicates
                for (int i = 0; i < n; i++) {
                    a[i] = 0x5000L + 16L * rnd.nextInt(Math.max(1, n / 2));
                }
            }
            default -> { // anywhere, negative included
                for (int i = 0; i < n; i++) {
                    a[i] = rnd.nextLong() & ~7L;
                }
            }
        }
        return a;
    }

    @Test
    void runSortMatchesArraysSortWhereItApplies() {
        Random rnd = new Random(3);
        int applied = 0;
        for (int trial = 0; trial < 200; trial++) {
            long[] keys = addresses(rnd, trial % 5, 1 + rnd.nextInt(5000));
            long[] expected = keys.clone();
            Arrays.sort(expected);
            long[] original = keys.clone();
            int[] perm = AddressSort.sortRuns(keys);
            if (perm == null) {
                assertThat(keys).as("declined: untouched").isEqualTo(original);
                perm = AddressSort.sort(keys);
            } else {
                applied++;
            }
            assertThat(keys).as("trial %d", trial).isEqualTo(expected);
            for (int i = 0; i < keys.length; i++) {
                assertThat(original[perm[i]]).isEqualTo(keys[i]);
                if (i > 0 && keys[i] == keys[i - 1]) {
                    assertThat(perm[i]).as("stable").isGreaterThan(perm[i - 1]);
                }
            }
        }
        assertThat(applied).as("page runs are sorted as runs").isGreaterThanOrEqualTo(30);
    }

    @Test
    void denseTableFindsEveryAddressAndNothingElse() {
        Random rnd = new Random(5);
        int built = 0;
        for (int trial = 0; trial < 100; trial++) {
            long[] a = addresses(rnd, trial % 5, 1 + rnd.nextInt(5000));
            if (trial % 7 == 0) { // across zero and at the ends of the long range
                long base = trial % 2 == 0 ? -8L * a.length / 2 : Long.MAX_VALUE - 8L * a.length;
                for (int i = 0; i < a.length; i++) {
                    a[i] = base + 8L * i;
                }
            }
            Arrays.sort(a);
            DenseAddressTable dense = DenseAddressTable.of(a);
            boolean repeats = false;
            for (int i = 1; i < a.length; i++) {
                repeats |= a[i] == a[i - 1];
            }
            if (repeats) {
                assertThat(dense).as("trial %d: repeated addresses are declined", trial).isNull();
                continue;
            }
            if (dense == null) {
                continue; // too sparse
            }
            built++;
            for (int i = 0; i < a.length; i++) {
                assertThat(dense.find(a[i])).isEqualTo(i);
            }
            long[] probes = new long[3000];
            for (int k = 0; k < probes.length; k++) {
                probes[k] = switch (k % 3) {
                    case 0 -> a[rnd.nextInt(a.length)] + rnd.nextInt(17) - 8;
                    case 1 -> rnd.nextLong();
                    default -> a[rnd.nextInt(a.length)];
                };
            }
            int count = rnd.nextInt(probes.length);
            long[] found = new long[probes.length];
            dense.findAll(probes, count, found);
            for (int k = 0; k < probes.length; k++) {
                int expected = Math.max(-1, Arrays.binarySearch(a, probes[k]));
                assertThat(dense.find(probes[k])).as("trial %d probe %d", trial, probes[k]).isEqualTo(expected);
                if (k < count) {
                    assertThat(found[k]).as("trial %d findAll %d", trial, k).isEqualTo(expected);
                }
            }
        }
        assertThat(built).isGreaterThanOrEqualTo(25);
        assertThat(DenseAddressTable.of(new long[0])).isNull();
        assertThat(DenseAddressTable.of(new long[] {0, 8, 8 * 4 * DenseAddressTable.MAX_UNITS_PER_OBJECT})).isNull();
    }
}
