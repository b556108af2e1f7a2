package dev.heaplens.graph;

import dev.heaplens.util.Parallel;

import java.util.List;

/**
 * Every part's references resolved to object ids and laid out as CSR in graph order: references to
 * addresses not in the dump are dropped (and counted), weak ones stay marked.
 */
final class ReferenceColumns {
    final long[] offsets;
    final IntPages targets;
    /** Bits over reference indices for the weak references; null when there are none. */
    final long[] weak;
    final long dangling;

    /** Every part's references in reading order, resolved to object ids (-1 when dangling). */
    record Resolved(IntPages targets, long[] weak, long dangling) {
    }

    /** Resolves and releases the references (and roots) of {@code parts}, one thread per part. */
    static Resolved resolve(List<HeapGraphPart> parts, AddressLookup lookup, int pageShift) {
        long refTotal = 0;
        for (HeapGraphPart p : parts) {
            refTotal += p.references.size();
        }
        long[] weak = weakReferenceBits(parts, refTotal);
        IntPages resolved = new IntPages(refTotal, pageShift);
        long dangling = resolveInParallel(parts, lookup, resolved);
        parts.forEach(HeapGraphPart::releaseReferences);
        return new Resolved(resolved, weak, dangling);
    }

    /**
     * Lays {@code resolved} out in graph order without its dangling references; {@code readingOffsets}
     * and {@code readingIndex} come from {@link ObjectColumns}.
     */
    ReferenceColumns(Resolved resolvedReferences, long[] readingOffsets, int[] readingIndex, int pageShift) {
        IntPages resolved = resolvedReferences.targets();
        long[] weakBefore = resolvedReferences.weak();
        dangling = resolvedReferences.dangling();
        if (readingIndex == null && dangling == 0) {
            offsets = readingOffsets;
            targets = resolved;
            weak = weakBefore;
            return;
        }
        int n = readingOffsets.length - 1;
        offsets = new long[n + 1];
        for (int o = 0; o < n; o++) {
            int old = readingIndex == null ? o : readingIndex[o];
            long kept = readingOffsets[old + 1] - readingOffsets[old];
            if (dangling != 0) { // else every reference is kept: no need to read them
                kept = 0;
                for (long i = readingOffsets[old], end = readingOffsets[old + 1]; i < end; i++) {
                    kept += (resolved.get(i) >>> 31) ^ 1;
                }
            }
            offsets[o + 1] = offsets[o] + kept;
        }
        targets = new IntPages(offsets[n], pageShift);
        weak = weakBefore == null ? null : new long[bitWords(offsets[n])];
        long w = 0;
        for (int o = 0; o < n; o++) {
            int old = readingIndex == null ? o : readingIndex[o];
            for (long i = readingOffsets[old], end = readingOffsets[old + 1]; i < end; i++) {
                int t = resolved.get(i);
                if (t >= 0) {
                    if (weak != null && isSet(weakBefore, i)) {
                        weak[(int) (w >>> 6)] |= 1L << w;
                    }
                    targets.set(w++, t);
                }
            }
        }
    }

    /** The weak references of every part as bits over reading-order indices, or null when there are none. */
    private static long[] weakReferenceBits(List<HeapGraphPart> parts, long refTotal) {
        long[] bits = null;
        long base = 0;
        for (HeapGraphPart p : parts) {
            for (long k = 0, count = p.weakReferences.size(); k < count; k++) {
                if (bits == null) {
                    bits = new long[bitWords(refTotal)];
                }
                long i = base + p.weakReferences.get(k);
                bits[(int) (i >>> 6)] |= 1L << i;
            }
            base += p.references.size();
        }
        return bits;
    }

    private static int bitWords(long bits) {
        return (int) ((bits + 63) >>> 6);
    }

    private static boolean isSet(long[] bits, long i) {
        return (bits[(int) (i >>> 6)] & (1L << i)) != 0;
    }

    /**
     * Resolves every part's references on its own thread (parts write disjoint ranges of
     * {@code resolved}); returns how many point at no object of the dump.
     */
    private static long resolveInParallel(List<HeapGraphPart> parts, AddressLookup lookup, IntPages resolved) {
        long[] from = new long[parts.size()];
        for (int k = 1; k < parts.size(); k++) {
            from[k] = from[k - 1] + parts.get(k - 1).references.size();
        }
        long[] dangling = new long[parts.size()];
        Parallel.runUnchecked("heaplens-resolve", parts.size(),
                k -> dangling[k] = resolve(parts.get(k).references, lookup, resolved, from[k]));
        long total = 0;
        for (long d : dangling) {
            total += d;
        }
        return total;
    }

    /** Writes the object of each address in {@code refs} to {@code out} from {@code at}; returns how many are absent. */
    private static long resolve(GrowableLongs refs, AddressLookup lookup, IntPages out, long at) {
        long dangling = 0;
        int[] found = new int[GrowableLongs.CHUNK];
        for (long done = 0, size = refs.size(); done < size; done += GrowableLongs.CHUNK) {
            int count = (int) Math.min(GrowableLongs.CHUNK, size - done);
            lookup.findAll(refs.chunk((int) (done >>> GrowableLongs.CHUNK_SHIFT)), count, found);
            for (int k = 0; k < count; k++) {
                int target = found[k];
                dangling += target >>> 31;
                out.set(at + done + k, target);
            }
        }
        return dangling;
    }
}
