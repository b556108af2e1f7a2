/**
 * The agent itself: its entry ({@link dev.heaplens.memprof.agent.MemProfAgent}, premain and agentmain),
 * its settings ({@link dev.heaplens.memprof.agent.MemProfConfig}), and the
 * {@link dev.heaplens.memprof.agent.Tracker} that owns the tables and picks the way of recording (the
 * JVM's samples, or hooks in rewritten bytecode). Uses sampling, the hooks and the tables; only the API
 * ({@link dev.heaplens.memprof.MemProf}) uses it.
 */
package dev.heaplens.memprof.agent;
