/**
 * Sampling inside the JVM: {@link dev.heaplens.memprof.sampling.NativeSampler} loads the native library
 * (memprof/src/main/c) that asks HotSpot for its allocation samples; {@code SampledStacks} keeps those
 * exact mode would have recorded, at their stacks, reading what it needs of JVMTI through
 * {@code JvmtiLookups}. Uses the hooks (which classes and calls count) and the tables.
 */
package dev.heaplens.memprof.sampling;
