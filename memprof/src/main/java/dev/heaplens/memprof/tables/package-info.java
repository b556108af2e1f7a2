/**
 * The agent's tables: what the profiler keeps. Allocation sites and call stacks interned to dense
 * ids ({@link dev.heaplens.memprof.tables.AllocationSiteTable}, {@link dev.heaplens.memprof.tables.StackTable},
 * a thread's stack walk {@link dev.heaplens.memprof.tables.CapturedStack}), the tracked live objects as
 * weak references ({@link dev.heaplens.memprof.tables.TrackedObjects}), exact object sizes, and the
 * live objects grouped by stack ({@link dev.heaplens.memprof.tables.LiveAllocations}). The bottom of
 * the room: it uses no other package of memprof. See {@code docs/architecture.md}.
 */
package dev.heaplens.memprof.tables;
