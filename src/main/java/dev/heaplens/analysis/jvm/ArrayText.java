package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.BasicType;

import java.nio.ByteBuffer;

/**
 * A primitive array's elements as {@code array_values.elements} writes them: comma-separated, each as
 * Java prints it ({@code 2,3,5}, {@code true,false}, {@code 0.5,-1.5}), a {@code char} as its UTF-16
 * code unit's number (so that a comma in the text never splits an element). One string per array,
 * not a row per element: a heap's arrays hold hundreds of millions of elements.
 */
final class ArrayText {
    private ArrayText() {
    }

    /** {@code data}: the elements as the dump holds them (big-endian). */
    static String elements(BasicType type, byte[] data) {
        int size = type.fileSize(0);
        int n = data.length / size;
        StringBuilder text = new StringBuilder(n * 3);
        ByteBuffer b = ByteBuffer.wrap(data);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                text.append(',');
            }
            int at = i * size;
            switch (type) {
                case BOOLEAN -> text.append(data[at] != 0);
                case BYTE -> text.append(data[at]);
                case CHAR -> text.append((int) b.getChar(at));
                case SHORT -> text.append(b.getShort(at));
                case INT -> text.append(b.getInt(at));
                case FLOAT -> text.append(b.getFloat(at));
                case LONG -> text.append(b.getLong(at));
                case DOUBLE -> text.append(b.getDouble(at));
                case OBJECT -> throw new IllegalArgumentException("not a primitive array");
            }
        }
        return text.toString();
    }
}
