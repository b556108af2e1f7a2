package dev.heaplens.analysis.graph;

/**
 * Receives what {@code export --values} writes, from a pass over the dump's records: strings'
 * contents and (JVM) primitive instance and static fields and primitive arrays' elements. Called from the reading threads; an implementation
 * that keeps state synchronizes.
 */
public interface ValueSink {
    /** The contents of the string at {@code address}. */
    void string(long address, String value);

    /** A primitive instance field of the object at {@code address}: its name, Java type and value as Java prints it. */
    void field(long address, String name, String type, String value);

    /** JVM: a primitive static field of the class whose class object is at {@code address}, as {@link #field}. */
    void staticField(long address, String name, String type, String value);

    /** JVM: a primitive array's element type, length and elements ({@code ArrayText}: comma-separated, as Java prints them). */
    void array(long address, String type, long length, String elements);
}
