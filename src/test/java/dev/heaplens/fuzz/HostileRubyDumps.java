package dev.heaplens.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * Generates Ruby heap dumps, well-formed and hostile, from a seed: every input class of issue 10
 * that concerns the Ruby reader (deep nesting, huge numbers, control characters, blank prefixes,
 * a BOM, duplicates, cycles, dangling references, broken and cut lines, corrupt gzip...).
 */
final class HostileRubyDumps {
    static final String CLASS_ADDRESS = "0x7f0000000100";
    static final String EVIL_CLASS_ADDRESS = "0x7f0000000200";
    static final String FIRST_OBJECT = "0x7f0000010000";

    private HostileRubyDumps() {
    }

    /** A well-formed dump of {@code objects} objects: a root, two classes, objects referencing each other. */
    static String valid(Random random, int objects) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"type\":\"ROOT\", \"root\":\"vm\", \"references\":[\"").append(CLASS_ADDRESS).append("\", \"")
                .append(EVIL_CLASS_ADDRESS).append("\", \"").append(FIRST_OBJECT).append("\"]}\n");
        sb.append("{\"address\":\"").append(CLASS_ADDRESS).append("\", \"type\":\"CLASS\", \"class\":\"0x7f0000000900\", "
                + "\"name\":\"Widget\", \"references\":[], \"memsize\":480, \"flags\":{\"wb_protected\":true}}\n");
        sb.append("{\"address\":\"").append(EVIL_CLASS_ADDRESS).append("\", \"type\":\"CLASS\", \"class\":\"0x7f0000000900\", "
                + "\"name\":\"Evil\\u001b[2J\\u0007Name\", \"memsize\":480}\n");
        for (int i = 0; i < objects; i++) {
            String klass = i % 7 == 3 ? EVIL_CLASS_ADDRESS : CLASS_ADDRESS;
            sb.append("{\"address\":\"").append(address(i)).append("\", \"type\":\"").append(i % 3 == 0 ? "STRING" : "OBJECT")
                    .append("\", \"class\":\"").append(klass).append('"');
            if (i % 3 == 0) {
                sb.append(", \"bytesize\":5, \"value\":\"").append(i % 2 == 0 ? "ab\\u001b]0;x\\u0007" : "hello").append('"');
            }
            sb.append(", \"references\":[");
            int refs = random.nextInt(4);
            for (int r = 0; r < refs; r++) {
                sb.append(r > 0 ? ", " : "").append('"').append(address(random.nextInt(objects + 2))).append('"');
            }
            sb.append(']');
            if (i % 2 == 0) {
                sb.append(", \"file\":\"app/w\\u001b.rb\", \"line\":").append(1 + random.nextInt(50))
                        .append(", \"method\":\"build\", \"generation\":").append(1 + random.nextInt(9));
            }
            sb.append(", \"memsize\":").append(40 + 8 * random.nextInt(20)).append(", \"flags\":{\"wb_protected\":true}}\n");
        }
        return sb.toString();
    }

    static String address(int i) {
        return String.format("0x%x", 0x7f0000010000L + 40L * i);
    }

    /** One object line whose {@code key} value is replaced by {@code value}. */
    static String objectWith(int i, String key, String value) {
        return "{\"address\":\"" + address(i) + "\", \"type\":\"OBJECT\", \"class\":\"" + CLASS_ADDRESS + "\", \"" + key
                + "\":" + value + ", \"memsize\":40}\n";
    }

    /** The hostile inputs, by name: text to be written as a file (some binary, as ISO-8859-1). */
    static Map<String, byte[]> all(long seed) {
        Random random = new Random(seed);
        String base = valid(random, 120);
        Map<String, byte[]> inputs = new LinkedHashMap<>();
        inputs.put("valid", utf8(base));
        inputs.put("deep-nesting", utf8(base + objectWith(500, "x", "[".repeat(100_000) + "]".repeat(100_000))));
        inputs.put("deep-open-only", utf8(base + objectWith(500, "x", "{\"a\":".repeat(50_000))));
        inputs.put("huge-memsizes", utf8(base + line(501, "9223372036854775807") + line(502, "100000000000000000000000")
                + line(503, "1e23") + line(504, "-1") + line(505, "1099511627777")));
        inputs.put("huge-line-numbers", utf8(base + objectWith(506, "line", "99999999999999999999999")
                + objectWith(507, "generation", "18446744073709551617")));
        inputs.put("raw-control-bytes", raw(base + "{\"address\":\"0x7f0000090000\", \"type\":\"STRING\", \"class\":\""
                + CLASS_ADDRESS + "\", \"value\":\"\u001b[31m\u0007\u0000\u009b\", \"memsize\":40}\n"));
        inputs.put("blank-prefix", utf8("\n".repeat(70_000) + base));
        inputs.put("bom", concat(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, utf8(base)));
        inputs.put("duplicates", utf8(base + base.substring(base.indexOf('\n') + 1)));
        inputs.put("self-cycle", utf8(base + "{\"address\":\"0x7f00000a0000\", \"type\":\"OBJECT\", \"class\":\"0x7f00000a0000\", "
                + "\"references\":[\"0x7f00000a0000\"], \"memsize\":40}\n"));
        inputs.put("dangling", utf8(base + objectWith(508, "references", "[\"0x1\", \"0xffffffffffffffff\", \"0x0\"]")));
        inputs.put("broken-lines", utf8(mangle(base, random, 30)));
        inputs.put("byte-flips", flip(utf8(base), random, 60));
        inputs.put("long-line", utf8(base + objectWith(509, "value", "\"" + "x".repeat(8 << 20) + "\"")));
        inputs.put("no-newline-at-end", utf8(base.substring(0, base.length() - 1)));
        inputs.put("crlf", utf8(base.replace("\n", "\r\n")));
        inputs.put("garbage", garbage(random));
        inputs.put("only-root", utf8("{\"type\":\"ROOT\", \"root\":\"vm\", \"references\":[\"0x1\"]}\n"));
        byte[] gz = gzip(utf8(base));
        inputs.put("gzip.gz", gz);
        byte[] crc = gz.clone();
        crc[crc.length - 6] ^= 1;
        inputs.put("gzip-crc.gz", crc);
        byte[] mid = gz.clone();
        mid[mid.length / 2] ^= 0x20;
        inputs.put("gzip-corrupt.gz", mid);
        inputs.put("gzip-cut.gz", Arrays.copyOf(gz, gz.length * 2 / 3));
        inputs.put("gzip-empty.gz", gzip(new byte[0]));
        inputs.put("gzip-trailing-garbage.gz", concat(gz, utf8("not gzip at all")));
        inputs.put("hprof-header-cut", utf8("JAVA PROFILE 1.0"));
        return inputs;
    }

    private static String line(int i, String memsize) {
        return "{\"address\":\"" + address(i) + "\", \"type\":\"OBJECT\", \"class\":\"" + CLASS_ADDRESS + "\", \"memsize\":"
                + memsize + "}\n";
    }

    /** Cuts, splices and duplicates pieces of some lines. */
    static String mangle(String dump, Random random, int edits) {
        List<String> lines = new ArrayList<>(Arrays.asList(dump.split("\n", -1)));
        for (int e = 0; e < edits; e++) {
            int i = random.nextInt(lines.size());
            String l = lines.get(i);
            if (l.isEmpty()) {
                continue;
            }
            int at = random.nextInt(l.length());
            switch (random.nextInt(5)) {
                case 0 -> lines.set(i, l.substring(0, at));
                case 1 -> lines.set(i, l.substring(at));
                case 2 -> lines.set(i, l.substring(0, at) + "\"" + l.substring(at));
                case 3 -> lines.set(i, l.substring(0, at) + "\n" + l.substring(at));
                default -> lines.set(i, l.substring(0, at) + l + l.substring(at));
            }
        }
        return String.join("\n", lines);
    }

    static byte[] flip(byte[] data, Random random, int flips) {
        byte[] out = data.clone();
        for (int i = 0; i < flips; i++) {
            out[random.nextInt(out.length)] = (byte) random.nextInt(256);
        }
        return out;
    }

    private static byte[] garbage(Random random) {
        byte[] b = new byte[5000];
        random.nextBytes(b);
        b[0] = '{';
        return b;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] raw(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    static byte[] gzip(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
