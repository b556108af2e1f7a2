package dev.heaplens.format.memprof;

import java.util.List;

/**
 * Live allocations made at one call stack, as heaplens-memprof's {@code logAllocations} writes
 * them: how many objects, their total bytes, and the stack's frames, innermost first. In a diff
 * the count and bytes are changes and may be negative.
 */
public record AllocationGroup(long count, long bytes, List<String> frames) {
    public AllocationGroup {
        frames = List.copyOf(frames);
    }

    /** The stack as one key: frames joined by tabs, as the log writes them. */
    public String stackKey() {
        return String.join("\t", frames);
    }
}
