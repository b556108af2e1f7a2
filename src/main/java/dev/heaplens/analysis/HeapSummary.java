package dev.heaplens.analysis;

import dev.heaplens.analysis.jvm.JvmSummary;
import dev.heaplens.analysis.ruby.RubySummary;

/**
 * What {@code heaplens summary} found in one dump. Each runtime has its own facts
 * ({@code RubySummary}, {@code JvmSummary}). A renderer takes them through {@link #accept}: Java 17
 * has no switch over types, and a visitor is what makes the compiler refuse a renderer that
 * forgets a runtime (a new runtime's summary adds a method here, and every renderer must write it).
 */
public interface HeapSummary {
    <R> R accept(Visitor<R> visitor);

    /** One method per runtime's summary. */
    interface Visitor<R> {
        R ruby(RubySummary summary);

        R jvm(JvmSummary summary);
    }
}
