package dev.heaplens.analysis.jvm.sample;

/**
 * Loaded by JvmHistogramTest through a class loader of its own, and alone in its package, so
 * that its package and its loader hold exactly what the test allocates.
 */
public final class Sampled {
    /** 12-byte header + 8 = 20 bytes, aligned to 24 with compressed oops. */
    long value;
}
