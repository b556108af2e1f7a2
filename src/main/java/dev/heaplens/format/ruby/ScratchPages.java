package dev.heaplens.format.ruby;

import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;

/**
 * The pages of longs a read's lists grow by ({@link StringValueGroups}, {@link RubyWasteFacts}'s
 * candidates), from the read's scratch: in the heap's own, pages double up to 1 MiB; out of core,
 * up to 128 MiB, each in the heap while it has room, else mapped, so that the lists of a dump past
 * 2^31 objects take a few hundred files.
 */
final class ScratchPages {
    private static final int HEAP_SHIFT = 17;
    private static final int MAPPED_SHIFT = 24;

    private ScratchPages() {
    }

    /** The longs of a list's page {@code index} (from 0), the first of {@code 2^firstShift}. */
    static int length(Scratch scratch, int index, int firstShift) {
        int most = scratch.isMapped() ? MAPPED_SHIFT : HEAP_SHIFT;
        return 1 << Math.min(most, firstShift + Math.min(index, most));
    }

    /** A list's page {@code index}, all zeros. */
    static LongCells page(Scratch scratch, int index, int firstShift) {
        return scratch.longCellsWhereRoom(length(scratch, index, firstShift));
    }
}
