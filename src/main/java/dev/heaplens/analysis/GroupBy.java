package dev.heaplens.analysis;

import java.util.Locale;

/**
 * What objects are grouped by, in every command that groups (histogram, diff, retained, leaks).
 * Each runtime takes its own subset ({@code HeapRuntime.histogramKeys()}, {@code graphKeys()}); {@code docs/glossary.md}
 * says what each word means.
 */
public enum GroupBy {
    /** Ruby: the dump's {@code type} (STRING, ARRAY, ...). A JVM dump's counterpart is {@link #KIND}. */
    TYPE,
    CLASS,
    /** Ruby: IMEMO objects only, by IMEMO kind. */
    IMEMO,
    /** Ruby: allocation site {@code file:line}. */
    LOCATION,
    FILE,
    /** Ruby: the gem (or app, stdlib, core) the allocation site belongs to. */
    GEM,
    METHOD,
    GENERATION,
    /** JVM: the class's Java package (arrays under their element's). */
    PACKAGE,
    /** JVM: the class's defining class loader. */
    LOADER,
    /** JVM: instance, object array, primitive array or class. A Ruby dump's counterpart is {@link #TYPE}. */
    KIND;

    /** Lower case, as on the command line (and in --help defaults). */
    @Override
    public String toString() {
        return label();
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
