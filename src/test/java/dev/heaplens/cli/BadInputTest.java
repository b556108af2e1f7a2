package dev.heaplens.cli;

import dev.heaplens.cli.CliTestSupport.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;

import static dev.heaplens.cli.CliTestSupport.gzip;
import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.runWithStdin;
import static dev.heaplens.cli.CliTestSupport.text;
import static dev.heaplens.cli.CliTestSupport.writeBytes;
import static dev.heaplens.cli.CliTestSupport.writeDump;
import static dev.heaplens.cli.CliTestSupport.writeGzipDump;
import static dev.heaplens.cli.CliTestSupport.writeText;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Input heaplens cannot use: exit code 2, one clear line on stderr, no stack trace. Lines that
 * do not parse inside a good dump: skipped with one warning, or fatal with --strict.
 */
class BadInputTest {
    @TempDir
    Path dir;

    // ----- a small good dump, and the same with problems -----

    private static final String ROOT = "{\"type\":\"ROOT\", \"root\":\"vm\", \"references\":[\"0x7f0000001000\"]}";
    private static final String FOO = "{\"address\":\"0x7f0000001000\", \"type\":\"CLASS\", \"class\":\"0x7f0000000e00\", \"name\":\"Foo\", \"memsize\":480, \"flags\":{\"wb_protected\":true, \"old\":true}}";
    private static final String OBJ1 = "{\"address\":\"0x7f0000001400\", \"type\":\"OBJECT\", \"class\":\"0x7f0000001000\", \"ivars\":3, \"memsize\":40, \"flags\":{\"wb_protected\":true}}";
    private static final String OBJ2 = "{\"address\":\"0x7f0000001428\", \"type\":\"OBJECT\", \"class\":\"0x7f0000001000\", \"ivars\":3, \"memsize\":40}";
    private static final String STR = "{\"address\":\"0x7f0000001450\", \"type\":\"STRING\", \"class\":\"0x7f0000000e28\", \"bytesize\":5, \"value\":\"hello\", \"memsize\":40}";
    private static final String NOT_JSON = "this is not json";
    private static final String BOGUS_TYPE = "{\"address\":\"0x7f0000001478\", \"type\":\"BOGUS\", \"memsize\":40}";
    /** 50 bytes: a line cut inside the key "class". */
    private static final String CUT = "{\"address\":\"0x7f0000001478\", \"type\":\"OBJECT\", \"cla";

    /** Lines 3 and 5 are bad. */
    private static final String[] TWO_BAD = {ROOT, FOO, NOT_JSON, OBJ1, BOGUS_TYPE, OBJ2, STR};

    private static final String BY_TYPE_ALL_GOOD_LINES = "count\tbytes\ttype\n"
            + "1\t480\tCLASS\n"
            + "2\t80\tOBJECT\n"
            + "1\t40\tSTRING\n";

    private static void assertFailsWith(Result r, String... expectedStderrLines) {
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        assertThat(r.out()).as(r.toString()).isEmpty();
        assertThat(r.errLines()).as(r.toString()).containsExactly(expectedStderrLines);
        assertNoStackTrace(r);
    }

    private static void assertNoStackTrace(Result r) {
        assertThat(r.err()).as(r.toString()).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(r.out()).as(r.toString()).doesNotContain("\tat ").doesNotContain("Exception");
    }

    // ----- files that are not Ruby dumps -----

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void emptyFile(String command) {
        Path p = writeBytes(dir, "empty.json", new byte[0]);
        assertFailsWith(run(command, p.toString()),
                "heaplens: " + p + ": not a Ruby heap dump: the file is empty");
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void onlyBlankLines(String command) {
        Path p = writeText(dir, "blank.json", "\n\n   \n\t\n\r\n");
        assertFailsWith(run(command, p.toString()),
                "heaplens: " + p + ": not a Ruby heap dump: the file is empty");
    }

    @Test
    void truncatedHprofFileForACommandThatReadsIt() {
        byte[] hprof = "JAVA PROFILE 1.0.2\0\0\0\0\u0008\0\0\u0001\u0090abc".getBytes(StandardCharsets.ISO_8859_1);
        Path p = writeBytes(dir, "heap.hprof", hprof);
        String cut = "heaplens: " + p + ": offset 30: file ends inside the file header that starts at offset 0 (truncated?)";
        for (String command : new String[] {"histogram", "summary", "top"}) {
            assertFailsWith(run(command, p.toString()), cut);
        }
        Path other = writeBytes(dir, "other.hprof", hprof);
        assertFailsWith(run("diff", p.toString(), other.toString()), cut);
        Path third = writeBytes(dir, "third.hprof", hprof);
        // leaks reads a JVM C first (then A and B side by side): C's problem is the one reported
        assertFailsWith(run("leaks", p.toString(), other.toString(), third.toString()), cut.replace(p.toString(), third.toString()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void binaryFile(String command) {
        byte[] elf = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0x3e, 0, 1, 0, 0, 0,
                (byte) 0x90, (byte) 0xff, (byte) 0xc3, 0x55, 0x48, (byte) 0x89, (byte) 0xe5};
        Path p = writeBytes(dir, "a.out", elf);
        assertFailsWith(run(command, p.toString()),
                "heaplens: " + p + ": not a Ruby heap dump: the file is a binary file, not a heap dump heaplens can read");
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void randomBytesWithNul(String command) {
        byte[] noise = new byte[4096];
        new Random(42).nextBytes(noise);
        noise[0] = 'x'; // not gzip magic, not whitespace, not JSON
        noise[100] = 0;
        Path p = writeBytes(dir, "noise.bin", noise);
        assertFailsWith(run(command, p.toString()),
                "heaplens: " + p + ": not a Ruby heap dump: the file is a binary file, not a heap dump heaplens can read");
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void jsonArray(String command) {
        Path p = writeText(dir, "array.json", "[\n  {\"type\":\"ROOT\", \"root\":\"vm\"},\n  {\"address\":\"0x1\", \"type\":\"STRING\"}\n]\n");
        assertFailsWith(run(command, p.toString()),
                "heaplens: " + p + ": not a Ruby heap dump: the file is a JSON array, not ObjectSpace.dump_all JSON lines");
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void otherJson(String command) {
        Path p = writeText(dir, "other.json", "{\"foo\":1}\n");
        assertFailsWith(run(command, p.toString()),
                "heaplens: " + p + ": not a Ruby heap dump: the file is JSON, but not a Ruby heap dump (its first line has no \"type\" key)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void plainText(String command) {
        Path p = writeText(dir, "notes.txt", "hello world\nthis is not a heap dump\n");
        assertFailsWith(run(command, p.toString()),
                "heaplens: " + p + ": not a Ruby heap dump: the file is text, not a heap dump heaplens can read (expected JSON lines starting with '{')");
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void directory(String command) throws IOException {
        Path p = Files.createDirectory(dir.resolve("dumps"));
        assertFailsWith(run(command, p.toString()),
                "heaplens: " + p + ": is a directory, not a dump file");
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void missingFile(String command) {
        Path p = dir.resolve("no-such-dump.json");
        assertFailsWith(run(command, p.toString()),
                "heaplens: " + p + ": no such file");
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void gzipMagicThenGarbage(String command) {
        byte[] bad = "\u001f\u008bgarbage, not a gzip header or deflate data".getBytes(StandardCharsets.ISO_8859_1);
        Path p = writeBytes(dir, "corrupt.json.gz", bad);
        assertFailsWith(run(command, p.toString()),
                "heaplens: " + p + ": not a valid gzip file: Unsupported compression method");
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void gzipValidHeaderThenGarbage(String command) {
        byte[] header = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3};
        byte[] garbage = "garbagegarbagegarbagegarbage".getBytes(StandardCharsets.US_ASCII);
        byte[] bad = new byte[header.length + garbage.length];
        System.arraycopy(header, 0, bad, 0, header.length);
        System.arraycopy(garbage, 0, bad, header.length, garbage.length);
        Path p = writeBytes(dir, "corrupt.json.gz", bad);
        assertFailsWith(run(command, p.toString()),
                "heaplens: " + p + ": corrupt gzip data (invalid block type): not read");
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void gzipCutRightAfterItsHeader(String command) {
        byte[] whole = gzip(text(ROOT, FOO, OBJ1, OBJ2, STR));
        Path p = writeBytes(dir, "cut.json.gz", Arrays.copyOf(whole, 10));
        assertFailsWith(run(command, p.toString()),
                "heaplens: " + p + ": truncated gzip data: it ends before any data (Unexpected end of ZLIB input stream)");
    }

    @Test
    void gzipMagicOnly() {
        Path p = writeBytes(dir, "magic.json.gz", new byte[] {0x1f, (byte) 0x8b});
        Result r = run("histogram", p.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.errLines().get(0)).startsWith("heaplens: " + p + ": not a valid gzip file").doesNotEndWith(": null");
    }

    @Test
    void gzipOfNothingIsAnEmptyDump() {
        Path p = writeBytes(dir, "empty.json.gz", gzip(new byte[0]));
        assertFailsWith(run("histogram", p.toString()),
                "heaplens: " + p + ": not a Ruby heap dump: the file is empty");
    }

    // ----- a gzip file cut in half -----

    /** A dump of {@code n} STRING lines whose values do not compress away. */
    private static byte[] stringDump(int n) {
        Random random = new Random(7);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            StringBuilder value = new StringBuilder();
            for (int j = 0; j < 60; j++) {
                value.append((char) ('a' + random.nextInt(26)));
            }
            sb.append(String.format("{\"address\":\"0x7f00%08x\", \"type\":\"STRING\", \"class\":\"0x7f0000000e28\", "
                    + "\"bytesize\":60, \"value\":\"%s\", \"memsize\":80}\n", 0x1000 + i * 40, value));
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** What an independent gunzip gets out of {@code gz} before the data ends. */
    private static byte[] decompressiblePrefix(byte[] gz) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(gz))) {
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) >= 0) {
                out.write(buf, 0, n);
            }
            throw new AssertionError("the cut gzip file decompressed without error");
        } catch (EOFException expected) {
            return out.toByteArray();
        }
    }

    private static long newlines(byte[] data) {
        long n = 0;
        for (byte b : data) {
            if (b == '\n') {
                n++;
            }
        }
        return n;
    }

    @Test
    void gzipCutInHalfWarnsAndCountsTheLinesBeforeTheCut() throws IOException {
        byte[] whole = gzip(stringDump(3000));
        byte[] half = Arrays.copyOf(whole, whole.length / 2);
        Path p = writeBytes(dir, "half.json.gz", half);
        long completeLines = newlines(decompressiblePrefix(half));
        assertThat(completeLines).isBetween(100L, 2900L);

        Result r = run("histogram", p.toString(), "--by", "type", "--format", "tsv");

        // Current behaviour: the lines before the cut are counted, exit 0, and one warning says the data ended early.
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).isEqualTo("count\tbytes\ttype\n" + completeLines + "\t" + completeLines * 80 + "\tSTRING\n");
        assertThat(r.errLines()).as(r.toString()).containsExactly(
                "heaplens: warning: " + p + ": line " + completeLines
                        + ": compressed data ends early (truncated gzip file?): results cover the lines before it",
                "heaplens: total: " + completeLines + " objects, " + completeLines * 80 + " bytes in 1 group (1 shown)");
        assertNoStackTrace(r);
    }

    @Test
    void gzipCutInHalfSummarySaysSoInItsReport() throws IOException {
        byte[] whole = gzip(stringDump(3000));
        byte[] half = Arrays.copyOf(whole, whole.length / 2);
        Path p = writeBytes(dir, "half.json.gz", half);
        long completeLines = newlines(decompressiblePrefix(half));

        Result r = run("summary", p.toString(), "--format", "json");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.errLines()).containsExactly("heaplens: warning: " + p + ": line " + completeLines
                + ": compressed data ends early (truncated gzip file?): results cover the lines before it");
        assertThat(r.out()).contains("\"objects\":" + completeLines + ",")
                .contains("\"truncatedLastLine\":\"compressed data ends early (truncated gzip file?): results cover the lines before it\"");
    }

    @Test
    void gzipCutInHalfIsFatalWithStrict() throws IOException {
        byte[] whole = gzip(stringDump(3000));
        byte[] half = Arrays.copyOf(whole, whole.length / 2);
        Path p = writeBytes(dir, "half.json.gz", half);
        long bytes = decompressiblePrefix(half).length;
        assertFailsWith(run("histogram", p.toString(), "--strict"),
                "heaplens: " + p + ": compressed data ends early after " + bytes + " bytes (truncated gzip file?)");
    }

    @Test
    void gzipCutInHalfOnStdinWarns() throws IOException {
        byte[] whole = gzip(stringDump(3000));
        byte[] half = Arrays.copyOf(whole, whole.length / 2);
        long completeLines = newlines(decompressiblePrefix(half));
        Result r = runWithStdin(half, "histogram", "-", "--by", "type", "--format", "tsv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).isEqualTo("count\tbytes\ttype\n" + completeLines + "\t" + completeLines * 80 + "\tSTRING\n");
        assertThat(r.errLines()).first().isEqualTo("heaplens: warning: standard input: line " + completeLines
                + ": compressed data ends early (truncated gzip file?): results cover the lines before it");
    }

    // ----- bad option values -----

    @Test
    void unknownGroupBy() {
        Path p = writeDump(dir, "ok.json", ROOT, FOO, OBJ1);
        // Picocli names the list element (KEY: --by takes several) and adds a second line pointing at --help.
        assertFailsWith(run("histogram", p.toString(), "--by", "size"),
                "heaplens: Invalid value for option '--by' (KEY): expected one of type, class, imemo, location, file, gem, method, generation, package, loader, kind but was 'size'",
                "Try 'heaplens histogram --help' for more information.");
    }

    @Test
    void unknownHistogramFormat() {
        Path p = writeDump(dir, "ok.json", ROOT, FOO, OBJ1);
        assertFailsWith(run("histogram", p.toString(), "--format", "xml"),
                "heaplens: Invalid value for option '--format': expected one of table, markdown, tsv, csv, json but was 'xml'",
                "Try 'heaplens histogram --help' for more information.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"tsv", "csv", "TSV"})
    void summaryHasNoDelimitedFormat(String format) {
        Path p = writeDump(dir, "ok.json", ROOT, FOO, OBJ1);
        assertFailsWith(run("summary", p.toString(), "--format", format),
                "heaplens: summary is written as table, markdown or json, not " + format.toLowerCase());
    }

    @Test
    void minBytesNotASize() {
        Path p = writeDump(dir, "ok.json", ROOT, FOO, OBJ1);
        assertFailsWith(run("histogram", p.toString(), "--min-bytes", "abc"),
                "heaplens: Invalid value for option '--min-bytes': not a size: 'abc' (examples: 1500, 10KB, 2.5MB, 1GiB)",
                "Try 'heaplens histogram --help' for more information.");
    }

    @Test
    void minBytesUnknownUnit() {
        Path p = writeDump(dir, "ok.json", ROOT, FOO, OBJ1);
        assertFailsWith(run("histogram", p.toString(), "--min-bytes", "10XB"),
                "heaplens: Invalid value for option '--min-bytes': unknown size unit 'XB' in '10XB' (use B, KB, MB, GB, TB or KiB, MiB, GiB, TiB)",
                "Try 'heaplens histogram --help' for more information.");
    }

    @Test
    void minBytesMalformedNumber() {
        Path p = writeDump(dir, "ok.json", ROOT, FOO, OBJ1);
        assertFailsWith(run("histogram", p.toString(), "--min-bytes", "1.2.3"),
                "heaplens: Invalid value for option '--min-bytes': not a size: '1.2.3' (examples: 1500, 10KB, 2.5MB, 1GiB)",
                "Try 'heaplens histogram --help' for more information.");
    }

    @Test
    void missingDumpArgument() {
        assertFailsWith(run("histogram"),
                "heaplens: Missing required parameter: 'DUMP'",
                "Try 'heaplens histogram --help' for more information.");
    }

    @Test
    void bareHeaplensListsTheCommands() {
        Result r = run();
        assertThat(r.err()).contains("Commands:").contains("summary").contains("histogram");
    }

    // ----- malformed lines inside a dump -----

    @Test
    void twoMalformedLinesAreSkippedWithOneWarning() {
        Path p = writeDump(dir, "two-bad.json", TWO_BAD);
        Result r = run("histogram", p.toString(), "--by", "type", "--format", "tsv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).isEqualTo(BY_TYPE_ALL_GOOD_LINES);
        assertThat(r.errLines()).containsExactly(
                "heaplens: warning: " + p + ": skipped 2 malformed lines (--strict makes them fatal); first: "
                        + "line 3: expected '{' at column 1; line 5: unknown type \"BOGUS\"",
                "heaplens: total: 4 objects, 600 bytes in 3 groups (3 shown)");
        assertNoStackTrace(r);
    }

    @Test
    void oneMalformedLineIsSingular() {
        Path p = writeDump(dir, "one-bad.json", ROOT, FOO, OBJ1, NOT_JSON, OBJ2, STR);
        Result r = run("histogram", p.toString(), "--format", "json");
        assertThat(r.exitCode()).isZero();
        assertThat(r.errLines()).containsExactly("heaplens: warning: " + p
                + ": skipped 1 malformed line (--strict makes them fatal); first: line 4: expected '{' at column 1");
    }

    @Test
    void twoMalformedLinesInTheSummary() {
        Path p = writeDump(dir, "two-bad.json", TWO_BAD);
        Result r = run("summary", p.toString(), "--format", "json");
        assertThat(r.exitCode()).isZero();
        assertThat(r.errLines()).containsExactly(
                "heaplens: warning: " + p + ": skipped 2 malformed lines (--strict makes them fatal); first: "
                        + "line 3: expected '{' at column 1; line 5: unknown type \"BOGUS\"");
        assertThat(r.out()).contains("\"input\":{\"lines\":7,")
                .contains("\"malformedLines\":2,\"firstProblems\":[{\"line\":3,\"message\":\"expected '{' at column 1\"},"
                        + "{\"line\":5,\"message\":\"unknown type \\\"BOGUS\\\"\"}],\"truncatedLastLine\":null}")
                .contains("\"objects\":4,\"bytes\":600,");
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void twoMalformedLinesWithStrictStopAtTheFirst(String command) {
        Path p = writeDump(dir, "two-bad.json", TWO_BAD);
        assertFailsWith(run(command, p.toString(), "--strict"),
                "heaplens: " + p + ": line 3: expected '{' at column 1 (--strict stops at the first bad line)");
    }

    @Test
    void twoMalformedLinesInAGzipDump() {
        Path p = writeGzipDump(dir, "two-bad.json.gz", TWO_BAD);
        Result r = run("histogram", p.toString(), "--by", "type", "--format", "tsv");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).isEqualTo(BY_TYPE_ALL_GOOD_LINES);
        assertThat(r.errLines()).first().isEqualTo(
                "heaplens: warning: " + p + ": skipped 2 malformed lines (--strict makes them fatal); first: "
                        + "line 3: expected '{' at column 1; line 5: unknown type \"BOGUS\"");
        assertFailsWith(run("histogram", p.toString(), "--strict"),
                "heaplens: " + p + ": line 3: expected '{' at column 1 (--strict stops at the first bad line)");
    }

    @Test
    void truncatedLastLineWarns() {
        Path p = writeText(dir, "cut.json", String.join("\n", ROOT, FOO, OBJ1, OBJ2, CUT));
        Result r = run("histogram", p.toString(), "--by", "type", "--format", "tsv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).isEqualTo("count\tbytes\ttype\n1\t480\tCLASS\n2\t80\tOBJECT\n");
        assertThat(r.errLines()).containsExactly(
                "heaplens: warning: " + p + ": line 5: last line is truncated (50 bytes, no newline): unterminated key",
                "heaplens: total: 3 objects, 560 bytes in 2 groups (2 shown)");
        assertNoStackTrace(r);
    }

    @Test
    void truncatedLastLineInTheSummary() {
        Path p = writeText(dir, "cut.json", String.join("\n", ROOT, FOO, OBJ1, OBJ2, CUT));
        Result r = run("summary", p.toString());
        assertThat(r.exitCode()).isZero();
        assertThat(r.errLines()).containsExactly(
                "heaplens: warning: " + p + ": line 5: last line is truncated (50 bytes, no newline): unterminated key");
        assertThat(r.out()).contains("  read             5 lines, ")
                .contains("; 0 malformed lines skipped; last line truncated\n")
                .contains("\nLines skipped\n  line 5: last line is truncated (50 bytes, no newline): unterminated key\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary", "histogram"})
    void truncatedLastLineWithStrictFails(String command) {
        Path p = writeText(dir, "cut.json", String.join("\n", ROOT, FOO, OBJ1, OBJ2, CUT));
        assertFailsWith(run(command, p.toString(), "--strict"),
                "heaplens: " + p + ": line 5: last line is truncated (50 bytes, no newline): unterminated key"
                        + " (--strict stops at the first bad line)");
    }

    @Test
    void completeLastLineWithoutNewlineIsFine() {
        Path p = writeText(dir, "no-eol.json", String.join("\n", ROOT, FOO, OBJ1, OBJ2, STR));
        Result r = run("histogram", p.toString(), "--by", "type", "--format", "tsv", "--strict");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).isEqualTo(BY_TYPE_ALL_GOOD_LINES);
        assertThat(r.errLines()).containsExactly("heaplens: total: 4 objects, 600 bytes in 3 groups (3 shown)");
    }

    // ----- big plain files are read in parallel chunks: line numbers must stay global -----

    /** 120,000 lines (about 23 MB, so at least two 8 MB chunks); the given 1-based lines are garbage. */
    private Path bigDump(String name, int... badLines) throws IOException {
        Path p = dir.resolve(name);
        List<Integer> bad = new ArrayList<>();
        for (int b : badLines) {
            bad.add(b);
        }
        String filler = "x".repeat(80);
        try (var w = Files.newBufferedWriter(p, StandardCharsets.UTF_8)) {
            for (int i = 1; i <= 120_000; i++) {
                if (bad.contains(i)) {
                    w.write("garbage line " + i + "\n");
                } else {
                    w.write("{\"address\":\"0x" + Long.toHexString(0x7f0000100000L + i * 40L)
                            + "\", \"type\":\"STRING\", \"class\":\"0x7f0000000e28\", \"bytesize\":80, \"value\":\""
                            + filler + "\", \"memsize\":40}\n");
                }
            }
        }
        return p;
    }

    @Test
    void malformedLinesInParallelChunksHaveGlobalLineNumbers() throws IOException {
        Path p = bigDump("big.json", 5, 100_000);
        Result r = run("histogram", p.toString(), "--by", "type", "--format", "tsv", "--threads", "4");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).isEqualTo("count\tbytes\ttype\n119998\t4799920\tSTRING\n");
        assertThat(r.errLines()).containsExactly(
                "heaplens: warning: " + p + ": skipped 2 malformed lines (--strict makes them fatal); first: "
                        + "line 5: expected '{' at column 1; line 100000: expected '{' at column 1",
                "heaplens: total: 119998 objects, 4799920 bytes in 1 group (1 shown)");
    }

    @Test
    void strictInASecondChunkNamesTheGlobalLine() throws IOException {
        Path p = bigDump("big.json", 100_000);
        assertFailsWith(run("histogram", p.toString(), "--strict", "--threads", "4"),
                "heaplens: " + p + ": line 100000: expected '{' at column 1 (--strict stops at the first bad line)");
    }

    @Test
    void strictNamesTheFirstBadLineEvenAcrossChunks() throws IOException {
        Path p = bigDump("big.json", 59_000, 60_500);
        assertFailsWith(run("histogram", p.toString(), "--strict", "--threads", "2"),
                "heaplens: " + p + ": line 59000: expected '{' at column 1 (--strict stops at the first bad line)");
    }

    // ----- standard input -----

    @Test
    void plainDumpOnStdin() {
        Result r = runWithStdin(text(ROOT, FOO, OBJ1, OBJ2, STR), "histogram", "-", "--by", "type", "--format", "tsv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).isEqualTo(BY_TYPE_ALL_GOOD_LINES);
        assertThat(r.errLines()).containsExactly("heaplens: total: 4 objects, 600 bytes in 3 groups (3 shown)");
    }

    @Test
    void gzipDumpOnStdin() {
        Result r = runWithStdin(gzip(text(ROOT, FOO, OBJ1, OBJ2, STR)), "histogram", "-", "--by", "type", "--format", "tsv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).isEqualTo(BY_TYPE_ALL_GOOD_LINES);
        assertThat(r.errLines()).containsExactly("heaplens: total: 4 objects, 600 bytes in 3 groups (3 shown)");
    }

    @Test
    void summaryOfStdinNamesIt() {
        Result r = runWithStdin(gzip(text(ROOT, FOO, OBJ1, OBJ2, STR)), "summary", "-", "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).startsWith("{\"dump\":\"standard input\",\"input\":{\"lines\":5,")
                .contains("\"objects\":4,\"bytes\":600,");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void malformedLinesOnStdin() {
        Result r = runWithStdin(text(TWO_BAD), "histogram", "-", "--by", "type", "--format", "tsv");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).isEqualTo(BY_TYPE_ALL_GOOD_LINES);
        assertThat(r.errLines()).first().isEqualTo(
                "heaplens: warning: standard input: skipped 2 malformed lines (--strict makes them fatal); first: "
                        + "line 3: expected '{' at column 1; line 5: unknown type \"BOGUS\"");
        assertFailsWith(runWithStdin(text(TWO_BAD), "histogram", "-", "--strict"),
                "heaplens: standard input: line 3: expected '{' at column 1 (--strict stops at the first bad line)");
    }

    @Test
    void emptyStdin() {
        assertFailsWith(runWithStdin(new byte[0], "summary", "-"),
                "heaplens: standard input: not a Ruby heap dump: the file is empty");
    }

    @Test
    void textOnStdin() {
        assertFailsWith(runWithStdin("hello\n".getBytes(StandardCharsets.UTF_8), "histogram", "-"),
                "heaplens: standard input: not a Ruby heap dump: the file is text, not a heap dump heaplens can read (expected JSON lines starting with '{')");
    }

    @Test
    void corruptGzipOnStdin() {
        byte[] bad = "\u001f\u008bgarbage".getBytes(StandardCharsets.ISO_8859_1);
        Result r = runWithStdin(bad, "histogram", "-");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("heaplens: ").endsWith(": not a valid gzip file: Unsupported compression method");
        assertNoStackTrace(r);
    }

    @Test
    void corruptGzipOnStdinNamesStandardInput() {
        byte[] bad = "\u001f\u008bgarbage".getBytes(StandardCharsets.ISO_8859_1);
        assertFailsWith(runWithStdin(bad, "histogram", "-"),
                "heaplens: standard input: not a valid gzip file: Unsupported compression method");
    }
}
