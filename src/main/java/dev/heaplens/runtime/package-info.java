/**
 * The entry point to heaplens' heap analyses: {@link dev.heaplens.runtime.HeapRuntime#of} asks the registry
 * ({@code Runtimes}: each {@code RuntimeEntry} says which dumps it reads) once which runtime reads a dump,
 * and every command and the web UI ask that runtime for histograms, heap graphs, summaries, leak
 * identities, suspects, threads, duplicate strings, and its keys with what each means. Warnings
 * and progress come back through one {@link dev.heaplens.runtime.ReadListener}. Every runtime loads its
 * heap graph through {@link dev.heaplens.runtime.GraphLoad} (index, fit check, progress, read, index
 * write), given its {@link dev.heaplens.runtime.GraphFormat}: its reader, index section and namer. GC data does not go
 * through {@code HeapRuntime}: {@link dev.heaplens.runtime.GcRuns} reads GC logs and {@code GC.stat}
 * series and analyses them (a sealed report per runtime, and their comparison), for the CLI and the web alike; {@link dev.heaplens.runtime.AllocationLogs} reads heaplens-memprof logs. The profiler itself
 * (heaplens-memprof) uses none of this package: it reads its own dump through {@code memprof.heap.SelfDump}.
 * See {@code docs/architecture.md}.
 */
package dev.heaplens.runtime;
