/**
 * The entry point to heaplens' heap analyses: {@link dev.heaplens.runtime.HeapRuntime#of} picks the
 * Ruby or the JVM implementation once from a dump's detected format, and every command and the web
 * UI ask it for histograms, heap graphs, summaries, leak identities and duplicate strings. Warnings
 * and progress come back through one {@link dev.heaplens.runtime.ReadListener}. Every runtime loads its
 * heap graph through {@link dev.heaplens.runtime.GraphLoad} (index, fit check, progress, read, index
 * write), given its {@link dev.heaplens.runtime.GraphFormat}: its reader, index section and namer. GC data does not go
 * through {@code HeapRuntime}: {@link dev.heaplens.runtime.GcRuns} reads GC logs and {@code GC.stat}
 * series; {@link dev.heaplens.runtime.AllocationLogs} reads heaplens-memprof logs. The profiler itself
 * (heaplens-memprof) uses none of this package: it reads its own dump through {@code memprof.heap.SelfDump}.
 * See {@code docs/architecture.md}.
 */
package dev.heaplens.runtime;
