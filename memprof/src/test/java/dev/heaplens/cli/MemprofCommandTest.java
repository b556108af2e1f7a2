package dev.heaplens.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class MemprofCommandTest {
    @TempDir
    Path dir;

    private Path log(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void showsOneLogAsMemProfsTableLargestFirst() throws IOException {
        Path f = log("a.tsv", "3\n"
                + "1000\t16000\tcom.example.Foo.bar(Foo.java:42)\tcom.example.Main.main(Main.java:7)\n"
                + "1\t800016\tcom.example.Main.main(Main.java:5)\n"
                + "2\t16000\tcom.example.Foo.baz(Foo.java:9)\n");
        CliTestSupport.Result r = CliTestSupport.run("memprof", f.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).isEqualTo("""
                | Allocations | Total size | Context |
                |------------:|-----------:|---------|
                |     1 | 800,016 | `com.example.Main.main(Main.java:5)` |
                | 1,000 |  16,000 | `com.example.Foo.bar(Foo.java:42)`<br>`com.example.Main.main(Main.java:7)` |
                |     2 |  16,000 | `com.example.Foo.baz(Foo.java:9)` |
                """);
    }

    @Test
    void showsWhatChangedPerStackBetweenTwoLogs() throws IOException {
        Path before = log("before.tsv", "2\n1000\t16000\tA.a(A.java:1)\n10\t160\tB.b(B.java:2)\n");
        Path after = log("after.tsv", "2\n10\t160\tB.b(B.java:2)\n5\t2048\tC.c(C.java:3)\n");
        CliTestSupport.Result r = CliTestSupport.run("memprof", before.toString(), after.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).isEqualTo("""
                | Allocations | Total size | Context |
                |------------:|-----------:|---------|
                | -1,000 | -16,000 | `A.a(A.java:1)` |
                |     +5 |  +2,048 | `C.c(C.java:3)` |
                """);
    }

    @Test
    void aBadLineIsOneErrorNamingFileAndLine() throws IOException {
        Path f = log("bad.tsv", "2\n1\t16\tA.a(A.java:1)\nmany\t16\tB.b(B.java:2)\n");
        CliTestSupport.Result r = CliTestSupport.run("memprof", f.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).containsExactly("heaplens: " + f + ": line 3: expected the count, a whole number >= 0, found 'many'");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aLogCutShortIsAnError() throws IOException {
        Path f = log("cut.tsv", "3\n1\t16\tA.a(A.java:1)\n");
        CliTestSupport.Result r = CliTestSupport.run("memprof", f.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains(f + ": line 2: the first line says 3 lines follow, found 1 (cut short?)");
    }

    @Test
    void aMissingFileIsAnError() {
        CliTestSupport.Result r = CliTestSupport.run("memprof", dir.resolve("none.tsv").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).containsExactly("heaplens: " + dir.resolve("none.tsv") + ": no such file");
    }
}
