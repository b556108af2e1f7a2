package dev.heaplens.export;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.parquet.IntColumn;
import dev.heaplens.parquet.LongColumn;
import dev.heaplens.parquet.ParquetWriter;
import dev.heaplens.parquet.StringColumn;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The small tables: {@code classes} (one row per class name: its instances, their bytes, and the
 * class object's address when the dump has one) and, for Ruby, {@code sites} (one row per
 * allocation site).
 */
final class LookupTables {
    private LookupTables() {
    }

    /** Counts and bytes of one group. */
    static final class Tally {
        long objects;
        long bytes;
        long classAddress = -1;
    }

    /**
     * One row per class: {@code byClass} counted while the objects table named every object (so no
     * object is named twice), and the class object's own address where the dump has one.
     */
    static void classes(HeapGraph graph, NamedHeap namer, Map<String, Tally> byClass, TableFiles files) throws IOException {
        for (long o = 0, n = graph.objectCount(); o < n; o++) {
            String own = namer.classObjectName(o);
            if (own != null) {
                byClass.computeIfAbsent(own, k -> new Tally()).classAddress = graph.address(o);
            }
        }
        StringColumn name = new StringColumn("class", false);
        LongColumn objects = new LongColumn("objects", false);
        LongColumn bytes = new LongColumn("shallow", false);
        LongColumn address = new LongColumn("class_address", true);
        try (ParquetWriter w = files.open("classes", List.of(name, objects, bytes, address))) {
            for (Map.Entry<String, Tally> e : new TreeMap<>(byClass).entrySet()) {
                Tally t = e.getValue();
                name.add(e.getKey());
                objects.add(t.objects);
                bytes.add(t.bytes);
                if (t.classAddress >= 0) {
                    address.add(t.classAddress);
                } else {
                    address.addNull();
                }
                TableFiles.rowDone(w);
            }
        }
    }

    /** Ruby: objects and bytes per allocation site, as the objects table tallied them; empty without allocation tracing. */
    static void sites(Sites tally, TableFiles files) throws IOException {
        StringColumn file = new StringColumn("file", false);
        IntColumn line = new IntColumn("line", false);
        LongColumn objects = new LongColumn("objects", false);
        LongColumn bytes = new LongColumn("shallow", false);
        try (ParquetWriter w = files.open("sites", List.of(file, line, objects, bytes))) {
            for (Sites.Site site : new TreeMap<>(tally.bySite()).values()) {
                file.add(site.file);
                line.add(site.line);
                objects.add(site.objects);
                bytes.add(site.bytes);
                TableFiles.rowDone(w);
            }
        }
    }
}
