package dev.heaplens.web;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.format.hprof.SelfDump;
import dev.heaplens.graph.WideIds;
import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.IndexOptions;
import dev.heaplens.runtime.ReadListener;
import dev.heaplens.runtime.ReadOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.withoutNotes;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * serve and report as past 2^31 objects: every view of the web app, asked with a few parameter sets
 * each, answers out of core with wide ids and every heap array an object refused ({@link
 * WideIds#asPast2To31}, 1 KiB of heap allowed: first from the dump, then from its index) the JSON it
 * answers in the heap without an index; and {@code report} writes the same HTML, byte for byte.
 */
class WebPast2To31Test {
    @TempDir
    static Path dir;
    static Path rails;
    static Path self;
    static List<Path> leak;

    @BeforeAll
    static void dumps() throws IOException {
        rails = Files.copy(Path.of("samples/rails-ish.json.gz"), dir.resolve("rails-ish.json.gz"));
        self = SelfDump.write(dir.resolve("self.hprof"));
        leak = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            leak.add(Files.copy(Path.of("src/test/resources/fixtures/leak/" + name + ".json.gz"), dir.resolve(name + ".json.gz")));
        }
    }

    /** The dumps as serve reads them: in the heap without an index, or out of core from the index beside them. */
    private static Workspace workspace(List<Path> dumps, List<String> gc, boolean outOfCore) {
        List<Workspace.Source> sources = new ArrayList<>();
        for (Path p : dumps) {
            DumpInput input = DumpInput.open(p.toString(), System.in);
            ReadOptions options = outOfCore ? new ReadOptions(false, 2, null, new IndexOptions(true, null, null), 1024)
                    : new ReadOptions(false, 2, null, IndexOptions.OFF, 0);
            sources.add(new Workspace.Source(input, HeapRuntime.of(input, options, ReadListener.QUIET)));
        }
        Workspace w = Workspace.load(sources, gc);
        w.dumps.forEach(ServedDump::awaitExact); // the exact groups, not the lower bounds a race could show
        return w;
    }

    private record Question(String view, Map<String, String> params) {
        String key() {
            return Report.key(view, params);
        }
    }

    /** The answers to {@code questions}; a refusal is an answer too (its status and message). */
    private static Map<String, String> answers(Api api, List<Question> questions) {
        Map<String, String> answers = new LinkedHashMap<>();
        for (Question q : questions) {
            String answer;
            try {
                answer = api.answer(q.view(), q.params());
            } catch (ApiException e) {
                answer = "error " + e.status + ": " + e.getMessage();
            }
            answers.put(q.key(), answer);
        }
        return answers;
    }

    /**
     * Every view with a few parameter sets, the objects and classes taken from the in-heap answers: the
     * largest retainers, a few objects of the largest classes (a class's last ones unreachable where
     * some are), their paths, merged paths and dominator subtrees (grouped, by one class, paged).
     */
    private static List<Question> questions(Workspace w, Api api) {
        Questions q = new Questions();
        q.ask("info");
        for (ServedDump d : w.dumps) {
            String id = Integer.toString(d.id);
            q.ask("suspects", "d", id);
            for (String threshold : List.of("1", "5", "50")) {
                q.ask("suspects", "d", id, "threshold", threshold);
            }
            q.ask("overview", "d", id);
            for (GroupBy key : d.runtime.graphKeys()) {
                String by = key.label();
                for (String sort : List.of("bytes", "count", "retained", "name")) {
                    q.ask("histogram", "d", id, "by", by, "sort", sort);
                }
                q.ask("histogram", "d", id, "by", by, "sort", "bytes", "dir", "asc", "page", "1", "size", "3");
                q.ask("histogram", "d", id, "by", by, "q", "e", "size", "4");
            }
            for (String by : List.of("class", "kind")) {
                q.ask("unreachable", "d", id, "by", by);
                q.ask("unreachable", "d", id, "by", by, "page", "1", "size", "2", "q", "a");
            }
            q.ask("strings", "d", id);
            q.ask("strings", "d", id, "page", "1", "size", "5");
            q.ask("threads", "d", id);
            q.ask("top", "d", id);
            q.ask("top", "d", id, "page", "3", "size", "7");
            q.ask("top", "d", id, "page", "100000000", "size", "500");
            q.ask("dominators", "d", id);
            q.ask("dominators", "d", id, "group", "class");
            q.ask("dominators", "d", id, "group", "class", "page", "1", "size", "3");
            Set<String> addresses = new LinkedHashSet<>();
            rows(WebFixtures.parse(api.answer("top", Map.of("d", id, "size", "8"))).get("objects"), addresses, null);
            Set<String> classes = new LinkedHashSet<>();
            WebFixtures.parse(api.answer("histogram", Map.of("d", id, "by", "class", "size", "5"))).get("page").get("rows")
                    .forEach(r -> classes.add(r.get("key").asText()));
            WebFixtures.parse(api.answer("histogram", Map.of("d", id, "by", "class", "sort", "retained", "size", "5")))
                    .get("page").get("rows").forEach(r -> classes.add(r.get("key").asText()));
            Set<String> childClasses = new LinkedHashSet<>();
            rows(WebFixtures.parse(api.answer("dominators", Map.of("d", id, "size", "30"))).get("objects"), null, childClasses);
            for (String cls : childClasses) {
                q.ask("dominators", "d", id, "class", cls);
                q.ask("dominators", "d", id, "class", cls, "page", "1", "size", "2");
            }
            q.ask("dominators", "d", id, "class", "NoSuchClass");
            for (String cls : classes) {
                q.ask("class", "d", id, "name", cls);
                q.ask("class", "d", id, "name", cls, "page", "1", "size", "3");
                q.ask("merged", "d", id, "name", cls);
                JsonNode first = WebFixtures.parse(api.answer("class", Map.of("d", id, "name", cls, "size", "3")));
                rows(first.get("objects"), addresses, null);
                long total = first.get("objects").get("total").asLong();
                rows(WebFixtures.parse(api.answer("class", Map.of("d", id, "name", cls, "page", Long.toString(total - 1), "size", "1")))
                        .get("objects"), addresses, null);
            }
            q.ask("class", "d", id, "name", "NoSuchClass");
            q.ask("object", "d", id, "address", "0x1");
            for (String address : addresses) {
                q.ask("object", "d", id, "address", address);
                q.ask("object", "d", id, "address", address, "n", "0");
                q.ask("object", "d", id, "address", address, "n", "3");
                q.ask("paths", "d", id, "address", address);
                q.ask("paths", "d", id, "address", address, "max", "1");
                q.ask("paths", "d", id, "address", address, "max", "50");
                q.ask("dominators", "d", id, "address", address);
                q.ask("dominators", "d", id, "address", address, "group", "class", "size", "2");
                q.ask("dominators", "d", id, "address", address, "page", "1", "size", "2");
                Set<String> under = new LinkedHashSet<>();
                try {
                    rows(WebFixtures.parse(api.answer("dominators", Map.of("d", id, "address", address))).get("objects"), null, under);
                } catch (ApiException unreachable) {
                    continue; // asked above: its refusal is compared too
                }
                under.stream().limit(2).forEach(cls -> q.ask("dominators", "d", id, "address", address, "class", cls, "size", "2"));
            }
        }
        if (w.hasDiff()) {
            ServedDump first = w.dumps.get(0);
            for (GroupBy key : first.runtime.graphKeys()) {
                q.ask("diff", "by", key.label());
                q.ask("diff", "by", key.label(), "sort", "count", "unchanged", "1", "page", "1", "size", "3");
            }
            q.ask("diff", "a", "1", "b", Integer.toString(w.dumps.size() - 1), "q", "e");
        }
        if (w.hasLeaks()) {
            q.ask("leaks");
            w.dumps.get(2).runtime.graphKeys().forEach(key -> q.ask("leaks", "by", key.label()));
        }
        q.ask("gc");
        return q.questions;
    }

    private static final class Questions {
        final List<Question> questions = new ArrayList<>();

        void ask(String view, String... nameValues) {
            Map<String, String> params = new TreeMap<>();
            for (int i = 0; i < nameValues.length; i += 2) {
                params.put(nameValues[i], nameValues[i + 1]);
            }
            questions.add(new Question(view, params));
        }
    }

    /** Adds the addresses and classes of a page of object rows. */
    private static void rows(JsonNode page, Set<String> addresses, Set<String> classes) {
        for (JsonNode row : page.get("rows")) {
            if (addresses != null) {
                addresses.add(row.get("address").asText());
            }
            if (classes != null) {
                classes.add(row.get("class").asText());
            }
        }
    }

    /** Asks every view in the heap, then twice as past 2^31 out of core (the first run writes the index, the second maps it). */
    private static void sameAnswers(List<Path> dumps, List<String> gc, Set<String> views) throws IOException {
        for (Path dump : dumps) {
            Files.deleteIfExists(dump.resolveSibling(dump.getFileName() + ".heaplens-index"));
        }
        List<Question> questions;
        Map<String, String> inHeap;
        try (Workspace w = workspace(dumps, gc, false)) {
            Api api = new Api(w);
            questions = questions(w, api);
            inHeap = answers(api, questions);
        }
        // a few refusals are expected (no class, no address, an unreachable object's subtree); every view answers some
        Set<String> answered = new LinkedHashSet<>();
        inHeap.forEach((key, answer) -> {
            if (!answer.startsWith("error ")) {
                answered.add(key.substring(0, key.indexOf('?')));
            }
        });
        assertThat(answered).as("views answered in the heap").isEqualTo(views);
        for (String pass : List.of("first", "second")) {
            Map<String, String> outOfCore = WideIds.asPast2To31(() -> {
                try (Workspace w = workspace(dumps, gc, true)) {
                    for (ServedDump d : w.dumps) {
                        assertThat(d.heap.scratch().isMapped()).as(pass + " " + d.name() + " out of core").isTrue();
                        assertThat(WideIds.targetsAreWide(d.graph)).as(pass + " " + d.name() + " wide").isTrue();
                    }
                    return answers(new Api(w), questions);
                }
            });
            List<String> differing = new ArrayList<>();
            inHeap.forEach((key, answer) -> {
                if (!answer.equals(outOfCore.get(key))) {
                    differing.add(key);
                }
            });
            assertThat(differing).as(pass + ": views answered otherwise as past 2^31 out of core, of " + questions.size()).isEmpty();
            assertThat(outOfCore).isEqualTo(inHeap);
        }
    }

    @Test
    void everyViewOfTheRailsSampleAnswersTheSameAsPast2To31() throws IOException {
        sameAnswers(List.of(rails), List.of("src/test/resources/gc/ruby/quiet.jsonl.gz"),
                Set.of("info", "suspects", "overview", "histogram", "unreachable", "top", "dominators", "class", "merged",
                        "object", "paths", "gc"));
    }

    @Test
    void everyViewOfAJvmDumpAnswersTheSameAsPast2To31() throws IOException {
        sameAnswers(List.of(self), List.of(),
                Set.of("info", "suspects", "overview", "histogram", "unreachable", "strings", "threads", "top", "dominators",
                        "class", "merged", "object", "paths"));
    }

    @Test
    void theDiffAndLeaksOfThreeDumpsAnswerTheSameAsPast2To31() throws IOException {
        sameAnswers(leak, List.of(),
                Set.of("info", "suspects", "overview", "histogram", "unreachable", "top", "dominators", "class", "merged",
                        "object", "paths", "diff", "leaks"));
    }

    /** report on the command line: the same file as past 2^31 out of core as in the heap, byte for byte. */
    @Test
    void theReportIsTheSameFileAsPast2To31() throws IOException {
        List<List<Path>> cases = List.of(List.of(rails), List.of(self), leak);
        for (List<Path> dumps : cases) {
            List<String> command = new ArrayList<>(List.of("report"));
            dumps.forEach(d -> command.add(d.toString()));
            for (Path dump : dumps) {
                Files.deleteIfExists(dump.resolveSibling(dump.getFileName() + ".heaplens-index"));
            }
            Path inHeapFile = dir.resolve("in-heap.html");
            CliTestSupport.Result inHeap = run(command, "-o", inHeapFile.toString(), "--no-index");
            assertThat(inHeap.exitCode()).as(inHeap.toString()).isZero();
            byte[] expected = Files.readAllBytes(inHeapFile);
            for (String pass : List.of("first", "second")) {
                Path file = dir.resolve(pass + ".html");
                CliTestSupport.Result outOfCore = WideIds.asPast2To31(() -> run(command, "-o", file.toString(), "--memory", "1k"));
                assertThat(outOfCore.exitCode()).as(outOfCore.toString()).isZero();
                assertThat(withoutNotes(outOfCore.err()).replace(file.toString(), inHeapFile.toString()))
                        .as(pass + " " + command).isEqualTo(inHeap.err());
                assertThat(outOfCore.errLines()).as(pass + " " + command).anyMatch(l -> l.contains("working out of core"));
                assertThat(Files.readAllBytes(file)).as(pass + " " + command).isEqualTo(expected);
            }
        }
    }

    /** serve reads a dump as past 2^31 (it is not refused): its failure to bind a bad address comes after the read. */
    @Test
    void serveReadsADumpAsPast2To31() throws IOException {
        Path dump = new WebFixtures().write(Files.createDirectories(dir.resolve("fixture")), WebFixtures.Kind.RUBY);
        CliTestSupport.Result r = WideIds.asPast2To31(() -> run("serve", dump.toString(), "--memory", "1k",
                "--bind", "no-such-host.invalid", "--port", "0"));
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        assertThat(withoutNotes(r.err())).as(r.toString()).isEqualTo("heaplens: --bind: unknown address 'no-such-host.invalid'\n");
    }

    /** A page whose first row is past 2^31 (of a list that long: the top retainers past 2^31 objects) is asked, not refused. */
    @Test
    void aPagePastAnIntOfRowsIsAnswered() throws IOException {
        Path dump = new WebFixtures().write(Files.createDirectories(dir.resolve("paged")), WebFixtures.Kind.RUBY);
        try (Workspace w = WebFixtures.workspace(List.of(dump), List.of())) {
            String page = Long.toString((1L << 31) / Params.MAX_PAGE + 1);
            JsonNode top = WebFixtures.ask(new Api(w), "top", "page", page, "size", Integer.toString(Params.MAX_PAGE)).get("objects");
            assertThat(top.get("page").asText()).isEqualTo(page);
            assertThat(top.get("rows")).isEmpty();
        }
    }
}
