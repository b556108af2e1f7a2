package dev.heaplens.graph;

import dev.heaplens.util.LongIndex;
import dev.heaplens.util.Parallel;

import java.util.Arrays;
import java.util.List;

/**
 * The per-object columns of every part, put in address order: the first step of
 * {@link HeapGraphBuilder#build()}. The addresses are concatenated and sorted; the other columns
 * are then read from the parts straight into address order ({@link GraphOrder}), two on each of
 * two threads.
 */
final class ObjectColumns {
    /** Graph ids ordered at a time when a column goes straight to its mapped file. */
    static final int CHUNK = 1 << 16;
    /** Sorted; handed on by {@link #takeAddresses()}; null out of core, where {@link #mappedAddresses} has them. */
    private long[] address;
    /** Out of core: the sorted addresses in scratch ({@link ExternalAddressSort}); else null. */
    final MappedLongs mappedAddresses;
    // Out of core these four are null: handed to the mapped columns as soon as each is ordered.
    final byte[] kind;
    /** Each object's class as a number into {@link #classTable}. */
    final int[] classNumber;
    /** The distinct class addresses, ascending. */
    final long[] classTable;
    /** {@link LargeSizes#MARK} where the size is in {@link #largeSizes}. */
    final int[] shallowSize;
    final LargeSizes largeSizes;
    /** Null when no part set a position. */
    final Positions position;
    final boolean hasPositions;
    /** Graph id -> reading index (mapped out of core); null when the parts were already in address order. */
    final ReadingIndex readingIndex;
    /** Reference offsets by reading index ({@code n + 1} entries); null out of core, where {@link #mappedReadingOffsets} has them. */
    final ReferenceOffsets readingOffsets;
    /** Out of core: the reference offsets by reading index in a scratch file, 8 B an object on disk and none in the heap. */
    final MappedLongs mappedReadingOffsets;
    /** Objects whose address equals the previous one's. */
    final long duplicates;
    /** Puts other columns kept by part (a runtime's own) in the same order. */
    final GraphOrder graphOrder;

    /**
     * Reads and releases the object columns of {@code parts} (their references stay); with
     * {@code mapped} (out of core), each column but the addresses goes there once ordered, and only
     * two at a time (one a thread) are in the heap.
     */
    ObjectColumns(List<HeapGraphPart> parts, long n, BuiltColumns mapped) {
        long[] partObjects = new long[parts.size()];
        for (int k = 0; k < parts.size(); k++) {
            partObjects[k] = parts.get(k).objects;
        }
        // The addresses are copied and sorted on one thread while the other sums the reference offsets;
        // out of core they are sorted in runs, in scratch, and never held whole in the heap.
        int[][] sorted = new int[1][];
        Object[] offsets = new Object[1];
        ExternalAddressSort[] external = new ExternalAddressSort[1];
        Parallel.runUnchecked("heaplens-columns", 2, t -> {
            if (t == 0 && mapped != null) {
                external[0] = mapped.sortAddresses(partAddresses(parts), n);
            } else if (t == 0) {
                address = new long[(int) n];
                int at = 0;
                for (HeapGraphPart p : parts) {
                    p.addresses.copyTo(address, at);
                    p.addresses.clear(); // each column of the parts is freed once copied: the build's peak
                    at += (int) p.objects;
                }
                sorted[0] = isAscending(address) ? null : sort(address);
            } else {
                offsets[0] = mapped == null ? sumOffsets(parts, (int) n) : mapped.readingOffsets(parts, n);
            }
        });
        readingOffsets = offsets[0] instanceof ReferenceOffsets r ? r : null;
        mappedReadingOffsets = offsets[0] instanceof MappedLongs m ? m : null;
        if (mapped == null) {
            readingIndex = sorted[0] == null ? null : ReadingIndex.of(sorted[0]);
            duplicates = countDuplicates(address);
            mappedAddresses = null;
        } else {
            readingIndex = external[0].readingIndex == null ? null : ReadingIndex.of(external[0].readingIndex);
            duplicates = external[0].duplicates;
            mappedAddresses = external[0].sorted;
        }
        graphOrder = new GraphOrder(partObjects, readingIndex);
        boolean anyPositions = false;
        for (HeapGraphPart p : parts) {
            anyPositions |= p.positions != null;
        }
        boolean positions = anyPositions;
        hasPositions = positions;
        // Two threads, two columns each, copied from the parts in runs of consecutive objects; the
        // parts' copy of a column is freed as soon as it is ordered, so at most two columns are held twice.
        // Out of core each goes to its mapped column a chunk at a time: the threads add a few chunks, not a column.
        Object[] ordered = new Object[6];
        Parallel.runUnchecked("heaplens-columns", 2, k -> orderHalf(k, parts, n, positions, mapped, ordered));
        parts.forEach(HeapGraphPart::releaseObjects);
        kind = (byte[]) ordered[0];
        classNumber = (int[]) ordered[1];
        shallowSize = (int[]) ordered[2];
        position = (Positions) ordered[3];
        classTable = (long[]) ordered[4];
        largeSizes = (LargeSizes) ordered[5];
    }

    /** The parts' addresses in reading order, each part's freed once handed over. */
    private static ExternalAddressSort.Source partAddresses(List<HeapGraphPart> parts) {
        long[] state = new long[2]; // part, index in it
        return (to, count) -> {
            int at = 0;
            while (at < count) {
                HeapGraphPart p = parts.get((int) state[0]);
                int m = (int) Math.min(count - at, p.objects - state[1]);
                p.addresses.copyRange(state[1], to, at, m);
                at += m;
                state[1] += m;
                if (state[1] == p.objects) {
                    p.addresses.clear();
                    state[0]++;
                    state[1] = 0;
                }
            }
        };
    }

    /** The sorted addresses, no longer held here (so that the heap can let them go as soon as the build has); null out of core. */
    long[] takeAddresses() {
        long[] a = address;
        address = null;
        return a;
    }

    /** Half {@code k} of the columns in graph order into {@code ordered}: kinds and classes (0), or sizes and positions (1). */
    private void orderHalf(int k, List<HeapGraphPart> parts, long n, boolean positions, BuiltColumns mapped, Object[] ordered) {
        if (k == 0) {
            orderKinds(parts, n, mapped, ordered);
            long[] table = classTable(parts);
            ordered[4] = table;
            int[][] renumber = renumbering(parts, table);
            if (mapped == null) {
                int[] classNumbers = new int[(int) n];
                classNumbers(parts, renumber, 0, n, classNumbers, 0);
                ordered[1] = classNumbers;
            } else {
                MappedInts out = mapped.classNumbers(n);
                inChunks(n, (from, to, chunk) -> {
                    classNumbers(parts, renumber, from, to, chunk, from);
                }, out);
            }
            parts.forEach(p -> p.classes.clear());
        } else {
            orderSizes(parts, n, mapped, ordered);
            ordered[3] = positions ? positions(parts, n, mapped) : null;
        }
    }

    /**
     * The kinds in graph order into {@code ordered} (0), or out of core into their mapped column a
     * chunk at a time (no {@code byte[n]}: past 2^31 objects none would do); a method of its own for
     * the reason of {@link #orderSizes}.
     */
    private void orderKinds(List<HeapGraphPart> parts, long n, BuiltColumns mapped, Object[] ordered) {
        List<GrowableBytes> columns = parts.stream().map(p -> p.kinds).toList();
        if (mapped == null) {
            ordered[0] = graphOrder.bytes(columns);
        } else {
            MappedBytes out = mapped.kinds(n);
            byte[] chunk = new byte[(int) Math.min(n, CHUNK)];
            for (long from = 0; from < n; from += chunk.length) {
                long to = Math.min(n, from + chunk.length);
                graphOrder.bytes(columns, from, to, chunk);
                out.put(from, chunk, (int) (to - from));
            }
        }
        parts.forEach(p -> p.kinds.clear());
    }

    /**
     * The sizes in graph order into {@code ordered} (2 and 5). A method of its own so that, out of
     * core, the {@code int[n]} handed to the mapped column is no longer a live local while the
     * positions are ordered (it was: 4 B an object at the first read's peak).
     */
    private void orderSizes(List<HeapGraphPart> parts, long n, BuiltColumns mapped, Object[] ordered) {
        GrowableLongs largeAt = new GrowableLongs();
        GrowableLongs largeSize = new GrowableLongs();
        if (mapped == null) {
            int[] sizes = new int[(int) n];
            shallowSizes(parts, 0, n, sizes, 0, largeAt, largeSize);
            ordered[2] = sizes;
        } else {
            // a chunk at a time straight into the mapped column: no int[n] out of core
            inChunks(n, (from, to, chunk) -> {
                shallowSizes(parts, from, to, chunk, from, largeAt, largeSize);
            }, mapped.shallowSizes(n));
        }
        LargeSizes large = largeSizes(largeAt, largeSize);
        ordered[5] = large;
        parts.forEach(p -> p.shallowSizes.clear());
        if (mapped != null) {
            mapped.sumShallowSizes(large);
        }
    }

    /** Fills a chunk with graph ids {@code [from, to)}. */
    private interface ChunkFill {
        void fill(long from, long to, int[] chunk);
    }

    /** Writes a column of {@code n} ints to {@code out} a chunk of {@link #CHUNK} at a time. */
    private static void inChunks(long n, ChunkFill fill, MappedInts out) {
        int[] chunk = new int[(int) Math.min(n, CHUNK)];
        for (long from = 0; from < n; from += chunk.length) {
            long to = Math.min(n, from + chunk.length);
            fill.fill(from, to, chunk);
            out.put(from, chunk, (int) (to - from));
        }
    }

    /** Every part's classes in one ascending table. */
    private static long[] classTable(List<HeapGraphPart> parts) {
        LongIndex all = new LongIndex();
        for (HeapGraphPart p : parts) {
            for (long a : p.classes.table()) {
                all.add(a);
            }
        }
        long[] table = new long[all.size()];
        for (int i = 0; i < table.length; i++) {
            table[i] = all.key(i);
        }
        Arrays.sort(table);
        return table;
    }

    /** Each part's class numbers to numbers into {@code table}. */
    private static int[][] renumbering(List<HeapGraphPart> parts, long[] table) {
        int[][] renumber = new int[parts.size()][];
        for (int k = 0; k < renumber.length; k++) {
            long[] own = parts.get(k).classes.table();
            renumber[k] = new int[own.length];
            for (int i = 0; i < own.length; i++) {
                renumber[k][i] = Arrays.binarySearch(table, own[i]);
            }
        }
        return renumber;
    }

    /** The class numbers of graph ids {@code [from, to)}, renumbered, into {@code out} at {@code g - base}. */
    private void classNumbers(List<HeapGraphPart> parts, int[][] renumber, long from, long to, int[] out, long base) {
        graphOrder.forEachRun(from, to, (g, k, local, length) -> {
            int at = (int) (g - base);
            parts.get(k).classes.numbers.copyRange(local, out, at, length);
            int[] r = renumber[k];
            for (int i = at, end = i + length; i < end; i++) {
                out[i] = r[out[i]];
            }
        });
    }

    /**
     * The parts' record positions in graph order, a run of blocks at a time (never a whole {@code long[]});
     * out of core their offsets straight into a mapped column (null returned: {@code mapped} has them).
     */
    private Positions positions(List<HeapGraphPart> parts, long n, BuiltColumns mapped) {
        Positions.Builder out = mapped == null ? new Positions.Builder((int) n) : new Positions.Builder(n, mapped.positionOffsets(n));
        long[] run = new long[(int) Math.min(n, CHUNK)];
        for (long from = 0; from < n; from += run.length) {
            long first = from;
            long to = Math.min(n, from + run.length);
            graphOrder.forEachRun(from, to, (g, k, local, length) -> {
                GrowableLongs c = parts.get(k).positions;
                int at = (int) (g - first);
                if (c == null) {
                    Arrays.fill(run, at, at + length, -1);
                } else {
                    c.copyRange(local, run, at, length);
                }
            });
            out.add(from, run, (int) (to - from));
        }
        return mapped == null ? out.build() : mapped.positions(out);
    }

    /**
     * The shallow sizes of graph ids {@code [from, to)} into {@code out} at {@code g - base}; the
     * large ones added, by graph id, to {@code largeAt} and {@code largeSize}.
     */
    private void shallowSizes(List<HeapGraphPart> parts, long from, long to, int[] out, long base,
                              GrowableLongs largeAt, GrowableLongs largeSize) {
        graphOrder.forEachRun(from, to, (g, k, local, length) -> {
            PartSizes p = parts.get(k).shallowSizes;
            int at = (int) (g - base);
            p.sizes.copyRange(local, out, at, length);
            if (p.hasLarge()) {
                for (int i = 0; i < length; i++) {
                    if (out[at + i] == LargeSizes.MARK) {
                        largeAt.add(g + i);
                        largeSize.add(p.large(local + i));
                    }
                }
            }
        });
    }

    private static LargeSizes largeSizes(GrowableLongs largeAt, GrowableLongs largeSize) {
        if (largeAt.size() == 0) {
            return LargeSizes.NONE;
        }
        long[] objects = new long[(int) largeAt.size()];
        largeAt.copyRange(0, objects, 0, objects.length);
        long[] sizes = new long[objects.length];
        largeSize.copyRange(0, sizes, 0, sizes.length);
        return new LargeSizes(objects, sizes); // graph order is ascending: so are the ids
    }

    /** {@link #readingOffsets} from the parts' degrees, a chunk of them at a time, each part's freed once summed. */
    private static ReferenceOffsets sumOffsets(List<HeapGraphPart> parts, int n) {
        DegreeSums sums = new DegreeSums(parts);
        ReferenceOffsets offsets = ReferenceOffsets.of(n + 1, i -> sums.next());
        parts.forEach(p -> p.degrees.clear());
        return offsets;
    }

    /** The running sum of the parts' degrees, 0 first: what {@link ReferenceOffsets#of} asks for in order. */
    static final class DegreeSums {
        private final List<HeapGraphPart> parts;
        private final int[] chunk = new int[GrowableInts.CHUNK];
        private int part;
        private long inPart;
        private int at;
        private int length;
        private long sum;
        private boolean started;

        DegreeSums(List<HeapGraphPart> parts) {
            this.parts = parts;
        }

        long next() {
            if (!started) {
                started = true;
                return 0;
            }
            while (at == length) {
                HeapGraphPart p = parts.get(part);
                if (inPart == p.objects) {
                    p.degrees.clear();
                    part++;
                    inPart = 0;
                    continue;
                }
                length = (int) Math.min(GrowableInts.CHUNK, p.objects - inPart);
                p.degrees.copyRange(inPart, chunk, 0, length);
                inPart += length;
                at = 0;
            }
            sum += chunk[at++];
            return sum;
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

    private static long countDuplicates(long[] sorted) {
        long duplicates = 0;
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i - 1] == sorted[i]) {
                duplicates++;
            }
        }
        return duplicates;
    }
}
