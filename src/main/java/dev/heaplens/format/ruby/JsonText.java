package dev.heaplens.format.ruby;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Decodes the content of a JSON string as written by Ruby's dump into Java text. */
public final class JsonText {
    private JsonText() {
    }

    /**
     * Decodes {@code bytes[start, end)}: UTF-8 with U+FFFD for invalid bytes; when
     * {@code escaped}, backslash escapes ({@code \n}, {@code \"}, {@code \u00e9}...) are resolved.
     * An escape that is not valid JSON is kept as written.
     */
    public static String decode(byte[] bytes, int start, int end, boolean escaped) {
        if (!escaped) {
            return new String(bytes, start, end - start, StandardCharsets.UTF_8);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(end - start);
        int i = start;
        while (i < end) {
            byte b = bytes[i];
            if (b != '\\' || i + 1 >= end) {
                out.write(b);
                i++;
                continue;
            }
            byte e = bytes[i + 1];
            switch (e) {
                case '"', '\\', '/' -> out.write(e);
                case 'n' -> out.write('\n');
                case 't' -> out.write('\t');
                case 'r' -> out.write('\r');
                case 'b' -> out.write('\b');
                case 'f' -> out.write('\f');
                case 'u' -> {
                    int cp = i + 6 <= end ? hex4(bytes, i + 2) : -1;
                    if (cp < 0) {
                        out.write('\\');
                        i++;
                        continue;
                    }
                    i += 6;
                    if (Character.isHighSurrogate((char) cp) && i + 6 <= end && bytes[i] == '\\' && bytes[i + 1] == 'u') {
                        int low = hex4(bytes, i + 2);
                        if (low >= 0 && Character.isLowSurrogate((char) low)) {
                            cp = Character.toCodePoint((char) cp, (char) low);
                            i += 6;
                        }
                    }
                    byte[] utf8 = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                    out.write(utf8, 0, utf8.length);
                    continue;
                }
                default -> {
                    out.write('\\');
                    out.write(e);
                }
            }
            i += 2;
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int hex4(byte[] b, int at) {
        int v = 0;
        for (int i = at; i < at + 4; i++) {
            int d = Character.digit(b[i], 16);
            if (d < 0) {
                return -1;
            }
            v = v * 16 + d;
        }
        return v;
    }
}
