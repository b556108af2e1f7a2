package dev.heaplens.index;

/**
 * An index that cannot be used: made from another version of the dump (stale), not written to
 * the end (half-written), or with bytes that do not match their checksum (corrupt). The message
 * says which and why; the caller rebuilds the index.
 */
public final class IndexException extends RuntimeException {
    public IndexException(String message) {
        super(message, null, false, false);
    }
}
