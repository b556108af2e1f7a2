package dev.heaplens.graph;

/**
 * A {@link HeapGraphPart}'s shallow sizes as ints: a size outside {@code [0, 2^31)} (an array or
 * string over 2 GiB, rare) is marked {@link LargeSizes#MARK} and kept exactly beside, by the
 * part-local index of its object.
 */
final class PartSizes {
    final GrowableInts sizes;
    /** Part-local indices of the large sizes, ascending, and the sizes. */
    final GrowableLongs largeAt = new GrowableLongs();
    final GrowableLongs largeSize = new GrowableLongs();

    PartSizes(Scratch scratch) {
        sizes = new GrowableInts(scratch);
    }

    void add(long size) {
        if (LargeSizes.fits(size)) {
            sizes.add((int) size);
        } else {
            largeAt.add(sizes.size());
            largeSize.add(size);
            sizes.add(LargeSizes.MARK);
        }
    }

    boolean hasLarge() {
        return largeAt.size() > 0;
    }

    /** The large size of the part's object {@code local}, which is marked. */
    long large(long local) {
        long lo = 0;
        long hi = largeAt.size() - 1;
        while (lo <= hi) {
            long mid = (lo + hi) >>> 1;
            long at = largeAt.get(mid);
            if (at < local) {
                lo = mid + 1;
            } else if (at > local) {
                hi = mid - 1;
            } else {
                return largeSize.get(mid);
            }
        }
        throw new IllegalStateException("no large size for object " + local);
    }

    void clear() {
        sizes.clear();
        largeAt.clear();
        largeSize.clear();
    }
}
