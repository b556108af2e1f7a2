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
        public final long shallowSize;

        Shape(int fileBytes, int[] referenceOffsets, int referentIndex, long unalignedSize, long shallowSize) {
            this.fileBytes = fileBytes;
            this.referenceOffsets = referenceOffsets;
            this.referentIndex = referentIndex;
            this.unalignedSize = unalignedSize;
            this.shallowSize = shallowSize;
        }
    }

    /** An instance field: its name, type and where its value is in an instance record. */
    public record Field(String name, BasicType type, int offset) {
    }

    private static final String REFERENCE_CLASS = "java.lang.ref.Reference";
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
    /** 8-byte ids: a 64-bit HotSpot dump (Android's have 4-byte ids), with its hidden fields. */
    private final boolean hotSpot;

    HprofClasses(Map<Long, String> names, Map<Long, String> fieldNames, Map<Long, ClassDump> dumps,
                 HprofLayout layout, int idSize) {
        this.names = names;
        this.fieldNames = fieldNames;
        this.dumps = dumps;
        this.layout = layout;
        this.idSize = idSize;
        this.hotSpot = idSize == 8;
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
     * HotSpot also holds the class's static fields.
     */
    public long classObjectSize(ClassDump dump) {
        long bytes = classInstanceSize;
        for (BasicType t : dump.staticTypes()) {
            bytes += t.heapSize(layout);
        }
        return layout.align(bytes);
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
        List<Field> fields = new ArrayList<>();
        int offset = 0;
        for (ClassDump c : hierarchy(classId)) {
            for (int i = 0; i < c.fieldTypes().length; i++) {
                fields.add(new Field(fieldName(c.fieldNameIds()[i]), c.fieldTypes()[i], offset));
                offset += c.fieldTypes()[i].fileSize(idSize);
            }
        }
        return fields;
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
        long heapBytes = layout.headerBytes();
        for (ClassDump c : hierarchy(classId)) {
            if (hotSpot) {
                heapBytes += HotSpotHiddenBytes.declaredBy(names.get(c.classId()), layout);
            }
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
                heapBytes += t.heapSize(layout);
            }
        }
        int[] offsets = refs.stream().mapToInt(Integer::intValue).toArray();
        // Sum of field sizes: HotSpot packs fields tightly since JDK 15, padding only at the end.
        return new Shape(fileBytes, offsets, referent, heapBytes, layout.align(heapBytes));
    }
}
