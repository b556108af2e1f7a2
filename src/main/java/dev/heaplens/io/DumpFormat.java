package dev.heaplens.io;

/** What a dump's first bytes say it is. */
public enum DumpFormat {
    RUBY_JSON_LINES("a Ruby ObjectSpace.dump_all dump"),
    HPROF("a JVM HPROF heap dump"),
    EMPTY("empty"),
    JSON_ARRAY("a JSON array, not ObjectSpace.dump_all JSON lines"),
    OTHER_JSON("JSON, but not a Ruby heap dump (its first line has no \"type\" key)"),
    BINARY("a binary file, not a heap dump heaplens can read"),
    TEXT("text, not a heap dump heaplens can read (expected JSON lines starting with '{')"),
    HPROF_HEADER_CUT("a JVM HPROF dump cut short inside its header: it holds no records"),
    PHD("an IBM/OpenJ9 Portable Heap Dump (.phd), a format heaplens does not read"),
    JFR("a Java Flight Recorder recording (.jfr), not a heap dump"),
    CORE_DUMP("a core dump (ELF), not a heap dump; for a JVM, write an HPROF from it with"
            + " 'jhsdb jmap --binaryheap --core ...'"),
    MINIDUMP("a Windows minidump, not a heap dump"),
    JAVACORE("an OpenJ9 javacore (thread and lock text), not a heap dump"),
    CLASSIC_HEAPDUMP("an OpenJ9 classic text heap dump, a format heaplens does not read"),
    ZIP("a zip archive: unzip it and give heaplens the dump inside"),
    JVM_GC_LOG("a JVM GC log, not a heap dump: read it with `heaplens gc`"),
    RUBY_GC_STAT("a Ruby GC.stat series, not a heap dump: read it with `heaplens gc`"),
    MEMPROF_LOG("an allocation log of heaplens-memprof, not a heap dump: read it with `heaplens memprof`");

    private final String description;

    DumpFormat(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    /** GC data or an allocation log: input of another heaplens command, which the description names. */
    public boolean isAnotherCommandsInput() {
        return this == JVM_GC_LOG || this == RUBY_GC_STAT || this == MEMPROF_LOG;
    }

    private static final byte[] HPROF_MAGIC = ascii("JAVA PROFILE ");
    /** Java's writeUTF of "portable heap dump": a two-byte length, then the text. */
    private static final byte[] PHD_MAGIC = ascii("\0\u0012portable heap dump");
    private static final byte[] JFR_MAGIC = ascii("FLR\0");
    private static final byte[] ELF_MAGIC = ascii("\u007fELF");
    /** ELF e_type 4: a core file. */
    private static final int ELF_TYPE_OFFSET = 16;
    private static final byte[] MINIDUMP_MAGIC = ascii("MDMP");
    private static final byte[] ZIP_MAGIC = ascii("PK\u0003\u0004");
    private static final byte[] JAVACORE_MAGIC = ascii("0SECTION");
    private static final byte[] CLASSIC_HEAPDUMP_MAGIC = ascii("// Version: ");
    private static final byte[] UTF8_BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

    private static byte[] ascii(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** Detects the format from the first (decompressed) bytes of a dump, leading blank lines skipped. */
    public static DumpFormat detect(byte[] head, int length) {
        if (length == 0) {
            return EMPTY;
        }
        if (startsWith(head, length, HPROF_MAGIC)) {
            return HPROF;
        }
        if (length >= 4 && length < HPROF_MAGIC.length && startsWith(HPROF_MAGIC, HPROF_MAGIC.length, java.util.Arrays.copyOf(head, length))) {
            return HPROF_HEADER_CUT;
        }
        DumpFormat named = byMagic(head, length);
        if (named != null) {
            return named;
        }
        int pos = startsWith(head, length, UTF8_BOM) ? UTF8_BOM.length : 0;
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
        DumpFormat other = OtherInputs.of(head, pos, length);
        if (other != null) {
            return other;
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

    /** Formats a user might hand over by mistake, named by their magic bytes; null when none matches. */
    private static DumpFormat byMagic(byte[] head, int length) {
        if (startsWith(head, length, PHD_MAGIC)) {
            return PHD;
        }
        if (startsWith(head, length, JFR_MAGIC)) {
            return JFR;
        }
        if (startsWith(head, length, ELF_MAGIC) && length > ELF_TYPE_OFFSET && head[ELF_TYPE_OFFSET] == 4) {
            return CORE_DUMP;
        }
        if (startsWith(head, length, MINIDUMP_MAGIC)) {
            return MINIDUMP;
        }
        if (startsWith(head, length, ZIP_MAGIC)) {
            return ZIP;
        }
        if (startsWith(head, length, JAVACORE_MAGIC)) {
            return JAVACORE;
        }
        if (startsWith(head, length, CLASSIC_HEAPDUMP_MAGIC)) {
            return CLASSIC_HEAPDUMP;
        }
        return null;
    }

    static boolean isSpace(byte b) {
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
