package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index over mapped sorted addresses against the heap's {@link AddressIndex} (the oracle: the
 * first of equal addresses, -1 where none), on seeded addresses of every shape (none, one, equal
 * ones, both signs, the widest range, far clusters), its buckets' starts narrow and wide, in
 * mappings small enough that columns cross many; and which lookup a build resolves through.
 */
class MappedAddressIndexTest {
    @TempDir
    Path dir;

    @AfterEach
    void narrowAgain() {
        MappedIds.forceWide = false;
    }

    @Test
    void findsWhatTheHeapsIndexFinds() {
        Random rnd = new Random(2834);
        for (int trial = 0; trial < 300; trial++) {
            MappedIds.forceWide = trial % 2 == 1;
            Scratch scratch = Scratch.mappedIn(dir.resolve("t" + trial), 6 + rnd.nextInt(7));
            long[] a = addresses(rnd, trial % 6, rnd.nextInt(5) == 0 ? rnd.nextInt(4) : 1 + rnd.nextInt(5000));
            MappedLongs sorted = scratch.longs(a.length);
            sorted.put(0, a, a.length);
            MappedAddressIndex mapped = new MappedAddressIndex(sorted, scratch);
            AddressIndex heap = new AddressIndex(a);
            String at = "trial " + trial;
            for (long address : a) {
                assertThat(mapped.find(address)).as(at).isEqualTo(heap.find(address));
            }
            long[] probes = new long[1000];
            for (int k = 0; k < probes.length; k++) {
                probes[k] = a.length > 0 && rnd.nextBoolean() ? a[rnd.nextInt(a.length)] + rnd.nextInt(17) - 8 : rnd.nextLong();
            }
            long[] found = probes.clone();
            mapped.findAll(found, found.length, found);
            for (int k = 0; k < probes.length; k++) {
                assertThat(found[k]).as("%s, probe %d", at, probes[k]).isEqualTo(heap.find(probes[k]));
            }
            mapped.release(scratch);
            assertThat(scratch.liveBytes()).as(at + ": the buckets given back, the addresses left").isEqualTo(8L * a.length);
        }
    }

    @Test
    void aBuildOutOfCorePastTheHeapsArraysResolvesThroughTheMappedIndex() {
        long[] sparse = {-5_000_000_000L, 16, 24, 1L << 40, Long.MAX_VALUE - 7}; // no compact table takes these
        Scratch scratch = Scratch.mappedIn(dir, 12);
        MappedLongs mapped = scratch.longs(sparse.length);
        mapped.put(0, sparse, sparse.length);
        assertThat(new BuildAddressLookup(sparse, null, 5, Long.MAX_VALUE, Scratch.heap()).lookup).isInstanceOf(AddressTable.class);
        assertThat(new BuildAddressLookup(sparse, null, 5, 0, Scratch.heap()).lookup).isInstanceOf(AddressIndex.class);
        assertThat(new BuildAddressLookup(null, mapped, 5, Long.MAX_VALUE, scratch).lookup).isInstanceOf(AddressTable.class);
        MappedIds.forceWide = true; // as past 2^31 objects
        BuildAddressLookup wide = new BuildAddressLookup(null, mapped, 5, Long.MAX_VALUE, scratch);
        assertThat(wide.lookup).isInstanceOf(MappedAddressIndex.class);
        assertThat(wide.index).as("none for the graph to keep").isNull();
        assertThat(new BuildAddressLookup(null, mapped, 5, 0, scratch).lookup).isInstanceOf(MappedAddressIndex.class);
        long[] dense = {8, 16, 24, 40};
        MappedLongs denseMapped = scratch.longs(dense.length);
        denseMapped.put(0, dense, dense.length);
        assertThat(new BuildAddressLookup(null, denseMapped, 4, Long.MAX_VALUE, scratch).lookup)
                .as("the dense table numbers past 2^31 itself").isInstanceOf(DenseAddressTable.class);
    }

    /** {@code n} addresses of {@code shape}, sorted. */
    private static long[] addresses(Random rnd, int shape, int n) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = switch (shape) {
                case 0 -> rnd.nextLong();
                case 1 -> (rnd.nextBoolean() ? 0x1000L : 0x7fff_0000_0000L) + 40L * rnd.nextInt(100_000); // two far regions
                case 2 -> rnd.nextBoolean() ? Long.MIN_VALUE + rnd.nextInt(3) : Long.MAX_VALUE - rnd.nextInt(3); // the widest range
                case 3 -> 0x5000L + 16L * rnd.nextInt(Math.max(1, n / 3)); // dense, many equal
                case 4 -> -8L * rnd.nextInt(1 << 20); // negative
                default -> 1 + rnd.nextInt(50); // few, repeated
            };
        }
        Arrays.sort(a);
        return a;
    }
}
