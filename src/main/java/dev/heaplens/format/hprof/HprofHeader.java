package dev.heaplens.format.hprof;

/** The file header: format version, identifier size (4 or 8) and the dump's time in epoch millis. */
public record HprofHeader(String version, int idSize, long timestampMillis) {
}
