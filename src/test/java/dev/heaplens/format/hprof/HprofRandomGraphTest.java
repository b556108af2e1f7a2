package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.graph.Dominators;
import dev.heaplens.oracle.BruteForceRetention;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.RetainedSet;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Seeded random heaps written as HPROF files, read back with {@link HprofGraphReader}, and checked
 * against a model of the same heap kept by the test: every object's kind, class, shallow size
 * (computed here from the layout rules, not by heaplens) and references, then immediate dominators,
 * retained sizes and counts and set-retained sizes by brute force on the model, as in
 * {@code DominatorsOracleTest}: X retains Y when Y is reachable from the roots and stops being so
 * once X is removed. A failure names its seed.
 *
 * <p>Edges in the model, as {@code HprofGraphReader.GraphPass} makes them: a class object references
 * its superclass, its loader, its static and constant-pool object values (not its signers or
 * protection domain); an instance references its fields' objects over the whole class hierarchy; an
 * object array its elements; then every object that is not a class references its class, a class
 * the class of its arrays (same loader), and an instance that is a class loader the classes it
 * defined (by id). Null and dangling ids are no edges
 * (dangling ones are counted).
 */
class HprofRandomGraphTest {
    private static final int SEEDS = 300;

    private static final BasicType[] PRIMITIVES = {
        BasicType.BOOLEAN, BasicType.CHAR, BasicType.FLOAT, BasicType.DOUBLE,
        BasicType.BYTE, BasicType.SHORT, BasicType.INT, BasicType.LONG};

    /**
     * Root sub-record tags with the ids and u4s that follow the object id, from the HPROF format
     * description (and Android's extensions). Android's ROOT UNREACHABLE (0x90) is left out: it marks
     * objects as unreachable, so whether it should count as a root is not a layout question.
     */
    private static final int[][] ROOT_TAGS = {
        {0xFF, 0, 0}, {0x01, 1, 0}, {0x02, 0, 2}, {0x03, 0, 2}, {0x04, 0, 1}, {0x05, 0, 0}, {0x06, 0, 1},
        {0x07, 0, 0}, {0x08, 0, 2}, {0x89, 0, 0}, {0x8A, 0, 0}, {0x8B, 0, 0}, {0x8C, 0, 0}, {0x8D, 0, 0},
        {0x8E, 0, 2}};

    /** Bytes of a primitive value, in the file and in the heap. */
    static int primitiveBytes(BasicType t) {
        return switch (t) {
            case BOOLEAN, BYTE -> 1;
            case CHAR, SHORT -> 2;
            case FLOAT, INT -> 4;
            case DOUBLE, LONG -> 8;
            case OBJECT -> throw new IllegalArgumentException("not a primitive");
        };
    }

    /** The layout numbers the test sizes objects with, written out here rather than taken from {@link HprofLayout}. */
    record Sizes(int header, int arrayHeader, int reference) {
        static long align(long bytes) {
            return (bytes + 7) & -8L;
        }

        int heapBytes(BasicType t) {
            return t == BasicType.OBJECT ? reference : primitiveBytes(t);
        }
    }

    /** A class in the model: what its CLASS DUMP says, and whether there is one. */
    static final class Cls {
        final long id;
        final String name; // JVM form, as in the file
        final Cls superCls;
        final boolean dumped;
        final BasicType[] fields; // this class's own instance fields
        long loaderId;
        long signersId;
        long protectionDomainId;
        BasicType[] staticTypes = new BasicType[0];
        long[] staticValues = new long[0];
        BasicType[] constantTypes = new BasicType[0];
        long[] constantValues = new long[0];

        Cls(long id, String name, Cls superCls, boolean dumped, BasicType[] fields) {
            this.id = id;
            this.name = name;
            this.superCls = superCls;
            this.dumped = dumped;
            this.fields = fields;
        }
    }

    /** An object in the model (class objects included). */
    static final class Obj {
        final long id;
        final HprofObjectKind kind;
        final long classAddress;
        final Cls cls; // the class of an instance, the class a CLASS object is; null otherwise
        long size;
        int arrayLength;
        BasicType elementType;
        byte[] orphanFields; // an instance of a class without a class dump
        long[] values; // instance field values (hierarchy order) or array elements
        final List<Long> refs = new ArrayList<>(); // every non-null id it refers to, dangling ones too

        Obj(long id, HprofObjectKind kind, long classAddress, Cls cls) {
            this.id = id;
            this.kind = kind;
            this.classAddress = classAddress;
            this.cls = cls;
        }
    }

    /** One random heap: the model, the HPROF file written from it and the brute-force answers. */
    static final class Case {
        final long seed;
        final Random rnd;
        final int idSize;
        final HprofLayout passedLayout; // null: let the reader guess
        final HprofLayout expectedLayout;
        final Sizes sz;
        final long base;
        final Set<Long> usedIds = new HashSet<>();
        final Map<String, Long> strings = new LinkedHashMap<>();
        final List<Cls> classes = new ArrayList<>();
        final List<Obj> objs = new ArrayList<>();
        final Map<Long, Integer> index = new HashMap<>();
        final List<long[]> roots = new ArrayList<>(); // {tag, id}
        Cls javaLangClass;
        final Map<BasicType, Cls> primitiveArrayClasses = new HashMap<>();
        double nullRate;
        long danglingReferences;
        long danglingRoots;
        byte[] file;
        // Oracle over model indices.
        int[][] out;
        int[] rootNodes;
        boolean[] reachable;
        BitSet[] retains;
        BruteForceRetention retention;

        Case(long seed) {
            this.seed = seed;
            this.rnd = new Random(seed);
            this.idSize = seed % 2 == 0 ? 8 : 4;
            switch (rnd.nextInt(8)) {
                case 0 -> passedLayout = HprofLayout.COMPRESSED_64;
                case 1 -> passedLayout = HprofLayout.UNCOMPRESSED_64;
                case 2 -> passedLayout = HprofLayout.JVM_32;
                default -> passedLayout = null;
            }
            // Without a layout the reader assumes compressed oops for 8-byte ids and a 32-bit JVM for 4-byte ones.
            expectedLayout = passedLayout != null ? passedLayout
                    : idSize == 8 ? HprofLayout.COMPRESSED_64 : HprofLayout.JVM_32;
            if (expectedLayout == HprofLayout.COMPRESSED_64) {
                sz = new Sizes(12, 16, 4);
            } else if (expectedLayout == HprofLayout.UNCOMPRESSED_64) {
                sz = new Sizes(16, 24, 8);
            } else {
                sz = new Sizes(8, 12, 4);
            }
            // 8-byte ids above 4 GB; 4-byte ids sometimes with the top bit set (ids are unsigned).
            base = idSize == 8 ? 0x0000_7f00_0000_0000L + ((long) rnd.nextInt(1 << 20) << 12)
                    : rnd.nextBoolean() ? 0x8000_0000L : 0x0001_0000L;
            makeClasses();
            makeObjects();
            fillReferences();
            makeRoots();
            file = write();
            oracle();
        }

        long newId() {
            long id;
            do {
                id = base + 8L * rnd.nextInt(1 << 16);
            } while (!usedIds.add(id));
            return id;
        }

        long string(String text) {
            return strings.computeIfAbsent(text, t -> (long) strings.size() + 1);
        }

        BasicType[] randomTypes(int max, double objectShare) {
            BasicType[] types = new BasicType[rnd.nextInt(max + 1)];
            for (int i = 0; i < types.length; i++) {
                types[i] = rnd.nextDouble() < objectShare ? BasicType.OBJECT : PRIMITIVES[rnd.nextInt(PRIMITIVES.length)];
            }
            return types;
        }

        Cls addClass(String name, Cls superCls, boolean dumped, BasicType[] fields) {
            Cls c = new Cls(newId(), name, superCls, dumped, fields);
            classes.add(c);
            if (name != null) {
                string(name);
            }
            return c;
        }

        List<Cls> instantiable = new ArrayList<>();
        List<Cls> objectArrayClasses = new ArrayList<>();
        List<Cls> loaderClasses = new ArrayList<>();
        Cls ghost; // instances of it have no class dump

        void makeClasses() {
            Cls object = addClass("java/lang/Object", null, true, new BasicType[0]);
            instantiable.add(object);
            if (rnd.nextInt(10) < 7) {
                // java.lang.Class named; its instance fields (when dumped) size every class object.
                javaLangClass = addClass("java/lang/Class", object, rnd.nextInt(5) > 0, randomTypes(4, 0.5));
            }
            if (rnd.nextBoolean()) {
                // HotSpot dumps (8-byte ids) count a hidden native pointer in every ClassLoader.
                Cls loader = addClass("java/lang/ClassLoader", object, true, randomTypes(3, 0.5));
                Cls app = addClass("com/example/AppLoader", loader, true, randomTypes(2, 0.5));
                instantiable.add(loader);
                instantiable.add(app);
                loaderClasses.add(loader);
                loaderClasses.add(app);
            }
            int user = 2 + rnd.nextInt(5);
            List<Cls> users = new ArrayList<>();
            for (int i = 0; i < user; i++) {
                Cls superCls;
                if (i > 0 && rnd.nextInt(10) < 6) {
                    superCls = users.get(rnd.nextInt(i)); // chains of up to `user` classes
                } else if (!loaderClasses.isEmpty() && rnd.nextInt(6) == 0) {
                    superCls = loaderClasses.get(1);
                } else {
                    superCls = object;
                }
                Cls c = addClass("com/example/C" + i, superCls, true, randomTypes(5, 0.4));
                users.add(c);
                instantiable.add(c);
                if (superCls != object && loaderClasses.contains(superCls)) {
                    loaderClasses.add(c);
                }
            }
            objectArrayClasses.add(addClass("[Ljava/lang/Object;", object, rnd.nextBoolean(), new BasicType[0]));
            objectArrayClasses.add(addClass("[Lcom/example/C0;", object, rnd.nextBoolean(), new BasicType[0]));
            String descriptors = "ZCFDBSIJ"; // in PRIMITIVES order
            for (int i = 0; i < PRIMITIVES.length; i++) {
                if (rnd.nextInt(10) < 7) {
                    Cls c = addClass("[" + descriptors.charAt(i), object, rnd.nextBoolean(), new BasicType[0]);
                    primitiveArrayClasses.put(PRIMITIVES[i], c);
                }
            }
            ghost = addClass(rnd.nextBoolean() ? "com/example/Ghost" : null, object, false, new BasicType[0]);
            for (Cls c : classes) {
                if (c.dumped) {
                    c.staticTypes = randomTypes(3, 0.5);
                    c.staticValues = new long[c.staticTypes.length];
                    if (rnd.nextInt(10) < 3) {
                        c.constantTypes = randomTypes(2, 0.5);
                        c.constantValues = new long[c.constantTypes.length];
                    }
                    Obj o = new Obj(c.id, HprofObjectKind.CLASS, javaLangClass == null ? 0 : javaLangClass.id, c);
                    add(o);
                }
            }
        }

        void add(Obj o) {
            index.put(o.id, objs.size());
            objs.add(o);
        }

        /** Instance fields over the hierarchy, in instance-dump order: the class's own first, then up. */
        static List<BasicType> instanceTypes(Cls c) {
            List<BasicType> types = new ArrayList<>();
            for (Cls k = c; k != null; k = k.superCls) {
                Collections.addAll(types, k.fields);
            }
            return types;
        }

        /**
         * Header plus fields: these heaps have no java.lang.Thread with HotSpot's {@code eetop}, so
         * the reader takes them for no HotSpot's, whose layout rules (tested on real JVMs' dumps)
         * and injected fields it applies only to HotSpot dumps.
         */
        long instanceSize(Cls c) {
            long bytes = sz.header();
            for (Cls k = c; k != null; k = k.superCls) {
                for (BasicType t : k.fields) {
                    bytes += sz.heapBytes(t);
                }
            }
            return Sizes.align(bytes);
        }

        /** A class object: a java.lang.Class instance (its fields when Class was dumped) plus the statics. */
        long classObjectSize(Cls c) {
            long bytes = sz.header();
            if (javaLangClass != null && javaLangClass.dumped) {
                for (BasicType t : instanceTypes(javaLangClass)) {
                    bytes += sz.heapBytes(t);
                }
            }
            for (BasicType t : c.staticTypes) {
                bytes += sz.heapBytes(t);
            }
            return Sizes.align(bytes);
        }

        void makeObjects() {
            int n = 3 + rnd.nextInt(60);
            for (int i = 0; i < n; i++) {
                int r = rnd.nextInt(20);
                Obj o;
                if (r < 11) {
                    Cls c = instantiable.get(rnd.nextInt(instantiable.size()));
                    o = new Obj(newId(), HprofObjectKind.INSTANCE, c.id, c);
                    o.size = instanceSize(c);
                } else if (r < 15) {
                    Cls c = objectArrayClasses.get(rnd.nextInt(objectArrayClasses.size()));
                    o = new Obj(newId(), HprofObjectKind.OBJECT_ARRAY, c.id, null);
                    o.arrayLength = rnd.nextInt(7);
                    o.size = Sizes.align(sz.arrayHeader() + (long) o.arrayLength * sz.reference());
                } else if (r < 19) {
                    BasicType t = PRIMITIVES[rnd.nextInt(PRIMITIVES.length)];
                    Cls c = primitiveArrayClasses.get(t);
                    o = new Obj(newId(), HprofObjectKind.PRIMITIVE_ARRAY, c == null ? 0 : c.id, null);
                    o.elementType = t;
                    o.arrayLength = rnd.nextInt(21);
                    o.size = Sizes.align(sz.arrayHeader() + (long) o.arrayLength * primitiveBytes(t));
                } else {
                    // No class dump: sized from the bytes the record has, no references known.
                    o = new Obj(newId(), HprofObjectKind.INSTANCE, ghost.id, null);
                    o.orphanFields = new byte[rnd.nextInt(25)];
                    rnd.nextBytes(o.orphanFields);
                    o.size = Sizes.align(sz.header() + o.orphanFields.length);
                }
                add(o);
            }
            for (Obj o : objs) {
                if (o.kind == HprofObjectKind.CLASS) {
                    o.size = classObjectSize(o.cls);
                }
            }
        }

        /** A reference value: null, a dangling id or any object of the heap (itself and class objects included). */
        long pickRef() {
            double x = rnd.nextDouble();
            if (x < nullRate) {
                return 0;
            }
            if (x < nullRate + 0.03) {
                return newId(); // never defined
            }
            return objs.get(rnd.nextInt(objs.size())).id;
        }

        long randomBits(BasicType t) {
            return switch (t) {
                case OBJECT -> pickRef();
                case BOOLEAN -> rnd.nextInt(2);
                case LONG, DOUBLE -> rnd.nextLong();
                default -> rnd.nextLong() & ((1L << (8 * primitiveBytes(t))) - 1);
            };
        }

        void fillReferences() {
            nullRate = 0.05 + 0.4 * rnd.nextDouble();
            List<Obj> loaders = new ArrayList<>();
            for (Obj o : objs) {
                if (o.kind == HprofObjectKind.INSTANCE && o.cls != null && loaderClasses.contains(o.cls)) {
                    loaders.add(o);
                }
            }
            for (Obj o : objs) {
                switch (o.kind) {
                    case CLASS -> {
                        Cls c = o.cls;
                        if (c.superCls != null) {
                            o.refs.add(c.superCls.id);
                        }
                        int l = rnd.nextInt(4);
                        c.loaderId = l == 0 ? 0 : l == 1 && !loaders.isEmpty() ? loaders.get(rnd.nextInt(loaders.size())).id
                                : pickRef();
                        if (c.loaderId != 0) {
                            o.refs.add(c.loaderId);
                        }
                        for (int i = 0; i < c.staticTypes.length; i++) {
                            c.staticValues[i] = randomBits(c.staticTypes[i]);
                            if (c.staticTypes[i] == BasicType.OBJECT && c.staticValues[i] != 0) {
                                o.refs.add(c.staticValues[i]);
                            }
                        }
                        for (int i = 0; i < c.constantTypes.length; i++) {
                            c.constantValues[i] = randomBits(c.constantTypes[i]);
                            if (c.constantTypes[i] == BasicType.OBJECT && c.constantValues[i] != 0) {
                                o.refs.add(c.constantValues[i]);
                            }
                        }
                        // Written, but not references in heaplens' graph.
                        c.signersId = rnd.nextInt(4) == 0 ? objs.get(rnd.nextInt(objs.size())).id : 0;
                        c.protectionDomainId = rnd.nextInt(4) == 0 ? objs.get(rnd.nextInt(objs.size())).id : 0;
                    }
                    case INSTANCE -> {
                        if (o.cls == null) {
                            break;
                        }
                        List<BasicType> types = instanceTypes(o.cls);
                        o.values = new long[types.size()];
                        for (int i = 0; i < o.values.length; i++) {
                            o.values[i] = randomBits(types.get(i));
                            if (types.get(i) == BasicType.OBJECT && o.values[i] != 0) {
                                o.refs.add(o.values[i]);
                            }
                        }
                    }
                    case OBJECT_ARRAY -> {
                        o.values = new long[o.arrayLength];
                        for (int i = 0; i < o.arrayLength; i++) {
                            o.values[i] = pickRef();
                            if (o.values[i] != 0) {
                                o.refs.add(o.values[i]);
                            }
                        }
                    }
                    case PRIMITIVE_ARRAY -> {
                    }
                }
                if (o.kind != HprofObjectKind.CLASS && o.classAddress != 0) {
                    o.refs.add(o.classAddress);
                }
            }
            // Loaders' edges to their classes come last, once every class has its loader.
            Map<Long, List<Long>> defined = new HashMap<>();
            for (Cls c : classes) {
                if (c.loaderId != 0 && index.containsKey(c.id)) {
                    defined.computeIfAbsent(c.loaderId, k -> new ArrayList<>()).add(c.id);
                }
            }
            for (Obj o : objs) {
                if (o.kind == HprofObjectKind.CLASS) {
                    // a class keeps the class of its arrays (named so, with the same loader)
                    String arrayName = o.cls.name.startsWith("[") ? "[" + o.cls.name : "[L" + o.cls.name + ";";
                    for (Cls a : classes) {
                        if (a.dumped && a.name.equals(arrayName) && a.loaderId == o.cls.loaderId) {
                            o.refs.add(a.id);
                        }
                    }
                }
                if (o.kind == HprofObjectKind.INSTANCE && defined.containsKey(o.id)) {
                    defined.get(o.id).stream().sorted().forEach(o.refs::add);
                }
                for (long ref : o.refs) {
                    if (!index.containsKey(ref)) {
                        danglingReferences++;
                    }
                }
            }
        }

        void makeRoots() {
            int count = 1 + rnd.nextInt(2 + objs.size() / 6);
            for (int i = 0; i < count; i++) {
                int[] kind = ROOT_TAGS[rnd.nextInt(ROOT_TAGS.length)];
                long target = rnd.nextInt(16) == 0 ? newId() : objs.get(rnd.nextInt(objs.size())).id;
                roots.add(new long[] {kind[0], target});
            }
            for (Obj o : objs) {
                if (o.kind == HprofObjectKind.CLASS && rnd.nextInt(4) == 0) {
                    roots.add(new long[] {0x05, o.id});
                }
            }
            if (rnd.nextInt(5) == 0) { // the same object rooted twice
                long[] again = roots.get(rnd.nextInt(roots.size()));
                roots.add(new long[] {ROOT_TAGS[rnd.nextInt(ROOT_TAGS.length)][0], again[1]});
            }
            for (long[] r : roots) {
                if (!index.containsKey(r[1])) {
                    danglingRoots++;
                }
            }
        }

        // ---- writing

        private interface Sub {
            void write(DataOutputStream d) throws IOException;
        }

        private byte[] sub(Sub body) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try {
                body.write(new DataOutputStream(b));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return b.toByteArray();
        }

        private void id(DataOutputStream d, long id) throws IOException {
            HprofWriter.writeId(d, idSize, id);
        }

        private void value(DataOutputStream d, BasicType t, long v) throws IOException {
            HprofWriter.writeValue(d, idSize, t, v);
        }

        byte[] write() {
            HprofWriter w = HprofWriter.inMemory(idSize);
            long fieldName = string("field");
            long staticName = string("STATIC");
            for (Map.Entry<String, Long> s : strings.entrySet()) {
                w.utf8(s.getValue(), s.getKey());
            }
            for (Cls c : classes) {
                if (c.name != null) {
                    w.loadClass(c.id, strings.get(c.name));
                }
            }
            List<byte[]> subs = new ArrayList<>();
            for (Obj o : objs) {
                subs.add(switch (o.kind) {
                    case CLASS -> classDump(o.cls, fieldName, staticName);
                    case INSTANCE -> sub(d -> {
                        byte[] fields = o.orphanFields != null ? o.orphanFields : sub(f -> {
                            List<BasicType> types = instanceTypes(o.cls);
                            for (int i = 0; i < types.size(); i++) {
                                value(f, types.get(i), o.values[i]);
                            }
                        });
                        d.writeByte(HeapDumpTag.INSTANCE_DUMP.code);
                        id(d, o.id);
                        d.writeInt(rnd.nextInt());
                        id(d, o.classAddress);
                        d.writeInt(fields.length);
                        d.write(fields);
                    });
                    case OBJECT_ARRAY -> sub(d -> {
                        d.writeByte(HeapDumpTag.OBJECT_ARRAY_DUMP.code);
                        id(d, o.id);
                        d.writeInt(rnd.nextInt());
                        d.writeInt(o.arrayLength);
                        id(d, o.classAddress);
                        for (long e : o.values) {
                            id(d, e);
                        }
                    });
                    case PRIMITIVE_ARRAY -> sub(d -> {
                        d.writeByte(HeapDumpTag.PRIMITIVE_ARRAY_DUMP.code);
                        id(d, o.id);
                        d.writeInt(rnd.nextInt());
                        d.writeInt(o.arrayLength);
                        d.writeByte(o.elementType.code);
                        byte[] data = new byte[o.arrayLength * primitiveBytes(o.elementType)];
                        rnd.nextBytes(data);
                        d.write(data);
                    });
                });
            }
            for (long[] r : roots) {
                int[] kind = rootKind((int) r[0]);
                subs.add(sub(d -> {
                    d.writeByte(kind[0]);
                    id(d, r[1]);
                    for (int i = 0; i < kind[1]; i++) {
                        id(d, newId()); // e.g. the JNI global reference's own id
                    }
                    for (int i = 0; i < kind[2]; i++) {
                        d.writeInt(rnd.nextInt());
                    }
                }));
            }
            int infos = rnd.nextInt(3);
            for (int i = 0; i < infos; i++) { // HEAP DUMP INFO (Android): heap id and name
                subs.add(sub(d -> {
                    d.writeByte(HeapDumpTag.HEAP_DUMP_INFO.code);
                    d.writeInt(rnd.nextInt(4));
                    id(d, fieldName);
                }));
            }
            if (rnd.nextInt(10) < 7) { // instances before their classes, roots anywhere
                Collections.shuffle(subs, rnd);
            }
            HprofTag tag = rnd.nextInt(4) == 0 ? HprofTag.HEAP_DUMP : HprofTag.HEAP_DUMP_SEGMENT;
            int records = 1 + rnd.nextInt(3);
            int from = 0;
            for (int k = 1; k <= records; k++) {
                int to = k == records ? subs.size() : from + rnd.nextInt(subs.size() - from + 1);
                ByteArrayOutputStream chunk = new ByteArrayOutputStream();
                for (byte[] s : subs.subList(from, to)) {
                    chunk.writeBytes(s);
                }
                byte[] bytes = chunk.toByteArray();
                w.record(tag, bytes);
                from = to;
            }
            if (tag == HprofTag.HEAP_DUMP_SEGMENT || rnd.nextBoolean()) {
                w.end();
            }
            return w.toBytes();
        }

        private byte[] classDump(Cls c, long fieldName, long staticName) {
            return sub(d -> {
                d.writeByte(HeapDumpTag.CLASS_DUMP.code);
                id(d, c.id);
                d.writeInt(rnd.nextInt());
                id(d, c.superCls == null ? 0 : c.superCls.id);
                id(d, c.loaderId);
                id(d, c.signersId);
                id(d, c.protectionDomainId);
                id(d, 0);
                id(d, 0);
                d.writeInt(rnd.nextInt(100)); // instance size: not used
                d.writeShort(c.constantTypes.length);
                for (int i = 0; i < c.constantTypes.length; i++) {
                    d.writeShort(rnd.nextInt(1000));
                    d.writeByte(c.constantTypes[i].code);
                    value(d, c.constantTypes[i], c.constantValues[i]);
                }
                d.writeShort(c.staticTypes.length);
                for (int i = 0; i < c.staticTypes.length; i++) {
                    id(d, staticName);
                    d.writeByte(c.staticTypes[i].code);
                    value(d, c.staticTypes[i], c.staticValues[i]);
                }
                d.writeShort(c.fields.length);
                for (BasicType t : c.fields) {
                    id(d, fieldName);
                    d.writeByte(t.code);
                }
            });
        }

        static int[] rootKind(int tag) {
            for (int[] k : ROOT_TAGS) {
                if (k[0] == tag) {
                    return k;
                }
            }
            throw new IllegalArgumentException("root tag " + tag);
        }

        // ---- brute force on the model

        void oracle() {
            int n = objs.size();
            out = new int[n][];
            for (int i = 0; i < n; i++) {
                out[i] = objs.get(i).refs.stream().filter(index::containsKey).mapToInt(index::get).toArray();
            }
            rootNodes = roots.stream().filter(r -> index.containsKey(r[1])).mapToInt(r -> index.get(r[1])).toArray();
            retention = new BruteForceRetention(out, rootNodes);
            reachable = retention.reach(new BitSet());
            retains = new BitSet[n];
            for (int x = 0; x < n; x++) {
                retains[x] = retention.retains(x);
            }
        }

        long bytes(BitSet nodes) {
            long sum = 0;
            for (int y = nodes.nextSetBit(0); y >= 0; y = nodes.nextSetBit(y + 1)) {
                sum += objs.get(y).size;
            }
            return sum;
        }
    }

    @Test
    void randomHeapsMatchTheModel() {
        int objects = 0;
        int unreachable = 0;
        int dominated = 0;
        int[] perIdSize = new int[9];
        for (long seed = 0; seed < SEEDS; seed++) {
            Case c = new Case(seed);
            check(c);
            objects += c.objs.size();
            for (int y = 0; y < c.objs.size(); y++) {
                unreachable += c.reachable[y] ? 0 : 1;
                for (int x = 0; x < c.objs.size(); x++) {
                    if (x != y && c.retains[x].get(y)) {
                        dominated++; // by another object, not only by the roots
                        break;
                    }
                }
            }
            perIdSize[c.idSize]++;
        }
        System.out.printf("hprof random graphs: %d heaps (%d with 4-byte ids, %d with 8), %d objects, %d unreachable,"
                + " %d dominated by another object%n", SEEDS, perIdSize[4], perIdSize[8], objects, unreachable, dominated);
        // The generator must produce reachable and unreachable objects, and dominator trees deeper than the roots.
        assertThat(unreachable).isBetween(objects / 20, objects - objects / 20);
        assertThat(dominated).isGreaterThan(objects / 10);
    }

    private static void check(Case c) {
        String at = "seed " + c.seed + " (" + c.idSize + "-byte ids, layout " + c.expectedLayout + ")";
        HprofGraphReader.Result r = HprofGraphReader.read(HprofBytes.source("random-" + c.seed + ".hprof", c.file,
                c.seed % 3 != 0), c.passedLayout, false);
        HeapGraph g = r.graph();
        assertThat(r.header().idSize()).as(at).isEqualTo(c.idSize);
        assertThat(r.layout()).as(at).isEqualTo(c.expectedLayout);
        assertThat(g.objectCount()).as("%s: objects", at).isEqualTo(c.objs.size());
        assertThat(g.danglingReferences()).as("%s: dangling references", at).isEqualTo(c.danglingReferences);
        assertThat(g.danglingRoots()).as("%s: dangling roots", at).isEqualTo(c.danglingRoots);

        int n = c.objs.size();
        int[] object = new int[n];
        for (int y = 0; y < n; y++) {
            Obj m = c.objs.get(y);
            String what = String.format("%s: %s 0x%x", at, m.kind, m.id);
            long o = g.objectOf(m.id);
            assertThat(o).as(what).isNotNegative();
            object[y] = (int) o;
            assertThat(HprofObjectKind.of(g.kind(o))).as("%s kind", what).isEqualTo(m.kind);
            assertThat(g.classAddress(o)).as("%s class", what).isEqualTo(m.classAddress);
            assertThat(g.shallowSize(o)).as("%s shallow size", what).isEqualTo(m.size);
            List<Long> targets = new ArrayList<>();
            for (long i = g.outStart(o); i < g.outEnd(o); i++) {
                targets.add(g.address(g.target(i)));
            }
            List<Long> expected = new ArrayList<>();
            for (int t : c.out[y]) {
                expected.add(c.objs.get(t).id);
            }
            assertThat(targets).as("%s references", what).containsExactlyInAnyOrderElementsOf(expected);
        }
        List<String> roots = new ArrayList<>();
        for (int i = 0; i < g.rootCount(); i++) {
            roots.add(dev.heaplens.graph.ThreadStacks.kindOf(g.rootCategory(i)) + " -> " + Long.toHexString(g.address(g.rootTarget(i))));
        }
        List<String> expectedRoots = new ArrayList<>();
        for (long[] root : c.roots) {
            if (c.index.containsKey(root[1])) {
                expectedRoots.add(RootKind.of((int) root[0]).label + " -> " + Long.toHexString(root[1]));
            }
        }
        assertThat(roots).as("%s: roots", at).containsExactlyInAnyOrderElementsOf(expectedRoots);

        Dominators d = Dominators.compute(g);
        int reachableCount = 0;
        long reachableBytes = 0;
        for (int y = 0; y < n; y++) {
            Obj m = c.objs.get(y);
            String what = String.format("%s: %s 0x%x", at, m.kind, m.id);
            int o = object[y];
            assertThat(d.isReachable(o)).as("%s reachable", what).isEqualTo(c.reachable[y]);
            assertThat(d.retainedCount(o)).as("%s retained count", what).isEqualTo(c.retains[y].cardinality());
            assertThat(d.retainedSize(o)).as("%s retained size", what).isEqualTo(c.bytes(c.retains[y]));
            if (c.reachable[y]) {
                reachableCount++;
                reachableBytes += m.size;
            }
            assertThat(d.immediateDominator(o)).as("%s immediate dominator", what)
                    .isEqualTo(expectedIdom(c, y, object));
        }
        assertThat(d.reachableCount()).as(at).isEqualTo(reachableCount);
        assertThat(d.reachableBytes()).as(at).isEqualTo(reachableBytes);

        // Sets of a few objects: precise (what removing all of them frees) and minimum (union of dominator subtrees).
        Random rnd = new Random(c.seed * 31 + 7);
        for (int trial = 0; trial < 3; trial++) {
            BitSet members = new BitSet();
            BitSet memberObjects = new BitSet();
            int k = 1 + rnd.nextInt(Math.min(n, 4));
            for (int i = 0; i < k; i++) {
                int y = rnd.nextInt(n);
                members.set(y);
                memberObjects.set(object[y]);
            }
            BitSet precise = c.retention.precise(members);
            BitSet union = c.retention.minimum(members);
            String what = at + ": members " + members;
            assertThat(RetainedSet.precise(d, memberObjects)).as("%s precise", what)
                    .isEqualTo(new RetainedSet(precise.cardinality(), c.bytes(precise)));
            assertThat(RetainedSet.minimum(d, memberObjects)).as("%s minimum", what)
                    .isEqualTo(new RetainedSet(union.cardinality(), c.bytes(union)));
        }
    }

    /** The immediate dominator of model object {@code y} by brute force, as a graph object. */
    private static int expectedIdom(Case c, int y, int[] object) {
        if (!c.reachable[y]) {
            return Dominators.UNREACHABLE;
        }
        try {
            int idom = c.retention.immediateDominator(y);
            return idom < 0 ? Dominators.SUPER_ROOT : object[idom];
        } catch (AssertionError e) {
            throw new AssertionError("seed " + c.seed + ": " + e.getMessage(), e);
        }
    }
}
