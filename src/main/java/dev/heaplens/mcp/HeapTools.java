package dev.heaplens.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heaplens.HeaplensException;
import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.ReadListener;
import dev.heaplens.runtime.ReadOptions;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The tools, one table entry each: a schema, and the heaplens command line it runs. A command added
 * to the CLI with --format json becomes a tool with one more entry here.
 */
final class HeapTools {
    /** Rows one page may hold, and how deep paging may go (each page re-asks for offset + limit rows). */
    private static final int MAX_LIMIT = 500;
    private static final int MAX_OFFSET = 100_000;
    private static final String DUMP = "A handle from open, or the path of a dump (Ruby .json/.json.gz or JVM .hprof).";
    private static final String ADDRESS = "The object's address as the dump writes it (0x7f...).";
    private static final String BY = "Group by: Ruby dumps class, type, imemo, location, file, gem, method or generation;"
            + " JVM dumps class, package, loader or kind.";

    private final AllowedFiles allowed;
    private final InProcessCli cli;

    HeapTools(AllowedFiles allowed, ObjectMapper json, Commands commands) {
        this.allowed = allowed;
        this.cli = new InProcessCli(json, commands);
    }

    List<Tool> all(OpenDumps dumps, ObjectMapper json) {
        List<Tool> tools = new ArrayList<>();
        tools.add(new Tool("open", "Check that heaplens may read a dump or GC log and give it a short handle for the other"
                + " tools. Says its size and what its first bytes show it is.",
                Schema.object().text("path", "The file's path (absolute, or relative to the server's directory).", true).build(),
                a -> open(a, dumps, json)));
        tools.add(new Tool("summary", "A dump's totals: objects, bytes, references, counts and bytes per type.",
                Schema.object().text("dump", DUMP, true)
                        .bool("reachability", "Also build the graph and say what is unreachable.", false).build(),
                a -> cli.json(args("summary", a.file("dump"), a.bool("reachability", false) ? "--reachability" : null))));
        tools.add(new Tool("suspects", "What is wrong with the heap: the leak suspects by Eclipse MAT's rules (an object or"
                + " a class's objects retaining more than the threshold), where their memory accumulates, the path from a"
                + " GC root, runtime findings (Ruby methods defined at run time; JVM weak-only, finalizers, classes loaded"
                + " twice) and what tools hold (docs/suspects-json.md).",
                Schema.object().text("dump", DUMP, true)
                        .integer("threshold", "A suspect retains more than this percentage of the heap.", 10, 1, 100).build(),
                a -> cli.json(args("suspects", a.file("dump"), "--threshold=" + a.integer("threshold", 10, 1, 100)))));
        tools.add(paged("histogram", "Objects and bytes per group, biggest first, with totals (shallow bytes; Ruby memsize).",
                Schema.object().text("dump", DUMP, true).text("by", BY, false)
                        .choice("sort", "Order of the groups.", "bytes", "bytes", "count"), 50, "groups",
                a -> args("histogram", a.file("dump"), option("--by", a.word("by")), option("--sort", a.word("sort")))));
        tools.add(paged("top", "The objects that keep the most memory alive: largest retained size first (dominator tree).",
                Schema.object().text("dump", DUMP, true), 20, "objects",
                a -> args("top", a.file("dump"))));
        tools.add(paged("retained", "Retained bytes per group: what each class (or location, gem...) keeps alive.",
                Schema.object().text("dump", DUMP, true).text("by", "Group by: Ruby class, type, location or gem;"
                        + " JVM class, package, loader or kind.", false), 20, "rows",
                a -> args("retained", a.file("dump"), option("--by", a.word("by")))));
        tools.add(new Tool("object", "Everything about one object: record, shallow and retained size, dominator chain,"
                + " GC roots, first referrers and references.",
                Schema.object().text("dump", DUMP, true).text("address", ADDRESS, true)
                        .integer("neighbours", "Referrers and references listed.", 10, 0, 200).build(),
                a -> cli.json(args("object", a.file("dump"), a.address("address"),
                        "--neighbours=" + a.integer("neighbours", 10, 0, 200)))));
        tools.add(new Tool("paths", "How an object is kept alive: the shortest chains of references from a GC root to it.",
                Schema.object().text("dump", DUMP, true).text("address", ADDRESS, true)
                        .integer("max", "At most this many distinct shortest paths.", 3, 1, 20).build(),
                a -> cli.json(args("paths", a.file("dump"), a.address("address"), "--max=" + a.integer("max", 3, 1, 20)))));
        tools.add(new Tool("threads", "JVM dumps: each thread with its stack, innermost first, and what its locals alone"
                + " keep alive; the thread that ran out of memory first.",
                Schema.object().text("dump", DUMP, true)
                        .bool("stacks", "Also each frame's locals (class, shallow and retained size).", false).build(),
                a -> cli.json(args("threads", a.file("dump"), a.bool("stacks", false) ? "--stacks" : null))));
        tools.add(paged("diff", "What grew between two dumps of one runtime, per group, most grown first.",
                Schema.object().text("before", "The earlier dump: " + DUMP, true).text("after", "The later dump.", true)
                        .text("by", BY, false).choice("sort", "Order: bytes or count grown.", "bytes", "bytes", "count"),
                50, "groups",
                a -> args("diff", a.file("before"), a.file("after"), option("--by", a.word("by")),
                        option("--sort", a.word("sort")))));
        tools.add(paged("leaks", "What keeps accumulating across three dumps A, B, C taken in that order: objects new in B"
                        + " and still alive in C, per group, with what they retain and a sample path from a GC root.",
                Schema.object().text("a", "The first dump (baseline).", true).text("b", "The second dump.", true)
                        .text("c", "The third dump.", true).text("by", "Ruby: location, class, type or gem; JVM: class,"
                                + " package or kind.", false)
                        .bool("retained", "Retained sizes and sample paths (false: counts and bytes only, faster).", true),
                10, "rows",
                a -> args("leaks", a.file("a"), a.file("b"), a.file("c"), option("--by", a.word("by")),
                        a.bool("retained", true) ? null : "--no-retained")));
        tools.add(new Tool("gc", "What the garbage collector is doing, from JVM GC logs (one run, rotated files in any"
                + " order, or two runs to compare) or Ruby GC.stat series: pauses, rates, heap trend, advice.",
                Schema.object().texts("files", "Handles or paths of the GC logs.", 16).build(),
                a -> cli.json(args("gc", a.files("files", 16).toArray()))));
        tools.add(new Tool("sql", "A SQL query (DuckDB's dialect) over a dump's tables: objects, references, roots, classes,"
                + " sites (Ruby), dumps, and the macros instances(class), outbound(address), inbound(address),"
                + " retained_set(address), dominated(address), hex_address(address) (docs/export-schema.md). The first"
                + " query on a dump exports its tables beside it, once. Queries only.",
                Schema.object().text("dump", DUMP, true).text("query", "The query, e.g. SELECT type, count(*) FROM objects"
                        + " GROUP BY type.", true).integer("limit", "Rows in the answer; more_rows counts the rest.", 100, 1,
                        MAX_LIMIT).build(),
                a -> cli.json(args("sql", "--max-rows=" + a.integer("limit", 100, 1, MAX_LIMIT), "--", a.file("dump"),
                        a.text("query")))));
        return tools;
    }

    /** A tool over a command whose rows --top bounds: limit and offset page through them. */
    private Tool paged(String name, String description, Schema schema, int defaultLimit, String rows, Arguments line) {
        schema.integer("limit", "Rows in this answer.", defaultLimit, 1, MAX_LIMIT)
                .integer("offset", "Rows skipped first (the next page starts at offset + limit).", 0, 0, MAX_OFFSET);
        return new Tool(name, description + " Paged: limit rows from offset.", schema.build(), a -> {
            int limit = a.integer("limit", defaultLimit, 1, MAX_LIMIT);
            int offset = a.integer("offset", 0, 0, MAX_OFFSET);
            List<String> command = line.of(a);
            command.add("--top=" + (offset + limit));
            Tool.Answer answer = cli.json(command);
            return new Tool.Answer(InProcessCli.page(answer.json(), rows, offset, limit), answer.warnings());
        });
    }

    /** The command line of a tool from its arguments. */
    @FunctionalInterface
    private interface Arguments {
        List<String> of(ToolArguments arguments) throws ToolError;
    }

    private Tool.Answer open(ToolArguments a, OpenDumps dumps, ObjectMapper json) throws ToolError {
        Path file = allowed.check(a.text("path"));
        ObjectNode answer = json.createObjectNode();
        answer.put("handle", dumps.handleOf(file)).put("path", file.toString());
        try {
            answer.put("bytes", Files.size(file));
            DumpInput input = DumpInput.open(file.toString(), new ByteArrayInputStream(new byte[0]));
            answer.put("gzip", input.isGzip());
            answer.put("contents", contents(input));
        } catch (java.io.IOException | RuntimeException e) {
            throw new ToolError(a.text("path") + ": cannot read it (" + e.getMessage() + ")");
        }
        return new Tool.Answer(answer, "");
    }

    /** What the file is, as the runtimes see it. */
    private static String contents(DumpInput input) {
        try {
            return "a " + HeapRuntime.of(input, ReadOptions.defaults(), ReadListener.QUIET).name() + " heap dump";
        } catch (HeaplensException e) {
            return "not a heap dump (" + e.getMessage() + "); GC logs and GC.stat series go to gc";
        }
    }

    /** A command line: the command, then its arguments; nulls (options not given) left out. */
    private static List<String> args(String command, Object... parts) {
        List<String> line = new ArrayList<>();
        line.add(command);
        for (Object part : parts) {
            if (part != null) {
                line.add(part.toString());
            }
        }
        return line;
    }

    /** {@code --name=value} in one word, so a value can never be read as an option; null when not given. */
    private static String option(String name, String value) {
        return value == null ? null : name + "=" + value;
    }
}
