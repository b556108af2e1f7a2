package dev.heaplens.analysis.ruby;

import java.util.Locale;

/**
 * What a histogram groups objects by. Ruby and JVM dumps have different keys; class and type
 * are shared (type is a JVM object's kind).
 */
public enum GroupBy {
    TYPE, CLASS, IMEMO, LOCATION, FILE, GEM, METHOD, GENERATION, PACKAGE, LOADER, KIND;

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

    /** True for the keys of Ruby dumps. */
    public boolean forRuby() {
        return this != PACKAGE && this != LOADER && this != KIND;
    }

    /** True for the keys of JVM (HPROF) dumps. */
    public boolean forJvm() {
        return this == CLASS || this == PACKAGE || this == LOADER || this == KIND || this == TYPE;
    }
}
