package dev.heaplens.gc;

/** Which runtime's GC data a log holds. */
public enum GcRuntime {
    JVM, RUBY;

    @Override
    public String toString() {
        return this == JVM ? "JVM" : "Ruby";
    }
}
