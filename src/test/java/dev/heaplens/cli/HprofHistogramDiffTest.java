package dev.heaplens.cli;

import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.hprof.SelfDump;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.runWithStdin;
import static dev.heaplens.cli.CliTestSupport.writeDump;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * histogram and diff on two dumps of this test JVM, the second taken after it allocated 777 more
 * instances of a class of its own (and a 12 MB array, for the growth gate).
 */
class HprofHistogramDiffTest {
    /** 12-byte header + one long, aligned to 24 bytes (compressed oops: the test JVM's heap is small). */
    static final class Grown {
        long value;
    }

    private static final int BEFORE = 1234;
    private static final int ADDED = 777;
    private static final long GROWN_SIZE = 24;
    static List<Grown> held;
    static byte[] ballast;
    private static Path dir;
    private static Path before;
    private static Path after;

    @BeforeAll
    static void dumpThisJvmTwice() throws IOException {
        dir = Files.createTempDirectory("heaplens-hprof-diff");
        before = dir.resolve("before.hprof");
        after = dir.resolve("after.hprof");
        held = new ArrayList<>(BEFORE + ADDED);
        for (int i = 0; i < BEFORE; i++) {
            held.add(new Grown());
        }
        dumpTo(before);
        for (int i = 0; i < ADDED; i++) {
            held.add(new Grown());
        }
        ballast = new byte[12_000_000];
        dumpTo(after);
    }

    private static void dumpTo(Path file) throws IOException {
        SelfDump.write(file);
    }

    @AfterAll
    static void cleanUp() throws IOException {
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(dir);
        held = null;
        ballast = null;
    }

    private static String row(Result r, String key) {
        return r.outLines().stream().filter(line -> line.endsWith("\t" + key)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + key + " in\n" + r));
    }

    @Test
    void diffShowsExactlyTheInstancesAllocatedBetweenTheDumps() {
        Result r = run("diff", before.toString(), after.toString(), "--top", "0", "--format", "tsv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.outLines().get(0)).isEqualTo("count_before\tbytes_before\tcount_after\tbytes_after\tcount_delta\tbytes_delta\tclass");
        int total = BEFORE + ADDED;
        assertThat(row(r, Grown.class.getName())).isEqualTo(BEFORE + "\t" + BEFORE * GROWN_SIZE + "\t" + total + "\t"
                + total * GROWN_SIZE + "\t" + ADDED + "\t" + ADDED * GROWN_SIZE + "\t" + Grown.class.getName());
    }

    @Test
    void diffGroupsByPackageLoaderAndKindToo() {
        for (String by : new String[] {"package", "loader", "kind", "type"}) {
            Result r = run("diff", before.toString(), after.toString(), "--by", by, "--top", "0", "--format", "tsv");
            assertThat(r.exitCode()).as(r.toString()).isZero();
            // --by type is taken for kind, the JVM word, and printed as such
            assertThat(r.outLines().get(0)).endsWith("\tbytes_delta\t" + (by.equals("type") ? "kind" : by));
        }
        Result byKind = run("diff", before.toString(), after.toString(), "--by", "kind", "--format", "tsv");
        assertThat(byKind.outLines()).anyMatch(line -> line.endsWith("\tinstance"))
                .anyMatch(line -> line.endsWith("\tprimitive array")).anyMatch(line -> line.endsWith("\tclass"));
        String grownPackage = Grown.class.getPackageName();
        String[] packageRow = row(run("diff", before.toString(), after.toString(), "--by", "package", "--top", "0",
                "--format", "tsv"), grownPackage).split("\t");
        assertThat(Long.parseLong(packageRow[4])).isGreaterThanOrEqualTo(ADDED);
    }

    @Test
    void theGrowthGateWorksOnJvmDumps() {
        Result over = run("diff", before.toString(), after.toString(), "--fail-over", "5MB");
        assertThat(over.exitCode()).as(over.toString()).isEqualTo(3);
        assertThat(over.errLines()).singleElement().asString().startsWith("heaplens: memory grew by ")
                .endsWith(", over --fail-over 5.0 MB");
        assertThat(run("diff", before.toString(), after.toString(), "--fail-over", "1GB").exitCode()).isZero();
    }

    @Test
    void aJvmDumpIsReadOnceSoStandardInputAndGzipWork() throws IOException {
        Result fromFile = run("histogram", after.toString(), "--top", "0", "--format", "tsv");
        assertThat(fromFile.exitCode()).as(fromFile.toString()).isZero();
        assertThat(row(fromFile, Grown.class.getName())).startsWith((BEFORE + ADDED) + "\t");
        try (InputStream in = Files.newInputStream(after)) {
            Result fromStdin = runWithStdin(in, "histogram", "-", "--top", "0", "--format", "tsv");
            assertThat(fromStdin.out()).isEqualTo(fromFile.out());
        }
        Path gzip = CliTestSupport.writeBytes(dir, "after.hprof.gz", CliTestSupport.gzip(Files.readAllBytes(after)));
        assertThat(run("histogram", gzip.toString(), "--top", "0", "--format", "tsv").out()).isEqualTo(fromFile.out());
    }

    @Test
    void keysOfTheOtherRuntimeAreRefusedNamingTheOnesThatWork() {
        Result gem = run("histogram", after.toString(), "--by", "gem");
        assertThat(gem.exitCode()).isEqualTo(2);
        assertThat(gem.errLines()).containsExactly("heaplens: " + after + ": --by gem is for Ruby dumps;"
                + " a JVM heap dump groups by class, package, loader or kind");
        Path ruby = writeDump(dir, "ruby.json", "{\"type\":\"ROOT\", \"root\":\"vm\", \"references\":[]}");
        for (String by : new String[] {"package", "loader", "kind"}) {
            Result r = run("histogram", ruby.toString(), "--by", by);
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.errLines()).containsExactly("heaplens: " + ruby + ": --by " + by + " is for JVM heap dumps;"
                    + " a Ruby dump groups by type, class, imemo, location, file, gem, method or generation");
        }
        Result diff = run("diff", ruby.toString(), ruby.toString(), "--by", "loader");
        assertThat(diff.exitCode()).isEqualTo(2);
        assertThat(diff.errLines()).last().asString().startsWith("heaplens: " + ruby + ": --by loader is for JVM heap dumps;");
        Result mixed = run("diff", before.toString(), ruby.toString());
        assertThat(mixed.exitCode()).isEqualTo(2);
        assertThat(mixed.errLines()).containsExactly("heaplens: " + before + " is a JVM HPROF heap dump but " + ruby
                + " is a Ruby ObjectSpace.dump_all dump: compare dumps of the same runtime");
    }
}
