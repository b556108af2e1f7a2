package dev.heaplens.graph;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Timings for the graph builder, address lookups and dominators on 5M objects / 12M references. Not a
 * test: run with {@code ./mvnw -o verify -Dtest=GraphBenchmarkTest -Dheaplens.bench=true}.
 */
@EnabledIfSystemProperty(named = "heaplens.bench", matches = "true")
class GraphBenchmarkTest {
    static final int N = 5_000_000;
    static final int E = 12_000_000;

    enum Shape {
        /** Every reference to a uniformly random object: no locality at all, the worst case. */
        UNIFORM,
        /** A spanning tree (most parents close by) plus uniformly random extra references. */
        TREE_PLUS_RANDOM,
        /**
         * Closer to a real heap: 5,000 class objects referenced by everything (skewed), each object
         * held by one container (mostly allocated just before it), plus a few local and random extras.
         */
        HEAP
    }

    /** Ruby-like addresses: 40-byte slots in 64 KiB pages, pages scattered with gaps. */
    static long[] addresses(Random rnd) {
        long[] a = new long[N];
        long page = 0x7f3a_0000_0000L;
        int slot = 0;
        for (int i = 0; i < N; i++) {
            if (slot == 1638) {
                page += 65536L * (1 + rnd.nextInt(rnd.nextInt(50) == 0 ? 4000 : 3));
                slot = 0;
            }
            a[i] = page + 40L * slot++;
        }
        return a;
    }

    static HeapGraph build(Shape shape, long seed, boolean report) {
        Random rnd = new Random(seed);
        long[] address = addresses(rnd);
        int[] src = new int[E];
        int[] dst = new int[E];
        int e = 0;
        int classes = 5000;
        if (shape != Shape.UNIFORM) {
            for (int i = 1; i < N; i++) {
                int parent;
                if (shape == Shape.HEAP) {
                    parent = i <= classes || rnd.nextInt(10) == 0 ? rnd.nextInt(Math.min(i, classes + 1))
                            : Math.max(classes, i - 1 - (int) Math.min(i - 1, (long) (-16 * Math.log(1 - rnd.nextDouble()))));
                } else {
                    parent = rnd.nextInt(4) == 0 ? rnd.nextInt(i) : Math.max(0, i - 1 - rnd.nextInt(8));
                }
                src[e] = parent;
                dst[e++] = i;
            }
        }
        if (shape == Shape.HEAP) {
            for (int i = classes; i < N && e < E; i++) {
                src[e] = i;
                double u = rnd.nextDouble();
                dst[e++] = (int) (classes * u * u * u); // skewed: a few classes are very popular
            }
        }
        while (e < E) {
            int s = rnd.nextInt(N);
            int t = shape == Shape.HEAP && rnd.nextBoolean()
                    ? Math.min(N - 1, Math.max(0, s + rnd.nextInt(129) - 64)) : rnd.nextInt(N);
            src[e] = s;
            dst[e++] = t;
        }
        int[] start = new int[N + 1];
        for (int k = 0; k < E; k++) {
            start[src[k] + 1]++;
        }
        for (int i = 0; i < N; i++) {
            start[i + 1] += start[i];
        }
        int[] out = new int[E];
        int[] next = Arrays.copyOf(start, N);
        for (int k = 0; k < E; k++) {
            out[next[src[k]]++] = dst[k];
        }
        src = null;
        dst = null;
        next = null;

        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart p = b.newPart();
        long t0 = System.nanoTime();
        for (int o = 0; o < N; o++) {
            p.addObject(address[o], (byte) 0, 0, 40 + (o & 63));
            for (int k = start[o]; k < start[o + 1]; k++) {
                p.addReference(address[out[k]]);
            }
        }
        for (int r = 0; r < 100; r++) {
            p.addRoot("r", address[r == 0 ? 0 : rnd.nextInt(shape == Shape.HEAP ? classes : N)]);
        }
        long t1 = System.nanoTime();
        HeapGraph g = b.build();
        long t2 = System.nanoTime();
        if (report) {
            System.out.printf("%s: feed %d ms, build %d ms (%d objects, %d references)%n", shape,
                    (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, g.objectCount(), g.referenceCount());
        }
        return g;
    }

    private static long used() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    @Test
    void dominators() {
        for (Shape shape : Shape.values()) {
            HeapGraph g = build(shape, 1, true);
            long before = used();
            Dominators keep = null;
            long[] times = new long[5];
            for (int run = 0; run < times.length; run++) {
                keep = null;
                long t0 = System.nanoTime();
                keep = Dominators.compute(g);
                times[run] = (System.nanoTime() - t0) / 1_000_000;
            }
            long after = used();
            System.out.printf("%s: dominators ms %s; reachable %d; kept %.1f bytes/object%n",
                    shape, Arrays.toString(times), keep.reachableCount(), (after - before) / (double) N);
            long t0 = System.nanoTime();
            g.inStart(0);
            System.out.printf("%s: inbound CSR %d ms%n", shape, (System.nanoTime() - t0) / 1_000_000);
            int[] members = new int[1000];
            Random rnd = new Random(3);
            for (int i = 0; i < members.length; i++) {
                members[i] = rnd.nextInt(N);
            }
            t0 = System.nanoTime();
            RetainedSet min = RetainedSet.minimum(keep, members);
            long t1 = System.nanoTime();
            RetainedSet precise = RetainedSet.precise(keep, members);
            long t2 = System.nanoTime();
            System.out.printf("%s: retained set of 1000: minimum %s %d ms, precise %s %d ms%n",
                    shape, min, (t1 - t0) / 1_000_000, precise, (t2 - t1) / 1_000_000);
        }
    }

    @Test
    void addressLookups() {
        Random rnd = new Random(5);
        long[] a = addresses(rnd);
        long[] probes = new long[E];
        for (int i = 0; i < E; i++) {
            probes[i] = a[rnd.nextInt(N)];
        }
        AddressIndex index = new AddressIndex(a);
        int[] table = new int[Integer.highestOneBit(N) * 4]; // load <= 0.6, values are object + 1
        int mask = table.length - 1;
        for (int o = 0; o < N; o++) {
            int s = hash(a[o]) & mask;
            while (table[s] != 0) {
                s = (s + 1) & mask;
            }
            table[s] = o + 1;
        }
        for (int round = 0; round < 3; round++) {
            long sum = 0;
            long t0 = System.nanoTime();
            for (long probe : probes) {
                sum += lowerBound(a, probe);
            }
            long t1 = System.nanoTime();
            for (long probe : probes) {
                sum += index.find(probe);
            }
            long t2 = System.nanoTime();
            for (long probe : probes) {
                int s = hash(probe) & mask;
                int o;
                while ((o = table[s]) != 0 && a[o - 1] != probe) {
                    s = (s + 1) & mask;
                }
                sum += o - 1;
            }
            long t3 = System.nanoTime();
            System.out.printf("12M lookups in 5M: binary search %d ms, bucketed %d ms, open addressing %d ms (%d)%n",
                    (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000, sum);
        }
    }

    private static int hash(long address) {
        long h = address * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32);
    }

    private static int lowerBound(long[] a, long key) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
