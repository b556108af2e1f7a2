package dev.heaplens.analysis.suspects;

/** What a tool itself holds in the heap (see {@link dev.heaplens.analysis.ToolOverhead}): left out of every share. */
public record Overhead(String tool, String className, long objects, long retainedBytes) {
}
