package dev.heaplens.memprof.tables;

/** A deliberate break of one rule of the agent's room, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakTablesCallTheAgent {
    private ArchBreakTablesCallTheAgent() {
    }

    static Object breakTheRule() {
        return dev.heaplens.memprof.agent.MemProfAgent.instrumentation();
    }
}
