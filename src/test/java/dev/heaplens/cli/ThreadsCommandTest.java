package dev.heaplens.cli;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.hprof.RootKind;
import dev.heaplens.format.hprof.ThreadDumps;
import dev.heaplens.testheap.TestHeap;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code heaplens threads} and the GC roots of the other commands on a written dump whose answer is
 * known: thread "worker" holds a 1,000-byte array in {@code Work.hold} and a 300-byte one in no
 * frame; thread "oom-thread" ran out of memory holding a 4,000-byte array. Exit codes, literal
 * table text, the JSON contract, and Ruby dumps refused in one line.
 */
class ThreadsCommandTest {
    private long held;
    private long unframed;
    private long oomHeld;

    private Path dump(Path dir) throws IOException {
        ThreadDumps d = new ThreadDumps();
        held = d.array(1000);
        unframed = d.array(300);
        oomHeld = d.array(4000);
        return d.write(dir.resolve("threads.hprof"), true, h -> {
            h.threadRoot(d.thread(h, 1, ThreadDumps.THREAD, "worker", false, 7), 1, 101);
            h.threadRoot(d.thread(h, 2, ThreadDumps.THREAD, "oom-thread", true, 5), 2, 102);
            h.localRoot(RootKind.JAVA_FRAME, held, 1, 0);
            h.localRoot(RootKind.JAVA_FRAME, unframed, 1, -1);
            h.localRoot(RootKind.JAVA_FRAME, oomHeld, 2, 1);
        });
    }

    @Test
    void tableNamesTheThreadThatRanOutOfMemoryFirstThenEachStack(@TempDir Path dir) throws IOException {
        Result r = run("threads", dump(dir).toString(), "--no-index");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(String.join("\n",
                "Threads in " + dir.resolve("threads.hprof") + ": 2 threads, whose locals alone keep 5.4 KB alive",
                "The dump was written on OutOfMemoryError: thread \"oom-thread\" ran out of memory (first below).",
                "thread        kind      daemon  priority  object   locals  retained  retained objects  top frame",
                "\"oom-thread\"  platform  yes            5  0x10200       1    4.0 KB                 1  Work.hold(Work.java:20)",
                "\"worker\"      platform  no             7  0x10100       2    1.3 KB                 2  Work.hold(Work.java:16)",
                "",
                "\"oom-thread\" daemon=yes priority=5 object=0x10200: its locals alone keep 4.0 KB (1 object) alive",
                "    at java.lang.OutOfMemoryError.<init>(OutOfMemoryError.java:48)  (added by the JVM to the thread that ran out of memory)",
                "    at Work.hold(Work.java:20)",
                "",
                "\"worker\" daemon=no priority=7 object=0x10100: its locals alone keep 1.3 KB (2 objects) alive",
                "    at Work.hold(Work.java:16)",
                "    at Work.run(Work.java:9)",
                ""));
    }

    @Test
    void aSuspectHeldByALocalNamesItsThreadAndFrame(@TempDir Path dir) throws IOException {
        // the 4,000-byte array held in oom-thread's frame is most of this small heap: a single suspect
        Path file = dump(dir);
        Result text = run("suspects", file.toString(), "--no-index");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("local in Work.hold(Work.java:20), thread \"oom-thread\"");
        JsonNode json = new ObjectMapper().readTree(run("suspects", file.toString(), "--format", "json", "--no-index").out());
        JsonNode first = json.get("suspects").get(0);
        assertThat(first.get("accumulationPoint").get("address").asText()).isEqualTo("0x" + Long.toHexString(oomHeld));
        assertThat(first.get("path").get(0).get("via").asText())
                .isEqualTo("local in Work.hold(Work.java:20), thread \"oom-thread\"");
    }

    @Test
    void stacksShowEachFramesLocalsAndTheOtherCommandsNameThreadAndFrame(@TempDir Path dir) throws IOException {
        Path file = dump(dir);
        Result stacks = run("threads", file.toString(), "--stacks", "--no-index");
        assertThat(stacks.out()).contains("    at Work.hold(Work.java:16)\n        local 0x" + Long.toHexString(held)
                + "  byte[]  shallow 1.0 KB  retained 1.0 KB\n    at Work.run(Work.java:9)\n"
                + "    (locals in no frame the dump kept)\n        local 0x" + Long.toHexString(unframed) + "  byte[]");

        Result paths = run("paths", file.toString(), "0x" + Long.toHexString(held), "--no-index");
        assertThat(paths.out()).contains("ROOT local in Work.hold(Work.java:16), thread \"worker\"");
        Result object = run("object", file.toString(), "0x" + Long.toHexString(unframed), "--no-index");
        assertThat(object.out()).contains("GC roots      local of thread \"worker\" (no Java frame)");
        assertThat(run("summary", file.toString(), "--no-index").out()).as("summary counts roots by kind")
                .containsPattern("\\n\\s+3\\s+3\\s+Java frame\\n").doesNotContain("local in");
        Result json = run("paths", file.toString(), "0x" + Long.toHexString(oomHeld), "--format", "json", "--no-index");
        assertThat(json.out()).contains("\"root\":\"local in Work.hold(Work.java:20), thread \\\"oom-thread\\\"\"");
    }

    @Test
    void jsonGivesEachThreadItsFramesAndLocals(@TempDir Path dir) throws IOException {
        Result r = run("threads", dump(dir).toString(), "--format", "json", "--no-index");
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("outOfMemory").asBoolean()).isTrue();
        JsonNode worker = json.get("threads").get(1);
        assertThat(worker.get("name").asText()).isEqualTo("worker");
        assertThat(worker.get("object").asText()).isEqualTo("0x10100");
        assertThat(worker.get("retainedBytes").asLong()).isEqualTo(1016 + 320);
        JsonNode frame = worker.get("frames").get(0);
        assertThat(frame.get("class").asText()).isEqualTo("Work");
        assertThat(frame.get("method").asText()).isEqualTo("hold");
        assertThat(frame.get("file").asText()).isEqualTo("Work.java");
        assertThat(frame.get("line").asInt()).isEqualTo(16);
        JsonNode local = frame.get("locals").get(0);
        assertThat(local.get("address").asText()).isEqualTo("0x" + Long.toHexString(held));
        assertThat(local.get("class").asText()).isEqualTo("byte[]");
        assertThat(local.get("shallowSize").asLong()).isEqualTo(1016);
        assertThat(local.get("retainedSize").asLong()).isEqualTo(1016);
        assertThat(worker.get("unframedLocals").get(0).get("address").asText()).isEqualTo("0x" + Long.toHexString(unframed));
    }

    @Test
    void csvHasARowPerThreadOrWithStacksPerLocal(@TempDir Path dir) throws IOException {
        Path file = dump(dir);
        assertThat(run("threads", file.toString(), "--format", "csv", "--no-index").out()).isEqualTo(String.join("\n",
                "thread,kind,daemon,priority,object,locals,retained_bytes,retained_count,stack",
                "oom-thread,platform,yes,5,0x10200,1,4016,1,java.lang.OutOfMemoryError.<init>(OutOfMemoryError.java:48) | Work.hold(Work.java:20)",
                "worker,platform,no,7,0x10100,2,1336,2,Work.hold(Work.java:16) | Work.run(Work.java:9)", ""));
        assertThat(run("threads", file.toString(), "--format", "tsv", "--stacks", "--no-index").out()).contains(
                "worker\t0x10100\t0\tWork.hold(Work.java:16)\t0x" + Long.toHexString(held) + "\tbyte[]\t1016\t1016\t\ttrue\n");
    }

    @Test
    void theIndexKeepsThreadsFramesAndTheirRootsNames(@TempDir Path dir) throws IOException {
        Path file = dump(dir);
        Path index = dir.resolve("index");
        Result first = run("threads", file.toString(), "--stacks", "--index-dir", index.toString());
        Result again = run("threads", file.toString(), "--stacks", "--index-dir", index.toString());
        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(again.out()).isEqualTo(first.out()).isEqualTo(run("threads", file.toString(), "--stacks",
                "--no-index").out());
        assertThat(java.nio.file.Files.list(index).count()).as("an index was written and read").isEqualTo(1);
        assertThat(run("paths", file.toString(), "0x" + Long.toHexString(held), "--index-dir", index.toString()).out())
                .contains("ROOT local in Work.hold(Work.java:16), thread \"worker\"");
    }

    @Test
    void aStackTraceRecordThatCannotHoldItsFramesIsOneLineAndExit2(@TempDir Path dir) throws IOException {
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream d = new java.io.DataOutputStream(body);
        d.writeInt(101);
        d.writeInt(1);
        d.writeInt(1_000_000); // frames, in a record of 12 bytes
        Path file = dir.resolve("bad.hprof");
        try (dev.heaplens.format.hprof.HprofWriter w = new dev.heaplens.format.hprof.HprofWriter(
                java.nio.file.Files.newOutputStream(file), 8)) {
            w.record(dev.heaplens.format.hprof.HprofTag.STACK_TRACE, body.toByteArray()).segment().endSegment().end();
        }
        Result r = run("threads", file.toString(), "--no-index");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).hasLineCount(1).contains("STACK TRACE record of 12 bytes cannot hold its 1000000 frames");
    }

    @Test
    void aRubyDumpIsRefusedInOneLine(@TempDir Path dir) {
        TestHeap heap = new TestHeap();
        heap.root(heap.object(heap.cls("Foo", 0, 1)));
        Result r = run("threads", heap.writeRuby(dir.resolve("heap.json")).toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("heaplens: ").contains("Ruby heap dumps carry no thread stacks").hasLineCount(1);
    }
}
