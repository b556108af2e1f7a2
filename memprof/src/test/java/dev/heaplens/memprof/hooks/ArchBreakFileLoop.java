package dev.heaplens.memprof.hooks;

/**
 * A deliberate break of one rule of the agent's room, read only by ArchitectureRulesBreakTest (never called):
 * this file and ArchBreakFileLoopBack need each other.
 */
final class ArchBreakFileLoop {
    private ArchBreakFileLoop() {
    }

    static Object breakTheRule() {
        return ArchBreakFileLoopBack.back();
    }
}
