package dev.heaplens.format.ruby;

import dev.heaplens.util.Swar;

/** The keys of a dump record heaplens reads, and the flag names, recognised from their bytes without a String. */
final class RubyKeys {
    static final int K_UNKNOWN = 0, K_ADDRESS = 1, K_TYPE = 2, K_CLASS = 3, K_SUPERCLASS = 4,
            K_NAME = 5, K_REAL_CLASS_NAME = 6, K_SINGLETON = 7, K_IMEMO_TYPE = 8, K_STRUCT = 9,
            K_REFERENCES = 10, K_FILE = 11, K_LINE = 12, K_METHOD = 13, K_GENERATION = 14,
            K_MEMSIZE = 15, K_FLAGS = 16, K_ROOT = 17, K_VALUE = 18,
            K_LENGTH = 19, K_SIZE = 20, K_BYTESIZE = 21, K_CAPACITY = 22, K_EMBEDDED = 23, K_SHARED = 24;

    /** The key whose name is {@code buf[s, s + len)}, or {@link #K_UNKNOWN}. */
    static int keyId(byte[] buf, int s, int len) {
        if (len > 16) {
            return K_UNKNOWN;
        }
        return keyId(wordOf(buf, s, Math.min(len, 8)), wordOf(buf, s + 8, Math.max(0, len - 8)), len);
    }

    /**
     * The key whose name is {@code len} bytes long, its first eight bytes as {@code first} and the
     * next eight as {@code second} (read as {@link Swar#word} reads them, zeros past the name):
     * compared a word at a time, the parser's key loop reads every key of every line.
     */
    static int keyId(long first, long second, int len) {
        switch (len) {
            case 4:
                if (first == W_TYPE) return K_TYPE;
                if (first == W_FILE) return K_FILE;
                if (first == W_LINE) return K_LINE;
                if (first == W_NAME) return K_NAME;
                if (first == W_SIZE) return K_SIZE;
                return first == W_ROOT ? K_ROOT : K_UNKNOWN;
            case 5:
                if (first == W_CLASS) return K_CLASS;
                if (first == W_FLAGS) return K_FLAGS;
                return first == W_VALUE ? K_VALUE : K_UNKNOWN;
            case 6:
                if (first == W_METHOD) return K_METHOD;
                if (first == W_LENGTH) return K_LENGTH;
                if (first == W_SHARED) return K_SHARED;
                return first == W_STRUCT ? K_STRUCT : K_UNKNOWN;
            case 7:
                if (first == W_MEMSIZE) return K_MEMSIZE;
                return first == W_ADDRESS ? K_ADDRESS : K_UNKNOWN;
            case 8:
                if (first == W_BYTESIZE) return K_BYTESIZE;
                if (first == W_CAPACITY) return K_CAPACITY;
                return first == W_EMBEDDED ? K_EMBEDDED : K_UNKNOWN;
            case 9:
                return first == W_SINGLETON[0] && second == W_SINGLETON[1] ? K_SINGLETON : K_UNKNOWN;
            case 10:
                if (first == W_REFERENCES[0] && second == W_REFERENCES[1]) return K_REFERENCES;
                if (first == W_GENERATION[0] && second == W_GENERATION[1]) return K_GENERATION;
                if (first == W_SUPERCLASS[0] && second == W_SUPERCLASS[1]) return K_SUPERCLASS;
                return first == W_IMEMO_TYPE[0] && second == W_IMEMO_TYPE[1] ? K_IMEMO_TYPE : K_UNKNOWN;
            case 15:
                return first == W_REAL_CLASS_NAME[0] && second == W_REAL_CLASS_NAME[1] ? K_REAL_CLASS_NAME : K_UNKNOWN;
            default:
                return K_UNKNOWN;
        }
    }

    /** {@code buf[s, s + n)} (n at most 8) as {@link Swar#word} reads it, zeros past them. */
    private static long wordOf(byte[] buf, int s, int n) {
        long w = 0;
        for (int i = n - 1; i >= 0; i--) {
            w = (w << 8) | (buf[s + i] & 0xff);
        }
        return w;
    }

    /** The {@link RubyRecord} bit of the flag named {@code buf[s, s + len)}, or 0. */
    static int flagBit(byte[] buf, int s, int len) {
        switch (len) {
            case 3: return is(buf, s, BYTES_OLD) ? RubyRecord.FLAG_OLD : 0;
            case 6: return is(buf, s, BYTES_PINNED) ? RubyRecord.FLAG_PINNED : (is(buf, s, BYTES_MARKED) ? RubyRecord.FLAG_MARKED : 0);
            case 7: return is(buf, s, BYTES_MARKING) ? RubyRecord.FLAG_MARKING : 0;
            case 12: return is(buf, s, BYTES_WB_PROTECTED) ? RubyRecord.FLAG_WB_PROTECTED : 0;
            case 13: return is(buf, s, BYTES_UNCOLLECTIBLE) ? RubyRecord.FLAG_UNCOLLECTIBLE : 0;
            default: return 0;
        }
    }

    // Key names as words (keyId); names compared byte by byte (the tail scanner, flagBit) as BYTES_*.
    private static final long W_ADDRESS = Swar.wordOf("address");
    private static final long W_CLASS = Swar.wordOf("class");
    private static final long W_FILE = Swar.wordOf("file");
    private static final long W_FLAGS = Swar.wordOf("flags");
    private static final long W_LINE = Swar.wordOf("line");
    private static final long W_MEMSIZE = Swar.wordOf("memsize");
    private static final long W_METHOD = Swar.wordOf("method");
    private static final long W_NAME = Swar.wordOf("name");
    private static final long W_ROOT = Swar.wordOf("root");
    private static final long W_STRUCT = Swar.wordOf("struct");
    private static final long W_TYPE = Swar.wordOf("type");
    private static final long W_VALUE = Swar.wordOf("value");
    private static final long W_SIZE = Swar.wordOf("size");
    private static final long W_LENGTH = Swar.wordOf("length");
    private static final long W_SHARED = Swar.wordOf("shared");
    private static final long W_BYTESIZE = Swar.wordOf("bytesize");
    private static final long W_CAPACITY = Swar.wordOf("capacity");
    private static final long W_EMBEDDED = Swar.wordOf("embedded");
    private static final long[] W_GENERATION = words("generation");
    private static final long[] W_IMEMO_TYPE = words("imemo_type");
    private static final long[] W_REAL_CLASS_NAME = words("real_class_name");
    private static final long[] W_REFERENCES = words("references");
    private static final long[] W_SINGLETON = words("singleton");
    private static final long[] W_SUPERCLASS = words("superclass");

    static final byte[] BYTES_FLAGS = ascii("flags");
    static final byte[] BYTES_GENERATION = ascii("generation");
    static final byte[] BYTES_LINE = ascii("line");
    static final byte[] BYTES_MEMSIZE = ascii("memsize");
    static final byte[] BYTES_REFERENCES = ascii("references");

    private static final byte[] BYTES_MARKED = ascii("marked");
    private static final byte[] BYTES_MARKING = ascii("marking");
    private static final byte[] BYTES_OLD = ascii("old");
    private static final byte[] BYTES_PINNED = ascii("pinned");
    private static final byte[] BYTES_UNCOLLECTIBLE = ascii("uncollectible");
    private static final byte[] BYTES_WB_PROTECTED = ascii("wb_protected");

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

    /** A name of nine to sixteen bytes as its first and second words. */
    private static long[] words(String name) {
        return new long[] {Swar.wordOf(name), Swar.wordOf(name.substring(8))};
    }

    private static byte[] ascii(String word) {
        return word.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
}
