package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.export.HeapExport;
import dev.heaplens.parquet.Compression;
import dev.heaplens.runtime.LoadedHeap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes dumps as Apache Parquet tables that DuckDB, Spark or Trino read.",
                "The tables: objects, references, roots, classes, sites (Ruby) and dumps, one directory per "
                        + "table and one partition per dump (DIR/objects/dump=<id>/part-0.parquet).",
                "Columns: docs/export-schema.md. No string contents are written without --values."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens export heap.json.gz --parquet heap-tables",
                "  heaplens export pod-*.hprof --parquet fleet",
                "  duckdb -c \"SELECT dump, count(*) FROM 'fleet/objects/*/*.parquet' GROUP BY dump\""})
final class ExportCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(arity = "1..*", paramLabel = "DUMP", description = DumpArgument.ANY_DUMP
            + "; each becomes a partition of every table.")
    List<String> dumps;

    @Option(names = "--parquet", required = true, paramLabel = "DIR",
            description = "The directory to write the tables into (made if missing; a dump exported again replaces its partition).")
    Path dir;

    @Option(names = "--compression", paramLabel = "CODEC", defaultValue = "lz4",
            description = "How pages are compressed: lz4 (Parquet's LZ4_RAW, fast; the default), gzip (smaller, slower, "
                    + "read by every Parquet reader) or none.")
    Compression compression;

    @Option(names = "--field-names",
            description = "JVM dumps: name each reference in references.name (field, static field, [index]). It reads "
                    + "the dump's records once more: about 6x the export's time on a 7.4M-object dump. Ruby's "
                    + "names are always written; sql always names.")
    boolean fieldNames;

    @Option(names = "--values",
            description = "Also write each string's contents (table string_values) and, on JVM dumps, every primitive "
                    + "instance field (field_values); the dump is read once more. "
                    + "Contents may hold personal data (passwords, tokens, e-mail addresses): share such an export as "
                    + "you would the dump itself.")
    boolean values;

    @Mixin
    GraphDumpOptions dumpOptions;

    ExportCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new HeaplensException("--parquet " + dir + ": not a directory");
        }
        String version = dev.heaplens.HeaplensVersion.get();
        for (String dump : dumps) {
            if (dump.equals("-")) {
                throw new HeaplensException("export reads files, not standard input: give the dump's file");
            }
            LoadedHeap loaded = Load.heap(console, dump, dumpOptions);
            try {
                HeapExport.Written w = HeapExport.write(loaded, dir, version, compression, fieldNames, values);
                console.err().println("heaplens: " + dump + ": " + counts(w) + " -> " + dir + " (dump=" + w.dumpId() + ")");
            } catch (IOException e) {
                throw new HeaplensException("cannot write " + dir + ": " + reason(e));
            }
        }
        return 0;
    }

    /**
     * The counts in {@code summary}'s words: its references are those the dump lists, so the rows
     * Ruby's class pointers add to the references table are named apart, and what has no row is said.
     */
    static String counts(HeapExport.Written w) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%,d objects, %,d references", w.objects(), w.references()));
        if (w.classPointers() > 0) {
            line.append(String.format(Locale.ROOT, " and %,d class pointers (%,d rows of references)", w.classPointers(), w.referenceRows()));
        }
        line.append(String.format(Locale.ROOT, ", %,d roots", w.roots()));
        if (w.stringValues() >= 0) {
            line.append(String.format(Locale.ROOT, ", %,d string values", w.stringValues()));
        }
        if (w.fieldValues() >= 0) {
            line.append(String.format(Locale.ROOT, ", %,d field values, %,d static values, %,d arrays' elements",
                    w.fieldValues(), w.staticValues(), w.arrayValues()));
        }
        if (w.missingReferences() > 0 || w.missingRoots() > 0) {
            line.append(String.format(Locale.ROOT, "; %,d references and %,d roots to addresses not in the dump have no row",
                    w.missingReferences(), w.missingRoots()));
        }
        return line.toString();
    }

    /** What went wrong in words: a file system error's own reason, else the error's kind and message. */
    static String reason(IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getFile() + ": " + f.getReason();
        }
        return e.getClass().getSimpleName().replace("Exception", "").replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase()
                + ": " + e.getMessage();
    }
}
