package dev.heaplens.analysis;

/**
 * What {@code heaplens summary} found in one dump. Each runtime has its own facts
 * ({@code RubySummary}, {@code JvmSummary}); the report layer picks the renderer by type.
 */
public interface HeapSummary {
}
