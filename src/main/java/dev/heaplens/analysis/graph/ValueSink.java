package dev.heaplens.analysis.graph;

/**
 * Receives what {@code export --values} writes, from a pass over the dump's records: strings'
 * contents and (JVM) primitive instance fields. Called from the reading threads; an implementation
 * that keeps state synchronizes.
 */
public interface ValueSink {
    /** The contents of the string at {@code address}. */
    void string(long address, String value);

    /** A primitive instance field of the object at {@code address}: its name, Java type and value as Java prints it. */
    void field(long address, String name, String type, String value);
}
