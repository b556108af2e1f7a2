package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.export.ExportCache;
import dev.heaplens.export.HeapExport;
import dev.heaplens.parquet.Compression;
import dev.heaplens.report.QueryRenderer;
import dev.heaplens.sql.QueryResult;
import dev.heaplens.sql.SqlEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "sql", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a SQL query (DuckDB's dialect, in-process) over dumps' tables.",
                "The tables: objects, references, roots, classes, sites (Ruby), dumps",
                "(string_values, field_values: from export --values);",
                "columns in docs/export-schema.md. Macros: instances(class),",
                "outbound(address), inbound(address), retained_set(address),",
                "dominated(address), hex_address(address).",
                "A dump is exported once into DUMP.heaplens-export/ beside it; a",
                "directory that export --parquet wrote is read as it is.",
                "Queries only: the export, the dump and its index are read-only,",
                "and no other file is reachable. Joins run in the order written:",
                "put the table the WHERE narrows most first."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens sql heap.json \"SELECT type, count(*), sum(shallow) FROM objects GROUP BY type\"",
                "  heaplens sql app.hprof \"FROM instances('java.util.HashMap') LIMIT 10\" --format csv",
                "  heaplens sql fleet \"SELECT dump, sum(shallow) FROM objects GROUP BY dump\""})
final class SqlCommand implements Callable<Integer> {
    private final Console console;

    // one at least, not two: picocli checks an arity as it parses, before it sees --help, so
    // `sql --help heap.hprof` was a usage error; the query's absence is told when called
    @Parameters(arity = "1..*", paramLabel = "DUMP|DIR... QUERY", hideParamSyntax = true, description = {"One or more dumps (" + DumpArgument.ANY_DUMP
            + ") or directories written by export --parquet, then the query, last."})
    List<String> arguments;

    @Option(names = "--max-rows", paramLabel = "N", converter = Converters.Positive.class,
            description = "Show at most N rows; the rest are counted and said on stderr (default: ${DEFAULT-VALUE}).")
    int maxRows = 1000;

    @Option(names = "--memory-limit", paramLabel = "SIZE",
            description = "The most memory DuckDB may take, as DuckDB writes it: 4GB, 500MB (default: ${DEFAULT-VALUE}).")
    String memoryLimit = "4GB";

    @Mixin
    FormatOption format;

    @Mixin
    GraphDumpOptions dumpOptions;

    @Spec
    CommandSpec spec;

    SqlCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        if (arguments.size() < 2) { // the same usage error as any missing parameter (UsageHints words it)
            throw new MissingParameterException(spec.commandLine(), spec.positionalParameters().get(0), "Missing the query");
        }
        String query = arguments.get(arguments.size() - 1);
        List<Path> dirs = new ArrayList<>();
        for (String source : arguments.subList(0, arguments.size() - 1)) {
            dirs.add(tablesOf(source));
        }
        QueryResult result;
        try (SqlEngine engine = SqlEngine.over(dirs, memoryLimit)) {
            result = engine.query(query, maxRows);
        }
        console.out().print(QueryRenderer.render(result, format.format));
        console.out().flush();
        if (result.moreRows() > 0) {
            console.err().println("heaplens: " + result.moreRows() + " more rows not shown (--max-rows " + maxRows + ")");
        }
        return 0;
    }

    /** The export directory of {@code source}: itself when export wrote it, else the dump's cached export. */
    private Path tablesOf(String source) {
        if (source.equals("-")) {
            throw new HeaplensException("sql reads files, not standard input: give the dump's file");
        }
        Path path = Path.of(source);
        if (Files.isDirectory(path)) {
            if (!Files.isDirectory(path.resolve("objects"))) {
                throw new HeaplensException(source + ": a directory without an objects/ table (expected one export --parquet wrote)");
            }
            return path;
        }
        if (!Files.isRegularFile(path)) {
            throw new HeaplensException(source + ": no such file or directory");
        }
        ExportCache cache = new ExportCache(path, dumpOptions.readOptions().index());
        Path dir = cache.place();
        if (!cache.isFresh(dir)) {
            console.err().println("heaplens: exporting " + source + " to " + dir + " (once; later queries read it)");
            var loaded = Load.heap(console, source, dumpOptions);
            try {
                cache.clear(dir);
                HeapExport.write(loaded, dir, dev.heaplens.HeaplensVersion.get(), Compression.LZ4, true, false);
                cache.stamp(dir);
            } catch (IOException e) {
                throw new HeaplensException("cannot write the export " + dir + ": " + ExportCommand.reason(e));
            }
        }
        return dir;
    }
}
