package dev.heaplens.format.ruby;

import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.NarrowInts;
import dev.heaplens.graph.ObjectArrays;
import dev.heaplens.index.IndexException;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A Ruby dump's own index sections, beside the graph's: what names its objects beyond the graph
 * ({@link RubyGraphReader.Result}): the per-object columns ({@link RubyObjectColumns#NAMES}), the class records, and the detail, site and method strings. The
 * records' own text (values shown) is not stored: it is read again from the dump by position, as
 * after a read.
 */
public final class RubyStore {
    private static final String CLASSES = "ruby.classes";
    private static final String DETAILS = "ruby.details";
    private static final String SITES = "ruby.sites";
    private static final String METHODS = "ruby.methods";
    private static final String COLUMN_PREFIX = "ruby.";

    private RubyStore() {
    }

    public static void write(RubyGraphReader.Result read, IndexWriter w) throws IOException {
        for (String name : RubyObjectColumns.NAMES) {
            if (read.columns().has(name)) {
                // a run at a time: an int copy of a narrowed column would be 4 B an object more, behind the command
                w.intRuns(COLUMN_PREFIX + name, read.graph().objectCount(), read.columns().column(name)::copy);
            }
        }
        w.data(CLASSES, out -> {
            out.writeInt(read.classes().infos().size());
            for (ClassTable.ClassInfo c : read.classes().infos()) {
                out.writeLong(c.address());
                out.writeBoolean(c.isModule());
                writeText(out, c.name());
                writeText(out, c.realClassName());
                out.writeBoolean(c.singleton());
                out.writeLong(c.superclass());
                out.writeLong(c.metaclass());
            }
        });
        w.strings(DETAILS, texts(read.details()));
        w.strings(SITES, texts(read.sites()));
        w.strings(METHODS, texts(read.methods()));
    }

    /** The read over {@code graph} whose names {@link #write} stored in {@code r}; its lines' read result is not stored. */
    public static RubyGraphReader.Result read(HeapGraph graph, IndexReader r) throws IOException {
        RubyObjectColumns.Source columns = new RubyObjectColumns.Source() {
            @Override
            public NarrowInts column(String name) {
                try {
                    String section = COLUMN_PREFIX + name;
                    if (r.count(section) != graph.objectCount()) {
                        throw new IndexException("corrupt: column " + section + " does not fit the graph");
                    }
                    if (graph.isOutOfCore()) { // used where the index lies, as the graph's columns are
                        return NarrowInts.mapped(r.mappedInts(section), IndexReader.MAPPED_PAGE_SHIFT - 2);
                    }
                    int[] column = ObjectArrays.ints(graph.objectCount(), "Ruby's " + name + " column");
                    r.ints(section, new int[][] {column});
                    return NarrowInts.of(column);
                } catch (IndexException e) {
                    throw r.failedLater(e);
                }
            }

            @Override
            public int at(String name, long o) {
                try {
                    return r.intAt(COLUMN_PREFIX + name, o);
                } catch (IndexException e) {
                    throw r.failedLater(e);
                }
            }
        };
        ClassTable classes = new ClassTable();
        try (DataInputStream in = r.data(CLASSES)) {
            for (int i = 0, n = in.readInt(); i < n; i++) {
                classes.add(new ClassTable.ClassInfo(in.readLong(), in.readBoolean(), readText(in), readText(in),
                        in.readBoolean(), in.readLong(), in.readLong()));
            }
        }
        boolean[] has = new boolean[RubyObjectColumns.NAMES.size()];
        for (int c = 0; c < has.length; c++) {
            has[c] = r.has(COLUMN_PREFIX + RubyObjectColumns.NAMES.get(c));
        }
        return new RubyGraphReader.Result(graph, new RubyObjectColumns(columns, has), classes,
                strings(r.strings(DETAILS)), strings(r.strings(SITES)), strings(r.strings(METHODS)), null, null);
    }

    private static List<String> texts(SharedStrings strings) {
        List<String> out = new ArrayList<>();
        for (int i = 0, n = strings.size(); i < n; i++) {
            out.add(strings.text(i));
        }
        return out;
    }

    /** Ids are kept: each text is interned in id order, and the texts are distinct. */
    private static SharedStrings strings(List<String> texts) {
        SharedStrings s = new SharedStrings();
        for (String t : texts) {
            s.intern(t);
        }
        if (s.size() != texts.size()) {
            throw new IndexException("corrupt: a string table repeats a string");
        }
        return s;
    }

    private static void writeText(DataOutputStream out, String text) throws IOException {
        out.writeBoolean(text != null);
        if (text != null) {
            out.writeInt(text.length());
            out.writeChars(text);
        }
    }

    private static String readText(DataInputStream in) throws IOException {
        if (!in.readBoolean()) {
            return null;
        }
        char[] c = new char[in.readInt()];
        for (int i = 0; i < c.length; i++) {
            c[i] = in.readChar();
        }
        return new String(c);
    }
}
