package dev.heaplens.graph;

import dev.heaplens.util.Parallel;

import java.util.Arrays;
import java.util.List;

/**
 * The per-object columns of every part, concatenated in reading order and then put in address
 * order: the first step of {@link HeapGraphBuilder#build()}. The other columns are concatenated
 * on a second thread while the addresses are sorted, then reordered on two.
 */
final class ObjectColumns {
    final long[] address;
    final byte[] kind;
    final long[] classAddress;
    final long[] shallowSize;
    /** Null when no part set a position. */
    final long[] position;
    /** Graph id -> reading index; null when the parts were already in address order. */
    final int[] readingIndex;
    /** Reference offsets by reading index ({@code n + 1} entries). */
    final long[] readingOffsets;
    /** Objects whose address equals the previous one's. */
    final int duplicates;

    /** The other columns in reading order. */
    private record Concatenated(byte[] kinds, long[] classes, long[] sizes, long[] positions) {
    }

    /** Reads and releases the object columns of {@code parts} (their references stay). */
    ObjectColumns(List<HeapGraphPart> parts, int n) {
        address = new long[n];
        readingOffsets = new long[n + 1];
        int at = 0;
        long refAt = 0;
        for (HeapGraphPart p : parts) {
            p.addresses.copyTo(address, at);
            for (long i = 0; i < p.objects; i++) {
                refAt += p.degrees.get(i);
                readingOffsets[at + (int) i + 1] = refAt;
            }
            at += (int) p.objects;
        }
        int[][] sorted = new int[1][];
        Concatenated[] others = new Concatenated[1];
        Parallel.runUnchecked("heaplens-columns", 2, k -> {
            if (k == 0) {
                sorted[0] = isAscending(address) ? null : sort(address);
            } else {
                others[0] = concatenate(parts, n);
            }
        });
        readingIndex = sorted[0];
        duplicates = countDuplicates(address);
        Concatenated c = others[0];
        // The reorderings are random reads: two threads, two columns each.
        Object[] reordered = new Object[4];
        int[] perm = readingIndex;
        Parallel.runUnchecked("heaplens-columns", 2, k -> {
            if (k == 0) {
                reordered[0] = Permutation.apply(c.kinds(), perm);
                reordered[1] = Permutation.apply(c.classes(), perm);
            } else {
                reordered[2] = Permutation.apply(c.sizes(), perm);
                reordered[3] = c.positions() == null ? null : Permutation.apply(c.positions(), perm);
            }
        });
        kind = (byte[]) reordered[0];
        classAddress = (long[]) reordered[1];
        shallowSize = (long[]) reordered[2];
        position = (long[]) reordered[3];
    }

    private static Concatenated concatenate(List<HeapGraphPart> parts, int n) {
        boolean anyPositions = false;
        for (HeapGraphPart p : parts) {
            anyPositions |= p.positions != null;
        }
        byte[] kinds = new byte[n];
        long[] classes = new long[n];
        long[] sizes = new long[n];
        long[] positions = anyPositions ? new long[n] : null;
        int at = 0;
        for (HeapGraphPart p : parts) {
            int count = (int) p.objects;
            p.kinds.copyTo(kinds, at);
            p.classAddresses.copyTo(classes, at);
            p.shallowSizes.copyTo(sizes, at);
            if (positions != null) {
                if (p.positions == null) {
                    Arrays.fill(positions, at, at + count, -1);
                } else {
                    p.positions.copyTo(positions, at);
                }
            }
            p.releaseObjects();
            at += count;
        }
        return new Concatenated(kinds, classes, sizes, positions);
    }

    /** A merge when the addresses are mostly in order already (an HPROF dump's), else a full sort. */
    private static int[] sort(long[] address) {
        int[] merged = RunMergeSort.sort(address);
        return merged != null ? merged : AddressSort.sort(address);
    }

    private static boolean isAscending(long[] a) {
        for (int i = 1; i < a.length; i++) {
            if (a[i - 1] > a[i]) {
                return false;
            }
        }
        return true;
    }

    private static int countDuplicates(long[] sorted) {
        int duplicates = 0;
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i - 1] == sorted[i]) {
                duplicates++;
            }
        }
        return duplicates;
    }
}
