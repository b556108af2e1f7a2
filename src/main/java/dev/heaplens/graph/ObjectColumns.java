package dev.heaplens.graph;

import dev.heaplens.util.Parallel;

import java.util.List;

/**
 * The per-object columns of every part, put in address order: the first step of
 * {@link HeapGraphBuilder#build()}. The addresses are concatenated and sorted; the other columns
 * are then read from the parts straight into address order ({@link GraphOrder}), two on each of
 * two threads.
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
    /** Puts other columns kept by part (a runtime's own) in the same order. */
    final GraphOrder graphOrder;

    /** Reads and releases the object columns of {@code parts} (their references stay). */
    ObjectColumns(List<HeapGraphPart> parts, int n) {
        address = new long[n];
        readingOffsets = new long[n + 1];
        long[] partObjects = new long[parts.size()];
        for (int k = 0; k < parts.size(); k++) {
            partObjects[k] = parts.get(k).objects;
        }
        // The addresses are copied and sorted on one thread while the other sums the reference offsets.
        int[][] sorted = new int[1][];
        Parallel.runUnchecked("heaplens-columns", 2, t -> {
            if (t == 0) {
                int at = 0;
                for (HeapGraphPart p : parts) {
                    p.addresses.copyTo(address, at);
                    p.addresses.clear(); // each column of the parts is freed once copied: the build's peak
                    at += (int) p.objects;
                }
                sorted[0] = isAscending(address) ? null : sort(address);
            } else {
                sumOffsets(parts);
            }
        });
        readingIndex = sorted[0];
        duplicates = countDuplicates(address);
        graphOrder = new GraphOrder(partObjects, readingIndex);
        boolean anyPositions = false;
        for (HeapGraphPart p : parts) {
            anyPositions |= p.positions != null;
        }
        boolean positions = anyPositions;
        // Two threads, two columns each, copied from the parts in runs of consecutive objects; the
        // parts' copy of a column is freed as soon as it is ordered, so at most two columns are held twice.
        Object[] ordered = new Object[4];
        Parallel.runUnchecked("heaplens-columns", 2, k -> {
            if (k == 0) {
                ordered[0] = graphOrder.bytes(parts.stream().map(p -> p.kinds).toList());
                parts.forEach(p -> p.kinds.clear());
                ordered[1] = graphOrder.longs(parts.stream().map(p -> p.classAddresses).toList(), 0);
                parts.forEach(p -> p.classAddresses.clear());
            } else {
                ordered[2] = graphOrder.longs(parts.stream().map(p -> p.shallowSizes).toList(), 0);
                parts.forEach(p -> p.shallowSizes.clear());
                ordered[3] = positions ? graphOrder.longs(parts.stream().map(p -> p.positions).toList(), -1) : null;
            }
        });
        parts.forEach(HeapGraphPart::releaseObjects);
        kind = (byte[]) ordered[0];
        classAddress = (long[]) ordered[1];
        shallowSize = (long[]) ordered[2];
        position = (long[]) ordered[3];
    }

    /** {@link #readingOffsets} from the parts' degrees, a chunk of them at a time. */
    private void sumOffsets(List<HeapGraphPart> parts) {
        int[] degrees = new int[GrowableInts.CHUNK];
        int at = 0;
        long refAt = 0;
        for (HeapGraphPart p : parts) {
            for (long i = 0; i < p.objects; i += GrowableInts.CHUNK) {
                int m = (int) Math.min(GrowableInts.CHUNK, p.objects - i);
                p.degrees.copyRange(i, degrees, 0, m);
                for (int j = 0; j < m; j++) {
                    refAt += degrees[j];
                    readingOffsets[at + (int) i + j + 1] = refAt;
                }
            }
            at += (int) p.objects;
            p.degrees.clear();
        }
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
