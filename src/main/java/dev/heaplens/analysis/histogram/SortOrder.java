package dev.heaplens.analysis.histogram;

import java.util.Locale;

/** What a histogram or a diff puts first: the most bytes (or growth in bytes) or the most objects. */
public enum SortOrder {
    BYTES, COUNT;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
