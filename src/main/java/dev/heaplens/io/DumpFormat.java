package dev.heaplens.io;

/** What a dump's first bytes say it is. */
public enum DumpFormat {
    RUBY_JSON_LINES("a Ruby ObjectSpace.dump_all dump"),
    HPROF("a JVM HPROF heap dump"),
    EMPTY("empty"),
    JSON_ARRAY("a JSON array, not ObjectSpace.dump_all JSON lines"),
    OTHER_JSON("JSON, but not a Ruby heap dump (its first line has no \"type\" key)"),
    BINARY("a binary file, not a heap dump heaplens can read"),
    TEXT("text, not a heap dump heaplens can read (expected JSON lines starting with '{')");

    private final String description;

    DumpFormat(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    private static final byte[] HPROF_MAGIC = "JAVA PROFILE ".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** Detects the format from the first (decompressed) bytes of a dump. */
    public static DumpFormat detect(byte[] head, int length) {
        if (length == 0) {
            return EMPTY;
        }
        if (startsWith(head, length, HPROF_MAGIC)) {
            return HPROF;
        }
        int pos = 0;
        while (pos < length && isSpace(head[pos])) {
            pos++;
        }
        if (pos == length) {
            return EMPTY;
        }
        for (int i = pos; i < length; i++) {
            if (head[i] == 0) {
                return BINARY;
            }
        }
        if (head[pos] == '[') {
            return JSON_ARRAY;
        }
        if (head[pos] != '{') {
            return TEXT;
        }
        int lineEnd = pos;
        while (lineEnd < length && head[lineEnd] != '\n') {
            lineEnd++;
        }
        return contains(head, pos, lineEnd, "\"type\"") ? RUBY_JSON_LINES : OTHER_JSON;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }

    private static boolean startsWith(byte[] head, int length, byte[] prefix) {
        if (length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (head[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean contains(byte[] head, int from, int to, String word) {
        outer:
        for (int i = from; i + word.length() <= to; i++) {
            for (int j = 0; j < word.length(); j++) {
                if (head[i + j] != word.charAt(j)) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
