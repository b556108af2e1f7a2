package dev.heaplens.analysis.memprof;

import dev.heaplens.format.memprof.AllocationGroup;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What changed between two allocation logs of one program: per call stack, the change in live
 * objects and bytes (after minus before); stacks that did not change are left out.
 */
public final class AllocationDiff {
    private AllocationDiff() {
    }

    public static List<AllocationGroup> compute(List<AllocationGroup> before, List<AllocationGroup> after) {
        Map<String, long[]> change = new LinkedHashMap<>();
        Map<String, List<String>> frames = new LinkedHashMap<>();
        for (AllocationGroup g : before) {
            long[] c = change.computeIfAbsent(g.stackKey(), k -> new long[2]);
            c[0] -= g.count();
            c[1] -= g.bytes();
            frames.putIfAbsent(g.stackKey(), g.frames());
        }
        for (AllocationGroup g : after) {
            long[] c = change.computeIfAbsent(g.stackKey(), k -> new long[2]);
            c[0] += g.count();
            c[1] += g.bytes();
            frames.putIfAbsent(g.stackKey(), g.frames());
        }
        List<AllocationGroup> out = new ArrayList<>();
        change.forEach((key, c) -> {
            if (c[0] != 0 || c[1] != 0) {
                out.add(new AllocationGroup(c[0], c[1], frames.get(key)));
            }
        });
        return out;
    }
}
