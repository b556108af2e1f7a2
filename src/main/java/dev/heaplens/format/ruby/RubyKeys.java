package dev.heaplens.format.ruby;

/** The keys of a dump record heaplens reads, and the flag names, recognised from their bytes without a String. */
final class RubyKeys {
    static final int K_UNKNOWN = 0, K_ADDRESS = 1, K_TYPE = 2, K_CLASS = 3, K_SUPERCLASS = 4,
            K_NAME = 5, K_REAL_CLASS_NAME = 6, K_SINGLETON = 7, K_IMEMO_TYPE = 8, K_STRUCT = 9,
            K_REFERENCES = 10, K_FILE = 11, K_LINE = 12, K_METHOD = 13, K_GENERATION = 14,
            K_MEMSIZE = 15, K_FLAGS = 16, K_ROOT = 17, K_VALUE = 18;

    /** The key whose name is {@code buf[s, s + len)}, or {@link #K_UNKNOWN}. */
    static int keyId(byte[] buf, int s, int len) {
        switch (len) {
            case 4:
                switch (buf[s]) {
                    case 't': return is(buf, s, W_TYPE) ? K_TYPE : K_UNKNOWN;
                    case 'n': return is(buf, s, W_NAME) ? K_NAME : K_UNKNOWN;
                    case 'f': return is(buf, s, W_FILE) ? K_FILE : K_UNKNOWN;
                    case 'l': return is(buf, s, W_LINE) ? K_LINE : K_UNKNOWN;
                    case 'r': return is(buf, s, W_ROOT) ? K_ROOT : K_UNKNOWN;
                    default: return K_UNKNOWN;
                }
            case 5:
                switch (buf[s]) {
                    case 'c': return is(buf, s, W_CLASS) ? K_CLASS : K_UNKNOWN;
                    case 'f': return is(buf, s, W_FLAGS) ? K_FLAGS : K_UNKNOWN;
                    case 'v': return is(buf, s, W_VALUE) ? K_VALUE : K_UNKNOWN;
                    default: return K_UNKNOWN;
                }
            case 6:
                switch (buf[s]) {
                    case 's': return is(buf, s, W_STRUCT) ? K_STRUCT : K_UNKNOWN;
                    case 'm': return is(buf, s, W_METHOD) ? K_METHOD : K_UNKNOWN;
                    default: return K_UNKNOWN;
                }
            case 7:
                switch (buf[s]) {
                    case 'a': return is(buf, s, W_ADDRESS) ? K_ADDRESS : K_UNKNOWN;
                    case 'm': return is(buf, s, W_MEMSIZE) ? K_MEMSIZE : K_UNKNOWN;
                    default: return K_UNKNOWN;
                }
            case 9:
                return is(buf, s, W_SINGLETON) ? K_SINGLETON : K_UNKNOWN;
            case 10:
                switch (buf[s]) {
                    case 's': return is(buf, s, W_SUPERCLASS) ? K_SUPERCLASS : K_UNKNOWN;
                    case 'i': return is(buf, s, W_IMEMO_TYPE) ? K_IMEMO_TYPE : K_UNKNOWN;
                    case 'r': return is(buf, s, W_REFERENCES) ? K_REFERENCES : K_UNKNOWN;
                    case 'g': return is(buf, s, W_GENERATION) ? K_GENERATION : K_UNKNOWN;
                    default: return K_UNKNOWN;
                }
            case 15:
                return is(buf, s, W_REAL_CLASS_NAME) ? K_REAL_CLASS_NAME : K_UNKNOWN;
            default:
                return K_UNKNOWN;
        }
    }

    /** The {@link RubyRecord} bit of the flag named {@code buf[s, s + len)}, or 0. */
    static int flagBit(byte[] buf, int s, int len) {
        switch (len) {
            case 3: return is(buf, s, W_OLD) ? RubyRecord.FLAG_OLD : 0;
            case 6: return is(buf, s, W_PINNED) ? RubyRecord.FLAG_PINNED : (is(buf, s, W_MARKED) ? RubyRecord.FLAG_MARKED : 0);
            case 7: return is(buf, s, W_MARKING) ? RubyRecord.FLAG_MARKING : 0;
            case 12: return is(buf, s, W_WB_PROTECTED) ? RubyRecord.FLAG_WB_PROTECTED : 0;
            case 13: return is(buf, s, W_UNCOLLECTIBLE) ? RubyRecord.FLAG_UNCOLLECTIBLE : 0;
            default: return 0;
        }
    }

    static final byte[] W_ADDRESS = ascii("address");
    static final byte[] W_CLASS = ascii("class");
    static final byte[] W_FILE = ascii("file");
    static final byte[] W_FLAGS = ascii("flags");
    static final byte[] W_GENERATION = ascii("generation");
    static final byte[] W_IMEMO_TYPE = ascii("imemo_type");
    static final byte[] W_LINE = ascii("line");
    static final byte[] W_MARKED = ascii("marked");
    static final byte[] W_MARKING = ascii("marking");
    static final byte[] W_MEMSIZE = ascii("memsize");
    static final byte[] W_METHOD = ascii("method");
    static final byte[] W_NAME = ascii("name");
    static final byte[] W_OLD = ascii("old");
    static final byte[] W_PINNED = ascii("pinned");
    static final byte[] W_REAL_CLASS_NAME = ascii("real_class_name");
    static final byte[] W_REFERENCES = ascii("references");
    static final byte[] W_ROOT = ascii("root");
    static final byte[] W_SINGLETON = ascii("singleton");
    static final byte[] W_STRUCT = ascii("struct");
    static final byte[] W_SUPERCLASS = ascii("superclass");
    static final byte[] W_TYPE = ascii("type");
    static final byte[] W_UNCOLLECTIBLE = ascii("uncollectible");
    static final byte[] W_VALUE = ascii("value");
    static final byte[] W_WB_PROTECTED = ascii("wb_protected");

    private RubyKeys() {
    }

    private static boolean is(byte[] buf, int s, byte[] word) {
        for (int i = 0; i < word.length; i++) {
            if (buf[s + i] != word[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte[] ascii(String word) {
        return word.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
}
