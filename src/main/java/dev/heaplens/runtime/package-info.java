/**
 * The entry point to heaplens' analyses: {@link dev.heaplens.runtime.HeapRuntime#of} picks the
 * Ruby or the JVM implementation once from a dump's detected format, and every command, the web
 * UI, GC analysis and the profiler ask it for histograms, heap graphs, summaries, leak identities
 * and duplicate strings. Warnings and progress come back through one
 * {@link dev.heaplens.runtime.ReadListener}. See {@code docs/architecture.md}.
 */
package dev.heaplens.runtime;
