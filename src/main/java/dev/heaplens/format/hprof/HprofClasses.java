package dev.heaplens.format.hprof;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import dev.heaplens.HeaplensException;
import dev.heaplens.util.LongIndex;
import java.util.List;
import java.util.Map;

/**
 * The dump's classes: names (from UTF8 + LOAD CLASS, in Java source form) and, per class dumped,
 * what reading its instances needs, computed once over the class hierarchy: where the reference
 * fields are in an instance record and the instance's shallow size under a {@link HprofLayout}.
 */
public final class HprofClasses {
    /** Layout of one class's instances. */
    public static final class Shape {
        /** Bytes of an instance's field values in the file (the whole hierarchy). */
        public final int fileBytes;
        /** Offsets of reference fields within those bytes. */
        final int[] referenceOffsets;
        /** Which of them is {@code java.lang.ref.Reference.referent} (not a strong reference), or -1. */
        final int referentIndex;
        /** Header plus fields, before alignment. */
        final long unalignedSize;
        /** Every instance's size, but for a class with a stack ({@link #stackWordsAt}): its fields' part. */
        public final long shallowSize;
        /**
         * Where a {@code jdk.internal.vm.StackChunk}'s {@code size} (its frozen stack, in words) is in
         * its record, or -1: the VM puts the stack, and a bitmap of it for the GC, after the fields,
         * so each chunk has its own size (HPROF lists only the fields: a 2 KB chunk read as 32 bytes).
         */
        final int stackWordsAt;
        private final HprofLayout layout;
        private final int wordBytes;

        Shape(int fileBytes, int[] referenceOffsets, int referentIndex, long unalignedSize, long shallowSize) {
            this(fileBytes, referenceOffsets, referentIndex, unalignedSize, shallowSize, -1, null, 0);
        }

        Shape(int fileBytes, int[] referenceOffsets, int referentIndex, long unalignedSize, long shallowSize,
              int stackWordsAt, HprofLayout layout, int wordBytes) {
            this.fileBytes = fileBytes;
            this.referenceOffsets = referenceOffsets;
            this.referentIndex = referentIndex;
            this.unalignedSize = unalignedSize;
            this.shallowSize = shallowSize;
            this.stackWordsAt = stackWordsAt;
            this.layout = layout;
            this.wordBytes = wordBytes;
        }

        /** Whether instances differ in size: read each one's with {@link #shallowSize(byte[])}. */
        public boolean sizedPerInstance() {
            return stackWordsAt >= 0;
        }

        /** The size of the instance whose field values are {@code fields} (a record of this class): small, so inlined. */
        public long shallowSize(byte[] fields) {
            return stackWordsAt < 0 ? shallowSize : stackChunkSize(fields);
        }

        private long stackChunkSize(byte[] fields) {
            return stackChunkSize(Math.max(0, HprofInput.getInt(fields, stackWordsAt)));
        }

        /**
         * HotSpot's InstanceStackChunkKlass::instance_size: the fields, then the stack's words, then a
         * bitmap with a bit for every place a reference could be (two a word with compressed
         * references), in whole words, the sum aligned as any object.
         */
        long stackChunkSize(long stackWords) {
            int bitsPerWord = wordBytes / layout.referenceBytes();
            long bitmapWords = (stackWords * bitsPerWord + wordBytes * 8L - 1) / (wordBytes * 8L);
            return layout.align(shallowSize + (stackWords + bitmapWords) * wordBytes);
        }
    }

    /** An instance field: its name, type and where its value is in an instance record. */
    public record Field(String name, BasicType type, int offset) {
    }

    private static final String REFERENCE_CLASS = "java.lang.ref.Reference";
    private static final String STACK_CHUNK_CLASS = "jdk.internal.vm.StackChunk";
    /** How the graph names the reference from every object to its class. */
    public static final String JVM_EDGE_CLASS = "<class>";
    /** How the graph names the reference from a class to the class of its arrays. */
    public static final String JVM_EDGE_ARRAY_CLASS = "<array class>";
    /** How the graph names the references from a class loader to the classes it defined. */
    public static final String JVM_EDGE_DEFINED = "<defined class>";

    private final Map<Long, String> names;
    /** Names of fields and statics, by string id. */
    private final Map<Long, String> fieldNames;
    private final Map<Long, ClassDump> dumps;
    private final Map<Long, Shape> shapes = new HashMap<>();
    private static final long[] NONE = new long[0];
    /** Class loader ids, and per loader the classes it defined (by id, sorted): built when first asked. */
    private LongIndex loaders;
    private long[][] definedClasses;
    /** Element class id → array class id: built when first asked. */
    private Map<Long, Long> arrayClasses;
    private final Map<BasicType, Long> primitiveArrayClasses = new EnumMap<>(BasicType.class);
    private final long javaLangClass;
    private final long classInstanceSize;
    private final HprofLayout layout;
    private final int idSize;
    /** The JVM release guessed from the dump: it decides the field layout rules and the hidden fields. */
    private final HotSpotVersion version;
    private final HotSpotFieldLayout.Machine machine;
    /** Each dumped class's field layout, computed once (superclasses first). */
    private final Map<Long, HotSpotFieldLayout.Laid> laid = new HashMap<>();

    HprofClasses(Map<Long, String> names, Map<Long, String> fieldNames, Map<Long, ClassDump> dumps,
                 HprofLayout layout, int idSize) {
        this.names = names;
        this.fieldNames = fieldNames;
        this.dumps = dumps;
        this.layout = layout;
        this.idSize = idSize;
        this.version = HotSpotVersion.guess(declaredFieldNames());
        this.machine = HotSpotFieldLayout.Machine.of(layout, idSize);
        Map<String, Long> byName = new HashMap<>();
        names.forEach((id, name) -> byName.putIfAbsent(name, id));
        for (BasicType t : BasicType.values()) {
            Long id = byName.get(t.javaName + "[]");
            if (t != BasicType.OBJECT && id != null) {
                primitiveArrayClasses.put(t, id);
            }
        }
        javaLangClass = byName.getOrDefault("java.lang.Class", 0L);
        Shape classShape = javaLangClass == 0 ? null : shape(javaLangClass);
        classInstanceSize = classShape == null ? layout.headerBytes() : classShape.unalignedSize;
    }

    /** Class name → the names of the instance fields it declares (boot loader's class first). */
    private Map<String, Set<String>> declaredFieldNames() {
        Map<String, Set<String>> byClass = new HashMap<>();
        for (ClassDump d : dumps.values()) {
            String name = names.get(d.classId());
            if (name != null && (d.loaderId() == 0 || !byClass.containsKey(name))) {
                byClass.put(name, ownFieldNames(d));
            }
        }
        return byClass;
    }

    private Set<String> ownFieldNames(ClassDump d) {
        Set<String> own = new HashSet<>();
        for (long id : d.fieldNameIds()) {
            String field = fieldNames.get(id);
            if (field != null) {
                own.add(field);
            }
        }
        return own;
    }

    /** Which JVM release the sizes assume, and from what, for {@code summary}. */
    public String assumedJvm() {
        return version.describe();
    }

    /** The class's Java name, or null when the dump does not name it. */
    public String name(long classId) {
        return names.get(classId);
    }

    /** Class id → Java name, for every class the dump names. */
    public Map<Long, String> names() {
        return Collections.unmodifiableMap(names);
    }

    /** Field and static names by string id, for {@link HprofStore}. */
    Map<Long, String> fieldNames() {
        return fieldNames;
    }

    /** Every class dump by class id, for {@link HprofStore}. */
    Map<Long, ClassDump> dumps() {
        return dumps;
    }

    public ClassDump dump(long classId) {
        return dumps.get(classId);
    }

    /** The class of {@code type[]} arrays, or 0 when the dump has none. */
    public long primitiveArrayClass(BasicType type) {
        return primitiveArrayClasses.getOrDefault(type, 0L);
    }

    public long javaLangClass() {
        return javaLangClass;
    }

    /**
     * Shallow size of the class object itself: a {@code java.lang.Class} instance, which in
     * HotSpot also holds the class's static fields, after the instance's aligned end: references
     * first, then primitives largest first, each aligned to its size. Statics HotSpot's dump adds
     * that are no fields ({@code <resolved_references>}, ...) are not counted.
     */
    public long classObjectSize(ClassDump dump) {
        if (!version.hotSpot()) {
            long bytes = classInstanceSize;
            for (BasicType t : dump.staticTypes()) {
                bytes += t.heapSize(layout);
            }
            return layout.align(bytes);
        }
        if (!version.staticsInClassObject()) {
            return layout.align(classInstanceSize);
        }
        List<Integer> sizes = new ArrayList<>();
        int references = 0;
        for (int i = 0; i < dump.staticTypes().length; i++) {
            String name = fieldNames.get(dump.staticNameIds()[i]);
            if (name != null && name.startsWith("<")) {
                continue;
            }
            BasicType t = dump.staticTypes()[i];
            if (t == BasicType.OBJECT) {
                references++;
            } else {
                sizes.add(t.heapSize(layout));
            }
        }
        sizes.sort(java.util.Comparator.reverseOrder());
        long offset = layout.align(classInstanceSize) + (long) references * layout.referenceBytes();
        for (int bytes : sizes) {
            offset = (offset + bytes - 1) / bytes * bytes + bytes;
        }
        return machine.alignInstance(offset);
    }

    /** How this class's instances are laid out, or null when the class was not dumped. */
    public Shape shape(long classId) {
        Shape s = shapes.get(classId);
        if (s == null && dumps.containsKey(classId)) {
            s = computeShape(classId);
            shapes.put(classId, s);
        }
        return s;
    }

    /**
     * The classes {@code loaderId} defined (empty for none, or for the bootstrap loader, id 0):
     * the JVM keeps them alive as long as their loader, so the graph has an edge to each.
     */
    public long[] classesDefinedBy(long loaderId) {
        if (definedClasses == null) {
            indexDefinedClasses();
        }
        int i = loaderId == 0 ? -1 : loaders.indexOf(loaderId);
        return i < 0 ? NONE : definedClasses[i];
    }

    private void indexDefinedClasses() {
        LongIndex index = new LongIndex();
        List<List<Long>> byLoader = new ArrayList<>();
        for (ClassDump d : dumps.values()) {
            if (d.loaderId() != 0) {
                int i = index.add(d.loaderId());
                if (i == byLoader.size()) {
                    byLoader.add(new ArrayList<>());
                }
                byLoader.get(i).add(d.classId());
            }
        }
        long[][] defined = new long[byLoader.size()][];
        for (int i = 0; i < defined.length; i++) {
            defined[i] = byLoader.get(i).stream().mapToLong(Long::longValue).sorted().toArray();
        }
        loaders = index;
        definedClasses = defined;
    }

    /**
     * The class of arrays of {@code classId}'s instances (same name plus {@code []}, same loader),
     * or 0: the JVM keeps an array class as long as its element class.
     */
    public long arrayClassOf(long classId) {
        if (arrayClasses == null) {
            Map<String, Long> byNameAndLoader = new HashMap<>();
            dumps.values().forEach(d -> byNameAndLoader.put(names.get(d.classId()) + "@" + d.loaderId(), d.classId()));
            Map<Long, Long> arrays = new HashMap<>();
            for (ClassDump d : dumps.values()) {
                String name = names.get(d.classId());
                if (name != null && name.endsWith("[]")) {
                    Long element = byNameAndLoader.get(name.substring(0, name.length() - 2) + "@" + d.loaderId());
                    if (element != null) {
                        arrays.put(element, d.classId());
                    }
                }
            }
            arrayClasses = arrays;
        }
        return arrayClasses.getOrDefault(classId, 0L);
    }

    /** The name of a field or static by its string id ({@code <field 0x…>} when the dump lacks it). */
    public String fieldName(long nameId) {
        String name = fieldNames.get(nameId);
        return name != null ? name : "<field 0x" + Long.toHexString(nameId) + ">";
    }

    /** The instance fields of a class over its hierarchy, in instance-record order; empty when not dumped. */
    public List<Field> instanceFields(long classId) {
        // Kept per class: a walk over every record (export's reference names) asks once an instance.
        return fieldsByClass.computeIfAbsent(classId, this::layOutFields);
    }

    private final Map<Long, List<Field>> fieldsByClass = new java.util.concurrent.ConcurrentHashMap<>();

    private List<Field> layOutFields(long classId) {
        List<Field> fields = new ArrayList<>();
        int offset = 0;
        for (ClassDump c : hierarchy(classId)) {
            for (int i = 0; i < c.fieldTypes().length; i++) {
                fields.add(new Field(fieldName(c.fieldNameIds()[i]), c.fieldTypes()[i], offset));
                offset += c.fieldTypes()[i].fileSize(idSize);
            }
        }
        return List.copyOf(fields);
    }

    public int idSize() {
        return idSize;
    }

    /** The layout sizes are computed with. */
    public HprofLayout layout() {
        return layout;
    }

    /**
     * The class's dump and its superclasses' up to the first one not dumped (Object's super is 0).
     *
     * @throws HeaplensException when the chain loops (a corrupt dump: a class its own superclass)
     */
    public List<ClassDump> hierarchy(long classId) {
        List<ClassDump> chain = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        for (ClassDump c = dumps.get(classId); c != null; c = c.superId() == 0 ? null : dumps.get(c.superId())) {
            if (!seen.add(c.classId())) {
                throw new HeaplensException("the superclass chain of class " + describe(classId) + " loops back to class "
                        + describe(c.classId()) + " after " + chain.size() + " classes: the dump is corrupt");
            }
            chain.add(c);
        }
        return chain;
    }

    private String describe(long classId) {
        String name = names.get(classId);
        return "0x" + Long.toHexString(classId) + (name == null ? "" : " (" + name + ")");
    }

    /** Instance dumps hold the class's own fields first, then its superclass's, up to Object. */
    private Shape computeShape(long classId) {
        List<Integer> refs = new ArrayList<>();
        int referent = -1;
        int fileBytes = 0;
        long fieldBytes = layout.headerBytes();
        List<ClassDump> chain = hierarchy(classId);
        for (ClassDump c : chain) {
            boolean referenceClass = REFERENCE_CLASS.equals(names.get(c.classId()));
            for (int i = 0; i < c.fieldTypes().length; i++) {
                BasicType t = c.fieldTypes()[i];
                if (t == BasicType.OBJECT) {
                    if (referenceClass && "referent".equals(fieldNames.get(c.fieldNameIds()[i]))) {
                        referent = refs.size();
                    }
                    refs.add(fileBytes);
                }
                fileBytes += t.fileSize(idSize);
                fieldBytes += t.heapSize(layout);
            }
        }
        int[] offsets = refs.stream().mapToInt(Integer::intValue).toArray();
        if (!version.hotSpot()) {
            // Not HotSpot's: no layout rules known, so header plus the fields, aligned.
            return new Shape(fileBytes, offsets, referent, fieldBytes, layout.align(fieldBytes));
        }
        HotSpotFieldLayout.Laid l = laidOut(chain);
        int stackWordsAt = version.feature() >= 19 ? stackWordsAt(chain.get(0)) : -1;
        return new Shape(fileBytes, offsets, referent, l.fieldsEnd(), l.instanceSize(), stackWordsAt, layout,
                machine.wordBytes());
    }

    /** Where {@code c}'s int {@code size} is in its records when {@code c} is jdk.internal.vm.StackChunk, else -1. */
    private int stackWordsAt(ClassDump c) {
        if (!STACK_CHUNK_CLASS.equals(names.get(c.classId())) || c.loaderId() != 0) {
            return -1;
        }
        int at = 0; // a record holds the class's own fields first
        for (int i = 0; i < c.fieldTypes().length; i++) {
            if (c.fieldTypes()[i] == BasicType.INT && "size".equals(fieldNames.get(c.fieldNameIds()[i]))) {
                return at;
            }
            at += c.fieldTypes()[i].fileSize(idSize);
        }
        return -1;
    }

    /** The layout of {@code chain}'s first class, laying out its superclasses first (no recursion). */
    private HotSpotFieldLayout.Laid laidOut(List<ClassDump> chain) {
        HotSpotFieldLayout.Laid above = HotSpotFieldLayout.Laid.root(layout.headerBytes());
        for (int i = chain.size() - 1; i >= 0; i--) {
            ClassDump c = chain.get(i);
            HotSpotFieldLayout.Laid known = laid.get(c.classId());
            if (known == null) {
                known = layOut(c, above);
                laid.put(c.classId(), known);
            }
            above = known;
        }
        return above;
    }

    private HotSpotFieldLayout.Laid layOut(ClassDump c, HotSpotFieldLayout.Laid above) {
        String name = names.get(c.classId());
        // @Contended and the hard-coded core layouts are honoured for the boot loader's classes only.
        String core = c.loaderId() == 0 && name != null ? name : "";
        int feature = version.feature();
        List<HotSpotFieldLayout.Slot> own = new ArrayList<>();
        for (int i = 0; i < c.fieldTypes().length; i++) {
            BasicType t = c.fieldTypes()[i];
            int group = HotSpotHiddenFields.contendedGroup(core, fieldNames.get(c.fieldNameIds()[i]), feature);
            own.add(new HotSpotFieldLayout.Slot(t.heapSize(layout), t == BasicType.OBJECT, group));
        }
        own.addAll(HotSpotHiddenFields.injected(core, ownFieldNames(c), feature, machine));
        boolean contendedClass = HotSpotHiddenFields.contendedClass(core, feature);
        if (version.newLayout()) {
            return HotSpotFieldLayout.jdk15(above, own, contendedClass, machine);
        }
        boolean oopsFirst = version.oopsFirstEverywhere() || HotSpotHiddenFields.OOPS_FIRST.contains(core);
        return HotSpotFieldLayout.jdk14(above, own, contendedClass, oopsFirst, machine);
    }
}
