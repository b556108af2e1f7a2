package dev.heaplens.format.ruby;

/**
 * Recognises the start of a dump record: every line Ruby writes begins with {@code {"address":}
 * or {@code {"type":}. Used to tell a new record from the continuation of a record that a raw
 * newline split, and to choose where parallel chunks begin.
 */
final class RecordStart {
    private static final byte[] ADDRESS = "{\"address\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] TYPE = "{\"type\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /** Bytes needed to tell. */
    static final int LENGTH = ADDRESS.length;

    private RecordStart() {
    }

    /** True when {@code buf[at...]} (bounded by {@code limit}) starts a record, or is too short to tell. */
    static boolean isAt(byte[] buf, int at, int limit) {
        return startsWith(buf, at, limit, ADDRESS) || startsWith(buf, at, limit, TYPE);
    }

    private static boolean startsWith(byte[] buf, int at, int limit, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (at + i >= limit) {
                return true; // cannot tell yet: assume a record, the safe choice
            }
            if (buf[at + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
