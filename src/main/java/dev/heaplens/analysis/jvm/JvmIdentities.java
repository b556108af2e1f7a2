package dev.heaplens.analysis.jvm;

import dev.heaplens.HeaplensException;
import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.ClassDump;
import dev.heaplens.format.hprof.ClassNames;
import dev.heaplens.format.hprof.HprofCountReader;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.graph.BitCells;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Scratch;
import dev.heaplens.util.LongLongMap;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The identities of a JVM dump's objects, read in one pass without building a graph and looked
 * up among a later dump's objects ({@link #mark}): address plus class (by name, since class ids
 * are addresses too and move). Which object of one dump is which of another, as well as HPROF
 * allows: a GC moves objects, so an object moved between dumps looks new, and a freed address
 * reused by an object of the same class looks old.
 */
public final class JvmIdentities {
    private JvmIdentities() {
    }

    /**
     * Which objects of {@code later} (a heap read from a later dump) are in {@code source} too, by
     * address and class name: one pass, nothing kept per object of {@code source} but a bit per
     * object of {@code later}, in {@code scratch} (the later heap's: mapped where the heap has no room).
     * Two such reads run side by side share {@code later}.
     */
    public static Marked mark(HprofSource source, ObjectKeys later, HprofLayout layout, boolean strict, Scratch scratch) {
        HeapGraph g = later.graph;
        long n = g.objectCount();
        BitCells marks = scratch.bitsWhereRoom(n);
        HprofCountReader.Result counts = read(source, layout, strict, (id, key) -> {
            // A dump may repeat an address: every object of later at it is compared.
            for (long o = g.objectOf(id); o >= 0 && o < n && g.address(o) == id; o++) {
                if (later.key(o) == key) {
                    marks.set(o);
                }
            }
        });
        return new Marked(marks, counts.totalBytes(), counts.warnings());
    }

    /** The objects of a later heap found in a dump (a bit an object), with that dump's bytes and warnings. */
    public record Marked(BitCells objects, long bytes, List<String> warnings) {
    }

    /** The identities of a heap's objects (address, and the key of their class's name), for {@link #mark}. */
    public static final class ObjectKeys {
        private final HeapGraph graph;
        private final LongLongMap classKeys = new LongLongMap(); // per class address: the key of its name

        /** Keys every class once, so that the keys are only read (from any thread) afterwards. */
        public ObjectKeys(JvmHeap heap) {
            this.graph = heap.graph();
            for (long o = 0, n = graph.objectCount(); o < n; o++) {
                if (classKeys.get(graph.classAddress(o), 0) == 0) {
                    classKeys.put(graph.classAddress(o), classKey(heap.className(o)));
                }
            }
        }

        /** The class half of object {@code o}'s identity. */
        public long key(long o) {
            return classKeys.get(graph.classAddress(o), 0);
        }
    }

    private interface Sink {
        void object(long id, long classKey);
    }

    private static HprofCountReader.Result read(HprofSource source, HprofLayout layout, boolean strict, Sink sink) {
        try (InputStream in = source.open()) {
            return HprofCountReader.read(source.name(), in, source.size(), layout, false, strict, new Collector(sink));
        } catch (IOException e) {
            throw new HeaplensException(source.name() + ": cannot read: " + e.getMessage());
        }
    }

    /** The class half of an identity, from the class's Java name (64-bit FNV-1a). */
    public static long classKey(String javaName) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < javaName.length(); i++) {
            h ^= javaName.charAt(i);
            h *= 0x100000001b3L;
        }
        return h;
    }

    private static final class Collector implements HprofVisitor {
        private static final long CLASS_KEY = classKey("java.lang.Class");
        private final Sink sink;
        private final Map<Long, String> strings = new HashMap<>();
        /** Class id → class key; ids the dump does not name key as themselves. */
        private final LongLongMap classKeys = new LongLongMap();
        private final long[] primitiveArrayKeys = new long[256];

        Collector(Sink sink) {
            this.sink = sink;
            for (BasicType t : BasicType.values()) {
                primitiveArrayKeys[t.code] = classKey(t.javaName + "[]");
            }
        }

        @Override
        public void utf8(long id, byte[] bytes, int length) {
            strings.put(id, new String(bytes, 0, length, StandardCharsets.UTF_8));
        }

        @Override
        public void loadClass(long classId, long nameId) {
            String name = strings.get(nameId);
            if (name != null) {
                classKeys.put(classId, classKey(ClassNames.javaName(name)));
            }
        }

        @Override
        public void classDump(ClassDump dump, long offset) {
            add(dump.classId(), CLASS_KEY);
        }

        @Override
        public void instance(long id, long classId, byte[] fields, int length, long offset) {
            add(id, classKeys.get(classId, classId));
        }

        @Override
        public void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
            add(id, classKeys.get(arrayClassId, arrayClassId));
        }

        @Override
        public void primitiveArray(long id, BasicType type, long length, long offset) {
            add(id, primitiveArrayKeys[type.code]);
        }

        @Override
        public boolean wantsObjectContents() {
            return false;
        }

        private void add(long id, long key) {
            sink.object(id, key);
        }
    }
}
