package dev.heaplens.fuzz;

import dev.heaplens.cli.CliTestSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static dev.heaplens.fuzz.HprofBytes.CLASS_CLASS;
import static dev.heaplens.fuzz.HprofBytes.FIRST_FOO;
import static dev.heaplens.fuzz.HprofBytes.FOO;
import static dev.heaplens.fuzz.HprofBytes.HEAP_DUMP_SEGMENT;
import static dev.heaplens.fuzz.HprofBytes.LONG;
import static dev.heaplens.fuzz.HprofBytes.LONG_ARRAY;
import static dev.heaplens.fuzz.HprofBytes.OBJECT_ARRAY;
import static dev.heaplens.fuzz.HprofBytes.OBJECT_CLASS;
import static dev.heaplens.fuzz.HprofBytes.UTF8;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile HPROF input, built byte by byte, through every command: lengths far beyond the file
 * (from a plain file, gzip and standard input, where the size is unknown, in a child JVM with a
 * 64 MB heap), superclass loops, arrays without data, repeated records and segments, dumps cut at
 * every few bytes and randomly damaged ones. heaplens must hold (exit 0, 2 or 3, no trace, in
 * time) and say what it found.
 */
class HostileHprofTest {
    private static final Duration CHILD_LIMIT = Duration.ofSeconds(60);
    private static final int CHILD_HEAP_MB = 64;
    private static final String FOO_ADDRESS = "0x" + Long.toHexString(FIRST_FOO);

    @TempDir
    static Path dir;
    private static Path whole;

    @BeforeAll
    static void writeTheValidDump() throws IOException {
        whole = Files.write(dir.resolve("whole.hprof"), HprofBytes.valid().bytes());
    }

    /**
     * Lengths and counts that ask for gigabytes in a file of a few hundred bytes. Each sits in a
     * heap dump segment whose length says 0xFFFFFFFF (so checks against the record's end pass),
     * except the UTF8 record, a top-level record of its own.
     */
    static Map<String, byte[]> lengthBombs() {
        Map<String, byte[]> cases = new LinkedHashMap<>();
        cases.put("object array of 0x1FFFFF00 elements",
                inHugeSegment(HprofBytes.objectArray(0x40000, OBJECT_ARRAY, 0x1FFF_FF00L, new long[] {FIRST_FOO})));
        cases.put("instance of 0x7FFFFFF0 field bytes",
                inHugeSegment(HprofBytes.instanceWithLength(0x40000, FOO, 0x7FFF_FFF0L, new byte[12])));
        cases.put("long[] of 0x1FFFFF00 elements",
                inHugeSegment(HprofBytes.primitiveArray(0x40000, LONG, 0x1FFF_FF00L, new byte[64])));
        HprofBytes d = HprofBytes.valid();
        d.objects.add(3, HprofBytes.objectArray(0x40000, OBJECT_ARRAY, 0x1FFF_FF00L, new long[] {FIRST_FOO}));
        cases.put("object array past its segment's end", d.bytes());
        d = HprofBytes.valid();
        d.names.add(0, HprofBytes.recordWithLength(UTF8, 0xFFFF_FFF0L, HprofBytes.concat(HprofBytes.id(99), new byte[40])));
        cases.put("UTF8 record of 0xFFFFFFF0 bytes", d.bytes());
        return cases;
    }

    /** The valid dump's objects, then {@code bomb}, in a segment that claims 0xFFFFFFFF bytes. */
    private static byte[] inHugeSegment(byte[] bomb) {
        HprofBytes d = HprofBytes.valid();
        return HprofBytes.concat(HprofBytes.header(), HprofBytes.concat(d.names),
                HprofBytes.recordWithLength(HEAP_DUMP_SEGMENT, 0xFFFF_FFFFL, HprofBytes.concat(d.objects)), bomb);
    }

    /** Structures no JVM writes, each with the words heaplens must answer it with. */
    static Map<String, Hostile> structural() {
        Map<String, Hostile> cases = new LinkedHashMap<>();
        HprofBytes d = HprofBytes.valid();
        d.objects.set(2, HprofBytes.classDump(FOO, FOO, new long[] {7, 8}, new int[] {10, 2}));
        cases.put("a class its own superclass", new Hostile(d.bytes(), "loops back"));

        d = HprofBytes.valid();
        d.objects.set(1, HprofBytes.classDump(CLASS_CLASS, CLASS_CLASS, new long[0], new int[0]));
        cases.put("java.lang.Class its own superclass", new Hostile(d.bytes(), "loops back"));

        d = HprofBytes.valid();
        d.objects.set(0, HprofBytes.classDump(OBJECT_CLASS, FOO, new long[0], new int[0]));
        d.objects.set(3, HprofBytes.classDump(OBJECT_ARRAY, LONG_ARRAY, new long[0], new int[0]));
        cases.put("a longer superclass loop", new Hostile(d.bytes(), "loops back"));

        d = HprofBytes.valid();
        d.objects.add(HprofBytes.noDataArray(0x40000, LONG, 0xFFFF_FFFFL));
        d.objects.add(HprofBytes.noDataArray(0x40100, LONG, 1000));
        cases.put("NODATA arrays", new Hostile(d.bytes(), "PRIMITIVE ARRAY NODATA"));

        d = HprofBytes.valid();
        List<byte[]> twice = new ArrayList<>();
        for (byte[] o : d.objects) {
            twice.add(o);
            twice.add(o);
        }
        d.objects.clear();
        d.objects.addAll(twice);
        cases.put("every record twice", new Hostile(d.bytes(), "have the address of an object dumped before"));

        d = HprofBytes.valid();
        byte[] segment = HprofBytes.segment(HprofBytes.concat(d.objects), HprofBytes.concat(d.roots));
        cases.put("a heap segment twice", new Hostile(HprofBytes.concat(HprofBytes.header(), HprofBytes.concat(d.names),
                segment, segment, HprofBytes.record(HprofBytes.HEAP_DUMP_END, new byte[0])),
                "have the address of an object dumped before"));

        d = HprofBytes.valid();
        d.roots.clear();
        cases.put("no GC roots", new Hostile(d.bytes(), "the dump has no GC roots", true));
        return cases;
    }

    /** @param said what summary and (unless {@code graphOnly}) histogram must say about it */
    record Hostile(byte[] bytes, String said, boolean graphOnly) {
        Hostile(byte[] bytes, String said) {
            this(bytes, said, false);
        }
    }

    @Test
    void lengthBombsEndInOneLineUnderASmallHeap() throws IOException {
        for (Map.Entry<String, byte[]> c : lengthBombs().entrySet()) {
            Path plain = Files.write(dir.resolve("bomb.hprof"), c.getValue());
            Path gzip = Files.write(dir.resolve("bomb.hprof.gz"), CliTestSupport.gzip(c.getValue()));
            // The graph path from a file of known size, the streaming path from gzip (size unknown).
            oneLineOrWarning(HostileRun.child(CHILD_LIMIT, CHILD_HEAP_MB, "summary", plain.toString())
                    .assertHeld(c.getKey() + ", summary"), c.getKey());
            oneLineOrWarning(HostileRun.child(CHILD_LIMIT, CHILD_HEAP_MB, "histogram", gzip.toString())
                    .assertHeld(c.getKey() + ", histogram of gzip"), c.getKey());
            // Standard input: the streaming path with no size at all.
            CliTestSupport.Result piped = CliTestSupport.runWithStdin(c.getValue(), "histogram", "-");
            oneLineOrWarning(new HostileRun.Outcome(piped.exitCode(), piped.out(), piped.err(), Duration.ZERO, false)
                    .assertHeld(c.getKey() + ", histogram of stdin"), c.getKey());
        }
    }

    /** Exit 2 with one line naming an offset, or a cut-dump warning with results. */
    private static void oneLineOrWarning(HostileRun.Outcome o, String what) {
        if (o.exitCode() == 2) {
            assertThat(o.err().lines()).as(what + "\n" + o).hasSize(1);
            assertThat(o.err()).as(what).contains("offset ");
        } else {
            assertThat(o.exitCode()).as(what + "\n" + o).isZero();
            assertThat(o.err()).as(what + "\n" + o).contains("heaplens: warning: ").contains("file ends at offset ");
        }
    }

    @Test
    void structuralOddities() throws IOException {
        for (Map.Entry<String, Hostile> c : structural().entrySet()) {
            Path file = Files.write(dir.resolve("odd.hprof"), c.getValue().bytes());
            for (String[] args : commands(file, file)) {
                HostileRun.inProcess(args).assertHeld(c.getKey() + ", " + String.join(" ", args));
            }
            for (String command : c.getValue().graphOnly() ? List.of("summary", "top") : List.of("summary", "histogram")) {
                HostileRun.Outcome o = HostileRun.inProcess(command, file.toString()).assertHeld(c.getKey());
                assertThat(o.err()).as(c.getKey() + ", " + command + "\n" + o).contains(c.getValue().said());
            }
        }
    }

    /** Found by the fuzzer: two objects whose addresses lie 2^63 or more apart hung the address index. */
    @Test
    void addressesSpanningTheSignBit() throws IOException {
        byte[] bytes = HprofBytes.concat(HprofBytes.header(), HprofBytes.segment(
                HprofBytes.primitiveArray(Long.MIN_VALUE, LONG, 1, new byte[8]), HprofBytes.primitiveArray(0x10, LONG, 1, new byte[8])),
                HprofBytes.record(HprofBytes.HEAP_DUMP_END, new byte[0]));
        Path file = Files.write(dir.resolve("sign.hprof"), bytes);
        HostileRun.Outcome o = HostileRun.child(CHILD_LIMIT, CHILD_HEAP_MB, "summary", file.toString()).assertHeld("sign bit");
        assertThat(o.exitCode()).as(o.toString()).isZero();
    }

    /** The valid dump's long[] has no root and no referrer: the one unreachable object. */
    @Test
    void summaryListsWhatIsUnreachableByClass() {
        HostileRun.Outcome o = HostileRun.inProcess("summary", whole.toString()).assertHeld("summary");
        assertThat(o.out()).contains("""

                Unreachable objects by class (most bytes first; not in any retained size)
                  count  bytes  class
                      1   48 B  long[]
                """);
    }

    @Test
    void noDataArraysAreSizedFromWhatAJavaArrayCanHold() throws IOException {
        byte[] bytes = structural().get("NODATA arrays").bytes();
        Path file = Files.write(dir.resolve("nodata.hprof"), bytes);
        HostileRun.Outcome o = HostileRun.inProcess("histogram", file.toString(), "--format", "tsv").assertHeld("nodata");
        assertThat(o.err()).contains("2 primitive arrays were dumped without their contents")
                .contains("1 of them declare more elements than a Java array can hold and are counted as empty");
        long[] totals = totals(o.out());
        long[] valid = totals(HostileRun.inProcess("histogram", whole.toString(), "--format", "tsv").out());
        assertThat(totals[0]).isEqualTo(valid[0] + 2);
        // the 1000 longs are counted (the JVM held them), the impossible array as a header only
        assertThat(totals[1] - valid[1]).isEqualTo(16 + 8000 + 16);
    }

    @Test
    void repeatsAreCountedExactlyInSmallDumps() throws IOException {
        Path file = Files.write(dir.resolve("twice.hprof"), structural().get("every record twice").bytes());
        int objects = HprofBytes.valid().objects.size();
        for (String command : List.of("summary", "histogram")) {
            assertThat(HostileRun.inProcess(command, file.toString()).err())
                    .contains(objects + " objects have the address of an object dumped before");
        }
    }

    @Test
    void aCutFileNeverReportsMoreThanTheWholeOne() throws IOException {
        byte[] bytes = HprofBytes.valid().bytes();
        long[] all = totals(HostileRun.inProcess("histogram", whole.toString(), "--format", "tsv").assertHeld("whole").out());
        for (int cut = 0; cut < bytes.length; cut += 13) {
            Path file = Files.write(dir.resolve("cut.hprof"), Arrays.copyOf(bytes, cut));
            Path gzip = Files.write(dir.resolve("cut.hprof.gz"), CliTestSupport.gzip(Arrays.copyOf(bytes, cut)));
            for (Path p : List.of(file, gzip)) {
                HostileRun.Outcome o = HostileRun.inProcess("histogram", p.toString(), "--format", "tsv")
                        .assertHeld("cut at " + cut);
                if (o.exitCode() == 0) {
                    long[] part = totals(o.out());
                    assertThat(part[0]).as("objects, cut at " + cut).isLessThanOrEqualTo(all[0]);
                    assertThat(part[1]).as("bytes, cut at " + cut).isLessThanOrEqualTo(all[1]);
                }
            }
            if (cut % 130 == 0) {
                HostileRun.inProcess("summary", file.toString()).assertHeld("summary, cut at " + cut);
            }
        }
    }

    @Test
    void aCutGzipDumpIsReadUpToTheCutUnlessStrict() throws IOException {
        byte[] bytes = HprofBytes.valid().bytes();
        byte[] gz = CliTestSupport.gzip(bytes);
        Path cut = Files.write(dir.resolve("cut-gzip.hprof.gz"), Arrays.copyOf(gz, gz.length - 30));
        HostileRun.Outcome o = HostileRun.inProcess("histogram", cut.toString()).assertHeld("cut gzip");
        assertThat(o.exitCode()).as(o.toString()).isZero();
        assertThat(o.err()).contains("heaplens: warning: ").contains("(--strict makes this fatal)");
        HostileRun.Outcome strict = HostileRun.inProcess("histogram", cut.toString(), "--strict").assertHeld("strict");
        assertThat(strict.exitCode()).isEqualTo(2);
        assertThat(strict.err().lines()).hasSize(1);
    }

    @Test
    void randomDamageHolds() throws IOException {
        byte[] bytes = HprofBytes.valid().bytes();
        long seed = Long.getLong("heaplens.fuzz.seed", 20261123L);
        Random random = new Random(seed);
        for (int i = 0; i < 100; i++) {
            byte[] damaged = damage(bytes, random);
            Path file = Files.write(dir.resolve("damaged.hprof"), damaged);
            String what = "seed " + seed + ", case " + i;
            HostileRun.inProcess("histogram", file.toString()).assertHeld(what);
            HostileRun.inProcess("summary", file.toString()).assertHeld(what);
            if (i % 10 == 0) {
                for (String[] args : commands(file, whole)) {
                    HostileRun.inProcess(args).assertHeld(what + ", " + String.join(" ", args));
                }
            }
        }
    }

    /** One to three random byte changes: flipped bits, lengths set to their maximum, or bytes dropped. */
    static byte[] damage(byte[] bytes, Random random) {
        byte[] b = bytes.clone();
        for (int k = 1 + random.nextInt(3); k > 0; k--) {
            int at = 31 + random.nextInt(b.length - 31);
            switch (random.nextInt(3)) {
                case 0 -> b[at] ^= (byte) (1 << random.nextInt(8));
                case 1 -> {
                    for (int j = at; j < Math.min(b.length, at + 4); j++) {
                        b[j] = (byte) 0xFF;
                    }
                }
                default -> {
                    byte[] shorter = new byte[b.length - 1];
                    System.arraycopy(b, 0, shorter, 0, at);
                    System.arraycopy(b, at + 1, shorter, at, b.length - at - 1);
                    b = shorter;
                }
            }
        }
        return b;
    }

    /** Every command that reads a dump, on {@code file} (and {@code other} for the two-dump ones). */
    static List<String[]> commands(Path file, Path other) {
        String f = file.toString();
        return List.of(new String[] {"summary", f}, new String[] {"histogram", f}, new String[] {"top", f},
                new String[] {"retained", f}, new String[] {"paths", f, FOO_ADDRESS}, new String[] {"object", f, FOO_ADDRESS},
                new String[] {"strings", f}, new String[] {"diff", other.toString(), f},
                new String[] {"leaks", other.toString(), f, f});
    }

    /** Objects and bytes of a histogram's tsv (the sums of its count and bytes columns). */
    static long[] totals(String tsv) {
        List<String> lines = tsv.lines().toList();
        List<String> header = Arrays.asList(lines.get(0).split("\t"));
        int count = header.indexOf("count");
        int bytes = header.indexOf("bytes");
        long[] t = new long[2];
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split("\t");
            t[0] += Long.parseLong(cells[count]);
            t[1] += Long.parseLong(cells[bytes]);
        }
        return t;
    }
}
