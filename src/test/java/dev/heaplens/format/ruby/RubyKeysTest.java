package dev.heaplens.format.ruby;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Key names read a word at a time against the list of names: every name is found, and a name
 * with a byte changed, cut or grown is not (unless it became another name).
 */
class RubyKeysTest {
    private static final Map<String, Integer> NAMES = new LinkedHashMap<>();

    static {
        String[] names = {"", "address", "type", "class", "superclass", "name", "real_class_name", "singleton",
                "imemo_type", "struct", "references", "file", "line", "method", "generation", "memsize", "flags",
                "root", "value"};
        for (int id = 0; id < names.length; id++) {
            NAMES.put(names[id], id);
        }
    }

    @Test
    void everyNameAndNoNearMiss() {
        assertThat(NAMES.get("memsize")).isEqualTo(RubyKeys.K_MEMSIZE);
        assertThat(NAMES.get("value")).isEqualTo(RubyKeys.K_VALUE);
        Random random = new Random(7);
        for (String name : NAMES.keySet()) {
            check(name);
            for (int i = 0; i < 200; i++) {
                StringBuilder b = new StringBuilder(name);
                switch (random.nextInt(3)) {
                    case 0 -> { if (b.length() > 0) b.setCharAt(random.nextInt(b.length()), "az_\0\u00ff".charAt(random.nextInt(5))); }
                    case 1 -> { if (b.length() > 0) b.setLength(random.nextInt(b.length())); }
                    default -> b.append("as_\0".charAt(random.nextInt(4)));
                }
                check(b.toString());
            }
        }
    }

    /** The key read from {@code "name":1} by the parser's path and by keyId on the bytes: both must match the list. */
    private static void check(String name) {
        int expected = NAMES.getOrDefault(name, RubyKeys.K_UNKNOWN);
        byte[] bytes = name.getBytes(StandardCharsets.ISO_8859_1);
        assertThat(RubyKeys.keyId(bytes, 0, bytes.length)).as("keyId(%s)", name).isEqualTo(expected);
        byte[] padded = new byte[bytes.length + 24];
        System.arraycopy(bytes, 0, padded, 0, bytes.length);
        padded[bytes.length] = '"';
        long first = dev.heaplens.util.Swar.word(padded, 0);
        long second = dev.heaplens.util.Swar.word(padded, 8);
        int n = bytes.length;
        if (n <= 16) {
            long a = n >= 8 ? first : first & ((1L << (n << 3)) - 1);
            long b = n <= 8 ? 0 : n == 16 ? second : second & ((1L << ((n - 8) << 3)) - 1);
            assertThat(RubyKeys.keyId(a, b, n)).as("keyId words (%s)", name).isEqualTo(expected);
        }
    }
}
