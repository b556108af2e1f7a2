package dev.heaplens.runtime;

import dev.heaplens.analysis.graph.Leaks;
import dev.heaplens.analysis.graph.ObjectBits;


/**
 * What {@code leaks} compares, read from its three dumps A, B and C: C's heap, which of its
 * objects are new in B (allocated after A, present in B, by the runtime's identities), how
 * identities were told apart, and all of A's bytes (the base of the growth gate).
 *
 * @param newInB a bit an object of C, in C's scratch (mapped out of core where the heap has no room)
 */
public record LeakCandidates(LoadedHeap heapC, ObjectBits newInB, Leaks.Rule rule, long bytesOfA) {
}
