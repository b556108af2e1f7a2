package dev.heaplens.format.hprof;

/**
 * The names of heap dump sub-records by tag, for messages: {@code ROOT JAVA FRAME}, {@code CLASS DUMP}.
 * The contexts ("the NAME sub-record") are made once: building one per record costs more than reading
 * the record.
 */
final class SubRecordNames {
    private static final String[] NAMES = new String[256];
    private static final String[] CONTEXTS = new String[256];

    static {
        for (RootKind k : RootKind.values()) {
            NAMES[k.code] = "ROOT " + k.name().replace('_', ' ');
        }
        for (HeapDumpTag t : HeapDumpTag.values()) {
            NAMES[t.code] = t.name().replace('_', ' ');
        }
        for (int code = 0; code < 256; code++) {
            if (NAMES[code] != null) {
                CONTEXTS[code] = "the " + NAMES[code] + " sub-record";
            }
        }
    }

    private SubRecordNames() {
    }

    /** The sub-record's name, or null for a tag HPROF does not define. */
    static String name(int code) {
        return NAMES[code];
    }

    /** "the NAME sub-record", for where a read failed; null for an unknown tag. */
    static String context(int code) {
        return CONTEXTS[code];
    }
}
