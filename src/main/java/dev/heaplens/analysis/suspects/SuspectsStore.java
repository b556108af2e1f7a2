package dev.heaplens.analysis.suspects;

import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.IdSections;
import dev.heaplens.index.IndexException;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link SuspectInputs} in the index cache. A reopened {@code suspects} reads the top of the
 * dominator tree and its accumulation points (one int each), a few values of the path column (one
 * int per object, read only where a path goes) and the findings, instead of searching the
 * references and scanning the dominator tree again.
 */
public final class SuspectsStore {
    static final String TOP = "suspects.top";
    static final String TOP_RETAINED = "suspects.top-retained";
    static final String TOP_COUNT = "suspects.top-count";
    static final String TOP_CLASS = "suspects.top-class";
    static final String ACCUMULATION = "suspects.accumulation";
    static final String HELD_START = "suspects.held-start";
    static final String HELD_CLASS = "suspects.held-class";
    static final String HELD_OBJECTS = "suspects.held-objects";
    static final String HELD_BYTES = "suspects.held-bytes";
    static final String LABELLED_TOP = "suspects.labelled-top";
    static final String LABELLED_START = "suspects.labelled-start";
    static final String LABELLED_OBJECT = "suspects.labelled-object";
    static final String LABELLED_VIA = "suspects.labelled-via";
    static final String NAMES = "suspects.names";
    static final String PATH_OBJECTS = "suspects.path-objects";
    static final String PATHS = "suspects.paths";
    static final String PATH_EDGES = "suspects.path-edges";
    static final String FINDINGS = "suspects.findings";
    private static final List<String> SECTIONS = List.of(TOP, TOP_RETAINED, TOP_COUNT, TOP_CLASS, ACCUMULATION,
            HELD_START, HELD_CLASS, HELD_OBJECTS, HELD_BYTES, LABELLED_TOP, LABELLED_START, LABELLED_OBJECT, LABELLED_VIA, NAMES, PATH_OBJECTS, PATHS, PATH_EDGES, FINDINGS);

    private SuspectsStore() {
    }

    public static void write(SuspectInputs inputs, IndexWriter w) throws IOException {
        StoredRootPaths paths = (StoredRootPaths) inputs.paths();
        boolean wide = IdSections.wide(paths.graph().objectCount()); // ids and counts of objects, as wide as the graph's
        IdSections.write(w, PATH_OBJECTS, paths.objects(), wide);
        IdSections.write(w, PATHS, paths.parents(), wide);
        w.ints(PATH_EDGES, paths.edges());
        TopObjects top = inputs.top();
        Map<String, Integer> ids = new LinkedHashMap<>();
        IdSections.write(w, TOP, top.object, wide);
        w.longs(TOP_RETAINED, top.retained);
        IdSections.write(w, TOP_COUNT, top.retainedCount, wide);
        w.ints(TOP_CLASS, top.size(), i -> id(ids, top.className[(int) i]));
        IdSections.write(w, ACCUMULATION, top.size(), i -> top.accumulation((int) i), wide);
        HeldRows held = top.heldRows(); // its columns as they are: a row made an object each was 36 bytes a row more
        w.ints(HELD_START, top.size() + 1L, i -> held.start((int) i));
        w.ints(HELD_CLASS, held.rows(), i -> id(ids, held.className((int) i)));
        w.longs(HELD_OBJECTS, held.rows(), i -> held.objects((int) i));
        w.longs(HELD_BYTES, held.rows(), i -> held.bytes((int) i));
        writeLabelled(top, ids, wide, w);
        w.strings(NAMES, new ArrayList<>(ids.keySet()));
        writeFindings(inputs.findings(), w);
    }

    /**
     * The findings alone, for a runtime whose checks need what only a read of the dump sees (Ruby's
     * string values): written with the index, read by the first suspects run that adds the rest.
     */
    public static void writeFindings(List<Finding> findings, IndexWriter w) throws IOException {
        w.data(FINDINGS, out -> {
            out.writeInt(findings.size());
            for (Finding f : findings) {
                write(f, out);
            }
        });
    }

    /** The findings the index holds, or null when it holds none. */
    public static List<Finding> readFindings(IndexReader r) throws IOException {
        if (!r.has(FINDINGS)) {
            return null;
        }
        DataInputStream in = r.data(FINDINGS);
        int findings = in.readInt();
        List<Finding> found = new ArrayList<>(Math.min(findings, 64));
        for (int i = 0; i < findings; i++) {
            found.add(read(in));
        }
        return List.copyOf(found);
    }

    /** The stored labelled paths: which top objects have one, and each path's objects and fields. */
    private static void writeLabelled(TopObjects top, Map<String, Integer> ids, boolean wide, IndexWriter w)
            throws IOException {
        List<Integer> which = new ArrayList<>();
        List<Integer> start = new ArrayList<>(List.of(0));
        List<Long> objects = new ArrayList<>();
        List<Integer> via = new ArrayList<>();
        for (int i = 0; i < top.size(); i++) {
            TopObjects.LabelledPath p = top.path(i);
            if (p != null) {
                which.add(i);
                for (int k = 0; k < p.objects().length; k++) {
                    objects.add(p.objects()[k]);
                    via.add(id(ids, p.via()[k]));
                }
                start.add(objects.size());
            }
        }
        w.ints(LABELLED_TOP, ints(which));
        w.ints(LABELLED_START, ints(start));
        IdSections.write(w, LABELLED_OBJECT, objects.stream().mapToLong(Long::longValue).toArray(), wide);
        w.ints(LABELLED_VIA, ints(via));
    }

    private static Map<Integer, TopObjects.LabelledPath> readLabelled(IndexReader r, List<String> names, int topCount,
                                                                      boolean wide) {
        int[] which = r.ints(LABELLED_TOP);
        int[] start = r.ints(LABELLED_START);
        long[] objects = IdSections.read(r, LABELLED_OBJECT, wide);
        int[] via = r.ints(LABELLED_VIA);
        if (start.length != which.length + 1 || objects.length != via.length || start[which.length] != objects.length) {
            throw new IndexException("corrupt: the suspects' stored paths do not fit together");
        }
        Map<Integer, TopObjects.LabelledPath> paths = new HashMap<>();
        for (int j = 0; j < which.length; j++) {
            if (which[j] < 0 || which[j] >= topCount || start[j] < 0 || start[j] > start[j + 1]) {
                throw new IndexException("corrupt: the suspects' stored paths do not fit together");
            }
            String[] labels = new String[start[j + 1] - start[j]];
            for (int k = 0; k < labels.length; k++) {
                labels[k] = name(names, via[start[j] + k]);
            }
            paths.put(which[j], new TopObjects.LabelledPath(Arrays.copyOfRange(objects, start[j], start[j + 1]), labels));
        }
        return paths;
    }

    private static int[] ints(List<Integer> values) {
        return values.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int id(Map<String, Integer> ids, String name) {
        return ids.computeIfAbsent(name, k -> ids.size());
    }

    /** What {@link #write} stored, or null for an index written without it. */
    public static SuspectInputs read(IndexReader r, HeapGraph graph) throws IOException {
        if (!SECTIONS.stream().allMatch(r::has)) {
            return null;
        }
        List<String> names = r.strings(NAMES);
        boolean wide = IdSections.wide(graph.objectCount());
        long[] object = IdSections.read(r, TOP, wide);
        long[] retained = r.longs(TOP_RETAINED);
        long[] count = IdSections.read(r, TOP_COUNT, wide);
        int[] classIds = r.ints(TOP_CLASS);
        long[] accumulation = IdSections.read(r, ACCUMULATION, wide);
        int k = object.length;
        if (retained.length != k || count.length != k || classIds.length != k || accumulation.length != k
                || r.count(HELD_START) != k + 1L) {
            throw new IndexException("corrupt: the suspects sections are of unequal lengths");
        }
        String[] className = new String[k];
        for (int i = 0; i < k; i++) {
            className[i] = name(names, classIds[i]);
        }
        Map<Integer, TopObjects.LabelledPath> paths = readLabelled(r, names, k, wide);
        TopObjects top = new TopObjects(object, retained, count, className, accumulation, i -> held(r, names, i),
                paths::get);
        return new SuspectInputs(top, StoredRootPaths.stored(graph, IdSections.read(r, PATH_OBJECTS, wide),
                IdSections.read(r, PATHS, wide), r.ints(PATH_EDGES)),
                readFindings(r));
    }

    private static String name(List<String> names, int id) {
        if (id < 0 || id >= names.size()) {
            throw new IndexException("corrupt: a suspects class name is out of range");
        }
        return names.get(id);
    }

    /** What top object {@code i}'s holder holds by class, read from the held sections alone. */
    private static List<Suspect.HeldClass> held(IndexReader r, List<String> names, int i) {
        try {
            List<Suspect.HeldClass> rows = new ArrayList<>();
            for (int at = r.intAt(HELD_START, i), end = r.intAt(HELD_START, i + 1L); at < end; at++) {
                rows.add(new Suspect.HeldClass(name(names, r.intAt(HELD_CLASS, at)), r.longAt(HELD_OBJECTS, at),
                        r.longAt(HELD_BYTES, at)));
            }
            return rows;
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    private static void write(Finding f, DataOutputStream out) throws IOException {
        out.writeUTF(f.check());
        out.writeLong(f.bytes());
        out.writeLong(f.objects());
        out.writeDouble(f.share());
        writeLong(f.text(), out);
        out.writeInt(f.sites().size());
        for (Finding.Site s : f.sites()) {
            writeLong(s.location(), out);
            out.writeLong(s.objects());
            out.writeLong(s.bytes());
            out.writeInt(s.counts().size());
            for (Map.Entry<String, Long> e : s.counts().entrySet()) {
                out.writeUTF(e.getKey());
                out.writeLong(e.getValue());
            }
            out.writeBoolean(s.holder() != null);
            if (s.holder() != null) {
                writeLong(s.holder(), out);
            }
        }
        out.writeInt(f.classes().size());
        for (String c : f.classes()) {
            writeLong(c, out);
        }
        out.writeInt(f.values().size());
        for (Finding.Value v : f.values()) {
            writeLong(v.value(), out);
            out.writeBoolean(v.complete());
            out.writeLong(v.objects());
            out.writeLong(v.wastedBytes());
        }
    }

    private static Finding read(DataInputStream in) throws IOException {
        String check = in.readUTF();
        long bytes = in.readLong();
        long objects = in.readLong();
        double share = in.readDouble();
        String text = readLong(in);
        int siteCount = in.readInt();
        List<Finding.Site> sites = new ArrayList<>(Math.min(siteCount, 1024));
        for (int i = 0; i < siteCount; i++) {
            String location = readLong(in);
            long siteObjects = in.readLong();
            long siteBytes = in.readLong();
            int kinds = in.readInt();
            Map<String, Long> counts = new LinkedHashMap<>();
            for (int k = 0; k < kinds; k++) {
                counts.put(in.readUTF(), in.readLong());
            }
            String holder = in.readBoolean() ? readLong(in) : null;
            sites.add(new Finding.Site(location, siteObjects, siteBytes, counts, holder));
        }
        int classCount = in.readInt();
        List<String> classes = new ArrayList<>(Math.min(classCount, 1024));
        for (int i = 0; i < classCount; i++) {
            classes.add(readLong(in));
        }
        int valueCount = in.readInt();
        List<Finding.Value> values = new ArrayList<>(Math.min(valueCount, 64));
        for (int i = 0; i < valueCount; i++) {
            values.add(new Finding.Value(readLong(in), in.readBoolean(), in.readLong(), in.readLong()));
        }
        return new Finding(check, bytes, objects, share, text, List.copyOf(sites), List.copyOf(classes), List.copyOf(values));
    }

    /** A string of any length (writeUTF stops at 64 KB), or null. */
    private static void writeLong(String s, DataOutputStream out) throws IOException {
        if (s == null) {
            out.writeInt(-1);
            return;
        }
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readLong(DataInputStream in) throws IOException {
        int length = in.readInt();
        return length < 0 ? null : new String(in.readNBytes(length), java.nio.charset.StandardCharsets.UTF_8);
    }
}
