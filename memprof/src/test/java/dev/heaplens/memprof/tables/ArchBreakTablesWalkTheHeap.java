package dev.heaplens.memprof.tables;

/** A deliberate break of one rule of the agent's room, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakTablesWalkTheHeap {
    private ArchBreakTablesWalkTheHeap() {
    }

    static long breakTheRule(Object o) {
        return dev.heaplens.memprof.heap.ObjectWalker.reachableBytes(o, x -> 16);
    }
}
