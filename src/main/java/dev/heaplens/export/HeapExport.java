package dev.heaplens.export;

import dev.heaplens.graph.HeapGraph;
import dev.heaplens.parquet.Compression;
import dev.heaplens.parquet.IntColumn;
import dev.heaplens.parquet.LongColumn;
import dev.heaplens.parquet.ParquetWriter;
import dev.heaplens.parquet.StringColumn;
import dev.heaplens.runtime.LoadedHeap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.zip.CRC32;

/**
 * Writes one loaded dump as Parquet tables under a directory (docs/export-schema.md): objects,
 * references, roots, classes, sites (Ruby) and its row of dumps. The heap comes through the
 * runtime, so from the index cache when the dump was opened before: the export then costs the
 * writing alone.
 */
public final class HeapExport {
    /** The version of the tables' columns; a change of a name or meaning makes it the next. */
    public static final int SCHEMA_VERSION = 3;
    /** The tables an export writes, in the order written. */
    public static final List<String> TABLES = List.of("dumps", "objects", "references", "roots", "classes", "sites",
            ValueTables.STRINGS, ValueTables.FIELDS, ValueTables.STATICS, ValueTables.ARRAYS);

    private HeapExport() {
    }

    /**
     * What one dump's export wrote, in the words {@code summary} uses for the same dump.
     *
     * @param references      the references the dump lists, as {@code summary} counts them (those to
     *                        addresses not in the dump included)
     * @param classPointers   rows of {@code references} the dump does not list: Ruby's pointer from each
     *                        object to its class (0 on the JVM)
     * @param referenceRows   rows of {@code references}: {@code references + classPointers - missingReferences}
     * @param missingReferences references to addresses not in the dump: no row
     * @param roots           GC roots the dump lists; {@code missingRoots} of them hold no object of it (no row)
     * @param stringValues    rows of {@code string_values}; -1 without {@code --values}
     * @param fieldValues     rows of {@code field_values} (JVM); -1 without {@code --values} or on Ruby
     * @param staticValues    rows of {@code static_values} (JVM); -1 as {@code fieldValues}
     * @param arrayValues     rows of {@code array_values} (JVM); -1 as {@code fieldValues}
     */
    public record Written(String dumpId, long objects, long references, long classPointers, long referenceRows,
                          long missingReferences, long roots, long missingRoots, long stringValues, long fieldValues,
                          long staticValues, long arrayValues) {
        static Written of(String dumpId, HeapGraph graph, long classPointers) {
            return new Written(dumpId, graph.objectCount(),
                    graph.referenceCount() + graph.danglingReferences() - classPointers, classPointers,
                    graph.referenceCount(), graph.danglingReferences(), graph.rootCount(), graph.danglingRoots(), -1, -1, -1, -1);
        }

        Written withValues(ValueTables.Rows rows) {
            return new Written(dumpId, objects, references, classPointers, referenceRows, missingReferences, roots,
                    missingRoots, rows.strings(), rows.fields(), rows.statics(), rows.arrays());
        }
    }

    /**
     * Writes {@code loaded}'s tables under {@code dir}, their pages compressed by {@code compression}.
     * Without {@code fieldNames} a JVM dump's {@code references.name} stays empty: naming its fields
     * reads the dump's records once more (Ruby's names cost nothing and are always written). With
     * {@code values} the strings' contents and the JVM's primitive fields are written too
     * ({@code string_values}, {@code field_values}: the dump is read once more); without, an earlier
     * export's values of this dump are removed.
     */
    public static Written write(LoadedHeap loaded, Path dir, String heaplensVersion, Compression compression,
            boolean fieldNames, boolean values) throws IOException {
        String path = loaded.input().name();
        String id = dumpId(path);
        boolean ruby = loaded.isRuby();
        HeapGraph graph = loaded.graph();
        graph.readingEveryObject();
        loaded.dominators().readingEveryObject();
        TableFiles files = new TableFiles(dir, id, Map.of("heaplens.schema_version", Integer.toString(SCHEMA_VERSION),
                "heaplens.version", heaplensVersion), compression);
        Written written = Written.of(id, graph, loaded.namer().addedReferences());
        dumpRow(loaded, path, ruby, heaplensVersion, written, files);
        // The two big tables at once, one a core: references and roots on their own thread (they need
        // addresses and edges only), objects and the lookups that name things on this one.
        FutureTask<Void> edges = new FutureTask<>(() -> {
            GraphTables.references(graph, fieldNames || ruby ? loaded.namer().referenceNames(loaded.scratch())
                    : null, files);
            GraphTables.roots(graph, files);
            return null;
        });
        Thread edgeWriter = new Thread(edges, "heaplens-export-references");
        edgeWriter.setDaemon(true);
        edgeWriter.start();
        ObjectsTable objects = new ObjectsTable(graph, loaded.namer(), loaded.dominators(), ruby, loaded.scratch());
        objects.write(files);
        LookupTables.classes(graph, loaded.namer(), objects.classTally(), files);
        if (ruby) {
            LookupTables.sites(objects.sites(), files);
        }
        awaitEdges(edges);
        ValueTables.remove(dir, id);
        return values ? written.withValues(ValueTables.write(loaded, files, !ruby)) : written;
    }

    /** Waits for the references thread, and fails as it failed. */
    private static void awaitEdges(FutureTask<Void> edges) throws IOException {
        try {
            edges.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while writing references");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw (Error) cause; // a Callable throws nothing else

        }
    }

    private static void dumpRow(LoadedHeap loaded, String path, boolean ruby, String version, Written written,
            TableFiles files)
            throws IOException {
        HeapGraph graph = loaded.graph();
        StringColumn pathColumn = new StringColumn("path", false);
        StringColumn runtime = new StringColumn("runtime", false);
        LongColumn takenAt = LongColumn.timestampMillis("taken_at", true);
        LongColumn objects = new LongColumn("objects", false);
        LongColumn bytes = new LongColumn("bytes", false);
        LongColumn references = new LongColumn("references", false);
        LongColumn classPointers = new LongColumn("class_pointers", false);
        LongColumn missing = new LongColumn("missing_references", false);
        LongColumn roots = new LongColumn("roots", false);
        StringColumn heaplens = new StringColumn("heaplens_version", false);
        IntColumn schema = new IntColumn("schema_version", false);
        try (ParquetWriter w = files.open("dumps", List.of(pathColumn, runtime, takenAt, objects, bytes, references,
                classPointers, missing, roots, heaplens, schema))) {
            Path file = Path.of(path);
            pathColumn.add(file.toAbsolutePath().normalize().toString());
            runtime.add(ruby ? "ruby" : "jvm");
            if (Files.isRegularFile(file)) {
                takenAt.add(Files.getLastModifiedTime(file).toMillis());
            } else {
                takenAt.addNull();
            }
            objects.add(graph.objectCount());
            bytes.add(graph.totalShallowSize());
            references.add(written.references());
            classPointers.add(written.classPointers());
            missing.add(written.missingReferences());
            roots.add(written.roots());
            heaplens.add(version);
            schema.add(SCHEMA_VERSION);
        }
    }

    /**
     * The dump's partition id: its file name (letters, digits, {@code . _ -}; others become
     * {@code _}) and eight hex digits of its absolute path's CRC-32, so that two {@code heap.json}
     * of two directories stay apart and exporting the same file again replaces its partition.
     * Never all digits, so that no engine takes the column for a number.
     */
    static String dumpId(String path) {
        Path p = Path.of(path).toAbsolutePath().normalize();
        String name = p.getFileName() == null ? "dump" : p.getFileName().toString();
        StringBuilder safe = new StringBuilder();
        for (int i = 0; i < name.length() && safe.length() < 64; i++) {
            char c = name.charAt(i);
            safe.append(Character.isLetterOrDigit(c) && c < 128 || c == '.' || c == '_' || c == '-' ? c : '_');
        }
        CRC32 crc = new CRC32();
        crc.update(p.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return safe + "-" + String.format("%08x", crc.getValue());
    }
}
