package dev.heaplens.runtime;

import dev.heaplens.analysis.graph.Leaks;

import java.util.BitSet;

/**
 * What {@code leaks} compares, read from its three dumps A, B and C: C's heap, which of its
 * objects are new in B (allocated after A, present in B, by the runtime's identities), how
 * identities were told apart, and all of A's bytes (the base of the growth gate).
 */
public record LeakCandidates(LoadedHeap heapC, BitSet newInB, Leaks.Rule rule, long bytesOfA) {
}
