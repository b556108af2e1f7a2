package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.hprof.SelfDump;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * tsv, csv and json carry values, not renderings, in every command {@link Main#COMMANDS} lists
 * (issue 27): no units, thousand separators, percent signs, display quotes or ellipses in a value,
 * and every byte or count field an integer. Each command is run on a real Ruby dump (fixtures made
 * by Ruby itself) and on a JVM dump this JVM writes of itself, holding Strings that a rendering
 * would quote and cut. A command added to {@code Main} without a line here fails the test.
 */
class MachineFormatsTest {
    private static final String RUBY = "src/test/resources/fixtures/leak/";
    private static final String RUBY_GC = "src/test/resources/gc/ruby/malloc.jsonl.gz";
    /** Longer than a table shows (60 characters), with a comma and quotes a rendering would add to. */
    static final String LONG = "a value, \"quoted\" in part, and longer than any table cell shows: " + "x".repeat(80);
    static List<String> held;

    /** Commands that write no tsv, csv or json of their own, and why. */
    private static final Map<String, String> NO_MACHINE_FORMAT = Map.of(
            "graph", "writes Mermaid or DOT, drawings",
            "memprof", "writes Markdown; its input, the allocation log, is the tsv",
            "serve", "a web server",
            "report", "writes an HTML page",
            "export", "writes Parquet files of values",
            "dump", "writes an HPROF dump",
            "mcp", "answers with the commands' own --format json");

    /** Free text meant to be read, where a figure in words is right. */
    private static final Set<String> PROSE = Set.of("text", "how", "jvm", "reason", "evidence", "threshold", "record",
            "notes", "tool", "cause", "firstProblems", "message", "frame", "stack");

    private static final Pattern RENDERING = Pattern.compile(
            "^\\d{1,3}(,\\d{3})+$"                                    // 1,234
                    + "|^-?\\d+(\\.\\d+)? ?(B|KB|kB|MB|GB|TB|KiB|MiB|GiB)$" // 12.3 MB
                    + "|^-?\\d+(\\.\\d+)? ?%$"                               // 62.4%
                    + "|^\".*\"$"                                           // "quoted"
                    + "|\\.\\.\\.$|…"                                          // cut...
                    + "|^length \\d+$|^size \\d+$");                        // a length in words
    private static final Pattern FIGURE_NAME = Pattern.compile("(?i).*(bytes|size|count|objects|instances)$");

    @TempDir
    static Path dir;
    private static Path hprof;
    private static String jvmString;
    private static String rubyString;

    @BeforeAll
    static void dumps() throws IOException {
        held = new ArrayList<>(List.of(LONG, "short, with a comma", new String("duplicate"), new String("duplicate")));
        String local = new String(LONG + " (a local)");
        hprof = SelfDump.write(dir.resolve("self.hprof"));
        assertThat(local).isNotEmpty(); // held by this frame while the dump was written
        rubyString = firstStringAddress(Path.of(RUBY + "c.json.gz"));
        Result threads = CliTestSupport.run("threads", hprof.toString(), "--stacks", "--format", "json");
        assertThat(threads.exitCode()).as(threads.toString()).isZero();
        jvmString = threads.out().lines().findFirst().map(MachineFormatsTest::addressOfTheLocal).orElseThrow();
    }

    @AfterAll
    static void drop() {
        held = null;
    }

    @Test
    void everyCommandIsCheckedOrSaysWhyNot() {
        for (String command : Main.COMMANDS) {
            assertThat(runs().containsKey(command) || NO_MACHINE_FORMAT.containsKey(command))
                    .as("%s: add its machine formats to this test, or why it has none", command).isTrue();
        }
    }

    @Test
    void machineFormatsCarryValues() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, List<List<String>>> command : runs().entrySet()) {
            for (List<String> args : command.getValue()) {
                for (String format : formats(command.getKey())) {
                    List<String> line = new ArrayList<>(args);
                    line.add(0, command.getKey());
                    line.addAll(List.of("--format", format));
                    Result r = CliTestSupport.run(line.toArray(String[]::new));
                    String where = String.join(" ", line);
                    if (r.exitCode() != 0 || r.out().isBlank()) {
                        problems.add(where + ": " + r);
                        continue;
                    }
                    if (format.equals("json")) {
                        checkJson(new ObjectMapper().readTree(r.out()), "", where, problems);
                    } else {
                        checkDelimited(r.outLines(), format.equals("tsv") ? "\t" : ",", where, problems);
                    }
                }
            }
        }
        assertThat(problems).as("renderings in machine formats").isEmpty();
    }

    @Test
    void valuesAreTheObjectsOwn() throws IOException {
        JsonNode object = new ObjectMapper().readTree(CliTestSupport.run("object", hprof.toString(), jvmString,
                "--format", "json").out());
        assertThat(object.get("value").asText()).isEqualTo(LONG + " (a local)");
        assertThat(object.get("valueComplete").asBoolean()).isTrue();
        assertThat(object.get("length").isNull()).isTrue();
        JsonNode ruby = new ObjectMapper().readTree(CliTestSupport.run("object", RUBY + "c.json.gz", rubyString,
                "--format", "json").out());
        assertThat(ruby.get("value").asText()).startsWith("rec-").doesNotContain("\"");
    }

    private static Map<String, List<List<String>>> runs() {
        String a = RUBY + "a.json.gz", b = RUBY + "b.json.gz", c = RUBY + "c.json.gz", h = hprof.toString();
        Map<String, List<List<String>>> runs = new LinkedHashMap<>();
        runs.put("suspects", List.of(List.of(c), List.of(h)));
        runs.put("summary", List.of(List.of(c), List.of(c, "--reachability"), List.of(h)));
        runs.put("histogram", List.of(List.of(c), List.of(c, "--by", "class,type,location,gem"), List.of(h),
                List.of(h, "--by", "class,package,kind")));
        runs.put("top", List.of(List.of(c), List.of(h)));
        runs.put("retained", List.of(List.of(c), List.of(h, "--by", "package")));
        runs.put("object", List.of(List.of(c, rubyString), List.of(h, jvmString)));
        runs.put("paths", List.of(List.of(c, rubyString), List.of(h, jvmString)));
        runs.put("diff", List.of(List.of(a, c), List.of(a, c, "--by", "class,location"), List.of(h, h)));
        runs.put("leaks", List.of(List.of(a, b, c), List.of(a, b, c, "--sort", "retained")));
        runs.put("strings", List.of(List.of(h)));
        runs.put("threads", List.of(List.of(h), List.of(h, "--stacks")));
        runs.put("gc", List.of(List.of(RUBY_GC)));
        runs.put("sql", List.of(List.of(h, "SELECT class, count(*) AS objects, sum(shallow) AS bytes FROM objects GROUP BY 1")));
        return runs;
    }

    /** The machine formats a command's help offers. */
    private static List<String> formats(String command) {
        String help = CliTestSupport.run(command, "--help").out();
        Matcher m = Pattern.compile("--format=FORMAT\\s+([^(]*)\\(").matcher(help.replaceAll("\\s+", " "));
        assertThat(m.find()).as("%s --help names its formats", command).isTrue();
        return List.of("tsv", "csv", "json").stream().filter(f -> m.group(1).contains(f)).toList();
    }

    /** What every command calls an object's figures (top, object, paths, leaks' sample paths, threads' locals). */
    private static final List<String> OBJECT_FIELDS = List.of("address", "type", "class", "shallowSize", "retainedSize",
            "retainedCount", "location", "value", "valueComplete", "length");

    private static void checkJson(JsonNode node, String path, String where, List<String> problems) {
        if (node.isObject() && node.has("address") && node.has("retainedSize")) {
            OBJECT_FIELDS.stream().filter(f -> !node.has(f))
                    .forEach(f -> problems.add(where + ": object " + path + " has no " + f));
        }
        if (node.isObject() && node.has("key") && node.has("count") && !node.has("bytes")) {
            problems.add(where + ": group " + path + " calls its shallow bytes otherwise: " + node);
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (PROSE.contains(field.getKey())) {
                    continue;
                }
                JsonNode v = field.getValue();
                if (FIGURE_NAME.matcher(field.getKey()).matches() && !v.isNull() && !v.isIntegralNumber()
                        && !v.isContainerNode() && !v.isBoolean()) {
                    problems.add(where + ": " + path + "." + field.getKey() + " is not an integer: " + v);
                }
                checkJson(v, path + "." + field.getKey(), where, problems);
            }
        } else if (node.isArray()) {
            node.forEach(element -> checkJson(element, path + "[]", where, problems));
        } else if (node.isTextual() && RENDERING.matcher(node.asText()).find()) {
            problems.add(where + ": " + path + " = " + node.asText());
        }
    }

    private static void checkDelimited(List<String> lines, String separator, String where, List<String> problems) {
        List<String> header = List.of(lines.get(0).split(separator, -1));
        for (String line : lines.subList(1, lines.size())) {
            List<String> cells = cells(line, separator);
            for (int i = 0; i < Math.min(cells.size(), header.size()); i++) {
                String name = header.get(i), cell = cells.get(i);
                boolean figure = FIGURE_NAME.matcher(name.replace("_", "")).matches() && !name.equals("key");
                if (figure && !cell.matches("-?\\d+") && !cell.isEmpty()) {
                    problems.add(where + ": column " + name + " is not an integer: " + cell);
                } else if (!PROSE.contains(name) && RENDERING.matcher(cell).find()) {
                    problems.add(where + ": column " + name + " = " + cell);
                }
            }
        }
    }

    /** Cells of a tsv line, or of a csv line with RFC 4180 quoting undone. */
    private static List<String> cells(String line, String separator) {
        if (separator.equals("\t")) {
            return List.of(line.split("\t", -1));
        }
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted && ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                cell.append('"');
                i++;
            } else if (ch == '"') {
                quoted = !quoted;
            } else if (ch == ',' && !quoted) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(ch);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    private static String firstStringAddress(Path dump) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dump))) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.contains("\"type\":\"STRING\"") && line.contains("\"value\":\"rec-")) {
                    return line.substring(line.indexOf("0x"), line.indexOf('"', line.indexOf("0x")));
                }
            }
        }
        throw new AssertionError("no STRING in " + dump);
    }

    /** The address of the local String this test's frame held (by its value, in threads' JSON). */
    private static String addressOfTheLocal(String json) {
        try {
            for (JsonNode thread : new ObjectMapper().readTree(json).get("threads")) {
                for (JsonNode frame : thread.get("frames")) {
                    for (JsonNode local : frame.get("locals")) {
                        // by a part any rendering keeps, so that the setup works whatever the format does
                        if (local.path("value").asText("").contains("longer than any table")
                                && local.path("class").asText().equals("java.lang.String")) {
                            return local.get("address").asText();
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("the local String is not among the threads' locals");
    }
}
