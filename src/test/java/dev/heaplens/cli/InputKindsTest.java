package dev.heaplens.cli;

import dev.heaplens.cli.CliTestSupport.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import static dev.heaplens.cli.CliTestSupport.gzip;
import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.text;
import static dev.heaplens.cli.CliTestSupport.writeBytes;
import static org.assertj.core.api.Assertions.assertThat;

/** Inputs a user may hand over: pipes, blank prefixes, a BOM, corrupt gzip, other tools' formats. */
class InputKindsTest {
    @TempDir
    Path dir;

    private static final String FOO = "{\"address\":\"0x7f0000001000\", \"type\":\"CLASS\", \"class\":\"0x7f0000000e00\", \"name\":\"Foo\", \"memsize\":480}";
    private static final String OBJ = "{\"address\":\"0x7f0000001400\", \"type\":\"OBJECT\", \"class\":\"0x7f0000001000\", \"memsize\":40}";
    private static final String HISTOGRAM = """
            Objects by class in plain.json, by bytes
            count  count%  bytes  bytes%  class
                1   50.0%  480 B   92.3%  Class
                1   50.0%   40 B    7.7%  Foo
                2  100.0%  520 B  100.0%  TOTAL (2 groups)
            """;

    private static void assertFails(Result r, String line) {
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        assertThat(r.errLines()).as(r.toString()).containsExactly(line);
    }

    private static String histogramOf(Path p) {
        Result r = run("histogram", "--by", "class", p.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).as(r.toString()).isEmpty();
        return r.out().replace(p.toString(), "plain.json");
    }

    @Test
    void blankLinesBeforeTheDumpAreSkipped() {
        byte[] dump = text(FOO, OBJ);
        byte[] blanks = "\n".repeat(70_000).getBytes(StandardCharsets.US_ASCII);
        byte[] both = Arrays.copyOf(blanks, blanks.length + dump.length);
        System.arraycopy(dump, 0, both, blanks.length, dump.length);
        assertThat(histogramOf(writeBytes(dir, "plain.json", both))).isEqualTo(HISTOGRAM);
        assertThat(histogramOf(writeBytes(dir, "plain.json.gz", gzip(both))).replace("plain.json.gz", "plain.json"))
                .isEqualTo(HISTOGRAM);
    }

    @Test
    void aByteOrderMarkIsAccepted() {
        byte[] dump = text(FOO, OBJ);
        byte[] bom = new byte[dump.length + 3];
        bom[0] = (byte) 0xef;
        bom[1] = (byte) 0xbb;
        bom[2] = (byte) 0xbf;
        System.arraycopy(dump, 0, bom, 3, dump.length);
        assertThat(histogramOf(writeBytes(dir, "plain.json", bom))).isEqualTo(HISTOGRAM);
    }

    @Test
    void aFifoIsReadOnceFromItsStart() throws Exception {
        for (boolean gz : new boolean[] {false, true}) {
            Path fifo = dir.resolve(gz ? "fifo-gz" : "fifo");
            Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
            assertThat(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0).isTrue();
            byte[] dump = gz ? gzip(text(FOO, OBJ)) : text(FOO, OBJ);
            Thread writer = new Thread(() -> {
                try {
                    Files.write(fifo, dump);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            writer.start();
            Result r = run("histogram", "--by", "class", fifo.toString());
            writer.join(10_000);
            assertThat(r.exitCode()).as(r.toString()).isZero();
            assertThat(r.out().replace(fifo.toString(), "plain.json")).isEqualTo(HISTOGRAM);
        }
    }

    @Test
    void anEmptyPathIsNamedAsSuch() {
        assertFails(run("summary", ""), "heaplens: the dump path is empty: name a dump file, or - for standard input");
    }

    @Test
    void aCorruptGzipIsNotCalledTruncatedAndGivesNoResults() {
        byte[] whole = gzip(text(FOO, OBJ, OBJ.replace("1400", "1428")));
        byte[] crc = whole.clone();
        crc[crc.length - 6] ^= 1; // one bit of the CRC-32 in the trailer
        Path p = writeBytes(dir, "crc.json.gz", crc);
        Result r = run("summary", p.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.errLines().get(0)).startsWith("heaplens: " + p + ": corrupt gzip data after ")
                .endsWith("(Corrupt GZIP trailer): not read");
        byte[] size = whole.clone();
        size[size.length - 1] ^= 1; // the size in the trailer
        assertThat(run("histogram", writeBytes(dir, "size.json.gz", size).toString()).err()).contains("corrupt gzip data");
    }

    @Test
    void otherToolsFormatsAreNamed() {
        byte[] phd = new byte[40];
        byte[] magic = "\0\u0012portable heap dump\0\0\0\u0006\0\0\0\u0005".getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(magic, 0, phd, 0, magic.length);
        Path p = writeBytes(dir, "heapdump.phd", phd);
        assertFails(run("summary", p.toString()), "heaplens: " + p + ": not a Ruby heap dump: the file is an IBM/OpenJ9 "
                + "Portable Heap Dump (.phd), a format heaplens does not read");
        Path jfr = writeBytes(dir, "rec.jfr", "FLR\0\0\u0002\0\0".getBytes(StandardCharsets.ISO_8859_1));
        assertFails(run("top", jfr.toString()), "heaplens: " + jfr + ": not a Ruby heap dump: the file is a Java Flight "
                + "Recorder recording (.jfr), not a heap dump");
        byte[] core = new byte[64];
        System.arraycopy(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1}, 0, core, 0, 7);
        core[16] = 4;
        Path c = writeBytes(dir, "core.1234", core);
        assertThat(run("summary", c.toString()).err()).contains("a core dump (ELF), not a heap dump");
        Path cut = writeBytes(dir, "cut.hprof", "JAVA PROF".getBytes(StandardCharsets.US_ASCII));
        for (String command : new String[] {"summary", "histogram", "top"}) {
            assertFails(run(command, cut.toString()), "heaplens: " + cut + ": not a Ruby heap dump: the file is a JVM "
                    + "HPROF dump cut short inside its header: it holds no records");
        }
    }
}
