package dev.heaplens.analysis.histogram;

/** What a histogram or a diff puts first: the most bytes (or growth in bytes) or the most objects. */
public enum SortOrder {
    BYTES, COUNT
}
