package dev.heaplens.graph;

import dev.heaplens.util.Parallel;

import java.util.Arrays;
import java.util.List;

/**
 * Every part's references resolved to object ids and laid out as CSR in graph order: references to
 * addresses not in the dump are dropped (and counted), weak ones stay marked.
 *
 * <p>One pass does both: the references are gathered in graph order, a run of objects consecutive
 * in one part at a time (their references are consecutive there too: a Ruby heap page's worth is
 * one copy), resolved in batches and written straight to their final place, on one thread per
 * part, each taking a range of objects with about as many references. Dangling ones are then
 * squeezed out in place, when there are any.
 */
final class ReferenceColumns {
    /** In the heap; null out of core, where {@link #mappedOffsets} has them. */
    final ReferenceOffsets offsets;
    /** Out of core: the offsets in graph order written in a scratch file (8 B an object on disk, none in the heap); else null. */
    final MappedLongs mappedOffsets;
    /** In the heap; null out of core, where {@link #mappedTargets} has them. */
    final IntPages targets;
    /**
     * Out of core: the targets written in place in a scratch file (past the kept ones, unused values),
     * as wide as the graph's object count needs ({@link MappedIds#wide}); else null.
     */
    final MappedIds mappedTargets;
    /** Bits over reference indices for the weak references; null when there are none. */
    final long[] weak;
    final long dangling;

    /**
     * Resolves and releases the references (and roots) of {@code parts}; the reading offsets, reading
     * index and graph order come from {@code objects}; a mapped {@code scratch} takes the targets and
     * the offsets in graph order (out of core).
     */
    ReferenceColumns(List<HeapGraphPart> parts, AddressLookup lookup, ObjectColumns objects, int pageShift, Scratch scratch) {
        ReferenceOffsets heapReading = objects.readingOffsets;
        MappedLongs mappedReading = objects.mappedReadingOffsets;
        long n = heapReading != null ? heapReading.length() - 1 : mappedReading.length() - 1;
        ReferenceOffsets.Values reading = heapReading != null ? i -> heapReading.get((int) i) : mappedReading::get;
        ReadingIndex readingIndex = objects.readingIndex;
        long refTotal = reading.get(n);
        long[] weakBefore = weakReferenceBits(parts, refTotal);
        // graph order, dangling references included: in the heap, or in scratch out of core
        ReferenceOffsets heapAll = heapReading;
        MappedLongs mappedAll = mappedReading;
        if (readingIndex != null) {
            long[] sum = new long[1];
            ReferenceOffsets.Values inGraphOrder = o -> {
                if (o == 0) {
                    return 0;
                }
                long old = readingIndex.get(o - 1);
                return sum[0] += reading.get(old + 1) - reading.get(old);
            };
            if (mappedAll == null) {
                heapAll = ReferenceOffsets.of((int) n + 1, inGraphOrder);
            } else {
                mappedAll = scratch.longs(n + 1);
                for (long o = 0; o <= n; o++) {
                    mappedAll.set(o, inGraphOrder.get(o));
                }
            }
        }
        ReferenceOffsets.Values all = heapAll != null ? values(heapAll) : mappedAll::get;
        IntPages resolved = scratch.isMapped() ? null : new IntPages(refTotal, pageShift);
        mappedTargets = scratch.isMapped() ? scratch.ids(refTotal, MappedIds.wide(n)) : null;
        long[] weakBits = weakBefore == null ? null : new long[bitWords(refTotal)];
        long dropped = resolveInParallel(new Source(parts, reading, objects.graphOrder, weakBefore), lookup, all, n,
                resolved, mappedTargets, weakBits);
        parts.forEach(HeapGraphPart::releaseReferences);
        if (mappedReading != null && mappedAll != mappedReading) {
            scratch.release(mappedReading); // the reading offsets, out of core: graph order's are made
        }
        if (dropped == 0) {
            targets = resolved;
            weak = weakBits;
        } else {
            long kept;
            if (mappedAll == null) {
                heapAll = squeeze(heapAll, resolved, weakBits);
                kept = heapAll.get((int) n);
                targets = resolved.truncated(kept);
            } else {
                kept = squeezeInPlace(mappedAll, n, mappedTargets, weakBits);
                targets = null;
                scratch.shrink(mappedTargets, kept * mappedTargets.idBytes()); // the dropped ones' disk back
            }
            weak = weakBits == null ? null : Arrays.copyOf(weakBits, bitWords(kept));
            if (weak != null && (kept & 63) != 0) {
                weak[weak.length - 1] &= (1L << kept) - 1; // bits squeezed past the end
            }
        }
        offsets = heapAll;
        mappedOffsets = mappedAll;
        dangling = dropped;
    }

    private static ReferenceOffsets.Values values(ReferenceOffsets offsets) {
        return i -> offsets.get((int) i);
    }

    /** Where each object's references are read from: its part's column, by reading order. */
    private static final class Source {
        final GrowableLongs[] references;
        /** Reading index of each part's first object. */
        final long[] firstObject;
        /** Global reading-order index of each part's first reference. */
        final long[] firstReference;
        final ReferenceOffsets.Values readingOffsets;
        final GraphOrder order;
        final long[] weakBefore;

        Source(List<HeapGraphPart> parts, ReferenceOffsets.Values readingOffsets, GraphOrder order, long[] weakBefore) {
            int k = parts.size();
            references = new GrowableLongs[k];
            firstObject = new long[k + 1];
            firstReference = new long[k + 1];
            for (int p = 0; p < k; p++) {
                references[p] = parts.get(p).references;
                firstObject[p + 1] = firstObject[p] + parts.get(p).objects;
                firstReference[p + 1] = firstReference[p] + parts.get(p).references.size();
            }
            this.readingOffsets = readingOffsets;
            this.order = order;
            this.weakBefore = weakBefore;
        }
    }

    /**
     * Resolves the references of objects split in ranges of about equal reference counts, one
     * range a thread, into {@code out} (or, out of core, {@code mappedOut}) at {@code all}'s offsets
     * (-1 when dangling), marking {@code weak}; returns how many point at no object of the dump.
     */
    private static long resolveInParallel(Source source, AddressLookup lookup, ReferenceOffsets.Values all, long n, IntCells out,
                                          MappedIds mappedOut, long[] weak) {
        int threads = Math.max(1, source.references.length);
        long[] from = new long[threads + 1];
        from[threads] = n;
        for (int t = 1; t < threads; t++) {
            from[t] = Math.max(from[t - 1], firstAtLeast(all, n, all.get(n) / threads * t));
        }
        long[] dangling = new long[threads];
        long[] firstWeakWord = new long[threads]; // a range's bits in the word it shares with the range before
        Parallel.runUnchecked("heaplens-resolve", threads, t -> {
            Range range = new Range(source, lookup, out, mappedOut, weak, all.get(from[t]));
            range.resolve(from[t], from[t + 1]);
            dangling[t] = range.dangling;
            firstWeakWord[t] = range.sharedWord;
        });
        long total = 0;
        for (int t = 0; t < threads; t++) {
            total += dangling[t];
            if (weak != null && firstWeakWord[t] != 0) {
                weak[(int) (all.get(from[t]) >>> 6)] |= firstWeakWord[t];
            }
        }
        return total;
    }

    /** The first index whose offset is at least {@code wanted} (the last one, n, when none is). */
    private static long firstAtLeast(ReferenceOffsets.Values offsets, long n, long wanted) {
        long lo = 0;
        long hi = n;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (offsets.get(mid) < wanted) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** One thread's range of objects: gathers their references' addresses in batches and resolves each batch. */
    private static final class Range {
        private final Source source;
        private final AddressLookup lookup;
        private final IntCells out; // in the heap; else null
        private final MappedIds mappedOut; // out of core; else null
        private final long[] weak;
        /** Where the range's references start: bits in the word below the next multiple of 64 go to {@link #sharedWord}. */
        private final long firstPosition;
        private final long[] addresses = new long[GrowableLongs.CHUNK];
        private final long[] readingPositions; // of each gathered reference, when there are weak ones
        private int gathered;
        private long written;
        long dangling;
        long sharedWord;

        Range(Source source, AddressLookup lookup, IntCells out, MappedIds mappedOut, long[] weak, long firstPosition) {
            this.source = source;
            this.lookup = lookup;
            this.out = out;
            this.mappedOut = mappedOut;
            this.weak = weak;
            this.firstPosition = firstPosition;
            this.written = firstPosition;
            this.readingPositions = weak == null ? null : new long[GrowableLongs.CHUNK];
        }

        void resolve(long fromObject, long toObject) {
            source.order.forEachRun(fromObject, toObject, this::gather);
            flush();
        }

        /** Gathers the addresses of a run's references (consecutive in its part), flushing as the batch fills. */
        private void gather(long graphId, int part, long local, int length) {
            long old = source.firstObject[part] + local;
            long start = source.readingOffsets.get(old);
            long end = source.readingOffsets.get(old + length);
            GrowableLongs refs = source.references[part];
            long at = start - source.firstReference[part];
            while (start < end) {
                if (gathered == addresses.length) {
                    flush();
                }
                int m = (int) Math.min(end - start, addresses.length - gathered);
                refs.copyRange(at, addresses, gathered, m);
                if (readingPositions != null) {
                    for (int j = 0; j < m; j++) {
                        readingPositions[gathered + j] = start + j;
                    }
                }
                gathered += m;
                start += m;
                at += m;
            }
        }

        private void flush() {
            int count = gathered;
            long[] found = addresses; // each address's object written over it
            lookup.findAll(addresses, count, found);
            long at = written;
            if (mappedOut == null) {
                for (int k = 0; k < count; k++) {
                    long target = found[k];
                    dangling += target >>> 63;
                    out.set(at + k, (int) target);
                }
            } else { // the same loop over the mapped ids: the heap's call sees one type of column
                for (int k = 0; k < count; k++) {
                    long target = found[k];
                    dangling += target >>> 63;
                    mappedOut.set(at + k, target);
                }
            }
            if (weak != null) {
                for (int k = 0; k < count; k++) {
                    if (isSet(source.weakBefore, readingPositions[k])) {
                        long p = at + k;
                        if (p >>> 6 == firstPosition >>> 6 && (firstPosition & 63) != 0) {
                            sharedWord |= 1L << p; // the range before writes this word too
                        } else {
                            weak[(int) (p >>> 6)] |= 1L << p;
                        }
                    }
                }
            }
            written = at + count;
            gathered = 0;
        }
    }

    /**
     * Drops the dangling (-1) references in place: the offsets (made anew, the old ones read once in
     * order) and {@code weak} bits follow; the last offset is how many references are kept.
     */
    private static ReferenceOffsets squeeze(ReferenceOffsets offsets, IntCells targets, long[] weak) {
        int n = offsets.length() - 1;
        long[] kept = new long[1];
        return ReferenceOffsets.of(n + 1, o -> {
            long w = kept[0];
            if (o == n) {
                return w;
            }
            kept[0] = keep(offsets.get((int) o), offsets.get((int) o + 1), w, targets, weak);
            return w;
        });
    }

    /**
     * {@link #squeeze} over offsets in a scratch file, rewritten in place: offset {@code o} is written
     * once offsets {@code o} and {@code o + 1} are read, so no old one is overwritten before it is read.
     * Returns how many references are kept.
     */
    private static long squeezeInPlace(MappedLongs offsets, long n, MappedIds targets, long[] weak) {
        long w = 0;
        long from = offsets.get(0);
        for (long o = 0; o < n; o++) {
            long to = offsets.get(o + 1);
            offsets.set(o, w);
            w = keep(from, to, w, targets, weak);
            from = to;
        }
        offsets.set(n, w);
        return w;
    }

    /** Moves the kept targets of references {@code [from, to)} down to {@code w}, their weak bits too; returns the next {@code w}. */
    private static long keep(long from, long to, long w, IntCells targets, long[] weak) {
        for (long i = from; i < to; i++) {
            int t = targets.get(i);
            if (t >= 0) {
                if (weak != null) {
                    moveBit(weak, i, w);
                }
                targets.set(w++, t);
            }
        }
        return w;
    }

    /** {@link #keep} over mapped ids (out of core), as wide as they are stored. */
    private static long keep(long from, long to, long w, MappedIds targets, long[] weak) {
        for (long i = from; i < to; i++) {
            long t = targets.get(i);
            if (t >= 0) {
                if (weak != null) {
                    moveBit(weak, i, w);
                }
                targets.set(w++, t);
            }
        }
        return w;
    }

    /** Bit {@code from} of {@code bits} written at {@code to}; bit {@code from} is read before any write reaches it ({@code to <= from}). */
    private static void moveBit(long[] bits, long from, long to) {
        int word = (int) (to >>> 6);
        bits[word] = isSet(bits, from) ? bits[word] | 1L << to : bits[word] & ~(1L << to);
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
}
