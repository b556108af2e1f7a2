package dev.heaplens.runtime;

import dev.heaplens.analysis.graph.Leaks;

import java.util.function.IntPredicate;

/**
 * The identities of one dump's objects (address plus what tells a reused address apart), as
 * {@code leaks} compares them across dumps. Each runtime decides what an identity is.
 */
public interface LeakIdentities {
    /** All bytes of the dump read, kept or not (Ruby memsize, JVM shallow size): the base of the growth gate. */
    long bytes();

    /** How identities are told apart, as {@link Leaks} reports it. */
    Leaks.Rule rule();

    /** Which objects of {@code heap} (read from a later dump of the same runtime) are among these identities. */
    IntPredicate in(LoadedHeap heap);
}
