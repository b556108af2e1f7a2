package dev.heaplens.graph;

import java.util.Arrays;
import java.util.List;

/**
 * The per-object columns of every part, concatenated in reading order and then put in address
 * order: the first step of {@link HeapGraphBuilder#build()}. The constructor sorts the addresses;
 * {@link #gatherOtherColumns} reorders the rest, which nothing needs to resolve references, so the
 * builder runs it on a second thread while it builds the address table.
 */
final class ObjectColumns {
    final long[] address;
    /** Set by {@link #gatherOtherColumns}. */
    byte[] kind;
    long[] classAddress;
    long[] shallowSize;
    /** Null when no part set a position. */
    long[] position;
    /** Graph id -> reading index; null when the parts were already in address order. */
    final int[] readingIndex;
    /** Reference offsets by reading index ({@code n + 1} entries). */
    final long[] readingOffsets;
    /** Objects whose address equals the previous one's. */
    final int duplicates;

    /** Reads the addresses and degrees of {@code parts} and sorts the addresses. */
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
        readingIndex = isAscending(address) ? null : AddressSort.sort(address);
        duplicates = countDuplicates(address);
    }

    /** Reads and releases the other object columns of {@code parts} (their references stay), in address order. */
    void gatherOtherColumns(List<HeapGraphPart> parts) {
        int n = address.length;
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
        kind = Permutation.apply(kinds, readingIndex);
        classAddress = Permutation.apply(classes, readingIndex);
        shallowSize = Permutation.apply(sizes, readingIndex);
        position = positions == null ? null : Permutation.apply(positions, readingIndex);
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
