package dev.heaplens.analysis.ruby;

import java.util.Locale;

/** What a histogram groups objects by. */
public enum GroupBy {
    TYPE, CLASS, IMEMO, LOCATION, FILE, GEM, METHOD, GENERATION;

    /** Lower case, as on the command line (and in --help defaults). */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }


    /** The lower-case name used on the command line and as the key column's header. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True when the grouping needs allocation info (file, line, method, generation). */
    public boolean needsAllocationInfo() {
        return this == LOCATION || this == FILE || this == GEM || this == METHOD || this == GENERATION;
    }
}
