package dev.heaplens.cli;

/**
 * A graph command whose every step works out of core on a graph of any object count, past 2^31 too
 * (docs/architecture.md, "Object ids"): its per-object columns are mapped where the heap has no room.
 * The other graph commands refuse such a dump in one line before reading it
 * ({@code HeapFit.ANY_SIZE_COMMANDS} names these; {@code OutOfCoreCliTest} checks both, as past 2^31).
 */
interface AnySizeGraph {
}
