package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.BasicType;

import java.nio.charset.StandardCharsets;

/**
 * Decodes a {@code java.lang.String}'s characters from its value array as dumped: JDK 9+ keep a
 * byte[] with a coder (0 Latin-1, 1 UTF-16 in the heap's byte order, little-endian on the
 * platforms HotSpot dumps come from), JDK 8 a char[] (written big-endian by the dump).
 */
final class StringText {
    static final int SHOWN_CHARS = 60;

    private StringText() {
    }

    static String decode(BasicType arrayType, int coder, byte[] data) {
        if (arrayType == BasicType.CHAR) {
            return new String(data, StandardCharsets.UTF_16BE);
        }
        return coder == 1 ? new String(data, StandardCharsets.UTF_16LE) : new String(data, StandardCharsets.ISO_8859_1);
    }

    /** Characters of an array of {@code length} elements. */
    static long chars(BasicType arrayType, int coder, long length) {
        return arrayType == BasicType.BYTE && coder == 1 ? length / 2 : length;
    }
}
