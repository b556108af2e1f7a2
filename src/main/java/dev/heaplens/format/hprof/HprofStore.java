package dev.heaplens.format.hprof;

import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.NarrowInts;
import dev.heaplens.graph.ThreadStacksStore;
import dev.heaplens.index.IndexException;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What an HPROF graph read knows beyond the graph, as an index section: the header, the layout
 * sizes were computed with and how it was chosen, and the class table (names, field names, class
 * dumps), from which field labels, record text and values are read again by offset, as after a
 * read. Classes number thousands, so one small section holds them.
 */
public final class HprofStore {
    private static final String CLASSES = "hprof.classes";
    /** Each array's length by graph object ({@link ArrayLengths}); absent when the dump has no array. */
    private static final String LENGTHS = "hprof.lengths";
    private static final BasicType[] TYPES = BasicType.values();

    private HprofStore() {
    }

    public static void write(HprofGraphReader.Result read, IndexWriter w) throws IOException {
        w.data(CLASSES, out -> {
            HprofHeader h = read.header();
            out.writeUTF(h.version());
            out.writeInt(h.idSize());
            out.writeLong(h.timestampMillis());
            HprofLayout l = read.layout();
            out.writeInt(l.headerBytes());
            out.writeInt(l.arrayHeaderBytes());
            out.writeInt(l.referenceBytes());
            out.writeInt(l.alignment());
            out.writeUTF(read.layoutNote());
            HprofClasses c = read.classes();
            out.writeInt(c.idSize());
            writeNames(out, c.names());
            writeNames(out, c.fieldNames());
            out.writeInt(c.dumps().size());
            for (ClassDump d : c.dumps().values()) {
                out.writeLong(d.classId());
                out.writeLong(d.superId());
                out.writeLong(d.loaderId());
                out.writeLong(d.instanceSize());
                writeTypes(out, d.constantTypes());
                writeLongs(out, d.constantValues());
                writeLongs(out, d.staticNameIds());
                writeTypes(out, d.staticTypes());
                writeLongs(out, d.staticValues());
                writeLongs(out, d.fieldNameIds());
                writeTypes(out, d.fieldTypes());
            }
        });
        ThreadStacksStore.write(read.threads(), w);
        ArrayLengths lengths = read.lengths();
        if (lengths.any()) {
            w.intRuns(LENGTHS, read.graph().objectCount(), lengths::copy);
        }
    }

    /** The read {@link #write} stored, over {@code graph}, records read again from {@code source}. */
    public static HprofGraphReader.Result read(IndexReader r, HprofSource source, HeapGraph graph, List<String> warnings)
            throws IOException {
        try (DataInputStream in = r.data(CLASSES)) {
            HprofHeader header = new HprofHeader(in.readUTF(), in.readInt(), in.readLong());
            HprofLayout layout = new HprofLayout(in.readInt(), in.readInt(), in.readInt(), in.readInt());
            String layoutNote = in.readUTF();
            int idSize = in.readInt();
            Map<Long, String> names = readNames(in);
            Map<Long, String> fieldNames = readNames(in);
            int count = in.readInt();
            Map<Long, ClassDump> dumps = new HashMap<>();
            for (int i = 0; i < count; i++) {
                ClassDump d = new ClassDump(in.readLong(), in.readLong(), in.readLong(), in.readLong(), readTypes(in),
                        readLongs(in), readLongs(in), readTypes(in), readLongs(in), readLongs(in), readTypes(in));
                dumps.put(d.classId(), d);
            }
            HprofClasses classes = new HprofClasses(names, fieldNames, dumps, layout, idSize);
            return new HprofGraphReader.Result(source, header, layout, layoutNote, classes, graph, warnings,
                    ThreadStacksStore.read(r), ArrayLengths.stored(() -> mappedLengths(r, graph)));
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
            throw new IndexException("corrupt: the class table cannot be read: " + e.getMessage());
        }
    }

    /** The stored lengths where the index is mapped, when first asked for (null: none stored). */
    private static NarrowInts mappedLengths(IndexReader r, HeapGraph graph) {
        if (!r.has(LENGTHS)) {
            return null;
        }
        try {
            if (r.count(LENGTHS) != graph.objectCount()) {
                throw new IndexException("corrupt: " + LENGTHS + " does not fit the graph");
            }
            return NarrowInts.mapped(r.mappedInts(LENGTHS), IndexReader.MAPPED_PAGE_SHIFT - 2);
        } catch (IndexException e) {
            throw r.failedLater(e);
        }
    }

    private static void writeNames(DataOutputStream out, Map<Long, String> names) throws IOException {
        out.writeInt(names.size());
        for (Map.Entry<Long, String> e : names.entrySet()) {
            out.writeLong(e.getKey());
            out.writeInt(e.getValue().length());
            out.writeChars(e.getValue());
        }
    }

    private static Map<Long, String> readNames(DataInputStream in) throws IOException {
        int n = in.readInt();
        Map<Long, String> names = new HashMap<>(); // as the reader made it: the same iteration order
        for (int i = 0; i < n; i++) {
            long id = in.readLong();
            char[] c = new char[in.readInt()];
            for (int k = 0; k < c.length; k++) {
                c[k] = in.readChar();
            }
            names.put(id, new String(c));
        }
        return names;
    }

    private static void writeTypes(DataOutputStream out, BasicType[] types) throws IOException {
        out.writeInt(types.length);
        for (BasicType t : types) {
            out.writeByte(t.ordinal());
        }
    }

    private static BasicType[] readTypes(DataInputStream in) throws IOException {
        BasicType[] t = new BasicType[in.readInt()];
        for (int i = 0; i < t.length; i++) {
            t[i] = TYPES[in.readUnsignedByte()];
        }
        return t;
    }

    private static void writeLongs(DataOutputStream out, long[] values) throws IOException {
        out.writeInt(values.length);
        for (long v : values) {
            out.writeLong(v);
        }
    }

    private static long[] readLongs(DataInputStream in) throws IOException {
        long[] v = new long[in.readInt()];
        for (int i = 0; i < v.length; i++) {
            v[i] = in.readLong();
        }
        return v;
    }
}
