package dev.heaplens.format.hprof;

import dev.heaplens.HeaplensException;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads an HPROF dump into a {@link HeapGraph} in two passes over the file: the first keeps only
 * names and class dumps (instances may come before their class, and their field bytes can only be
 * read knowing the class), the second adds every object, reference and root.
 */
public final class HprofGraphReader {
    /** What was read: the graph and the class table its class addresses refer to. */
    public record Result(HprofHeader header, HprofLayout layout, HprofClasses classes, HeapGraph graph) {
    }

    private HprofGraphReader() {
    }

    /** Reads with the layout guessed from the dump's id size. */
    public static Result read(HprofSource source) {
        return read(source, null);
    }

    /** Reads with {@code layout}, or the guess from the id size when null. */
    public static Result read(HprofSource source, HprofLayout layout) {
        ClassPass classPass = new ClassPass();
        HprofHeader header = pass(source, classPass);
        HprofLayout used = layout != null ? layout : HprofLayout.defaultFor(header.idSize());
        HprofClasses classes = new HprofClasses(classPass.classNames(), classPass.dumps, used, header.idSize());
        HeapGraphBuilder builder = new HeapGraphBuilder();
        pass(source, new GraphPass(builder.newPart(), classes, used, header.idSize(), source.name()));
        return new Result(header, used, classes, builder.build());
    }

    private static HprofHeader pass(HprofSource source, HprofVisitor visitor) {
        try (InputStream in = source.open()) {
            return HprofReader.read(source.name(), in, source.size(), visitor);
        } catch (IOException e) {
            throw new HeaplensException(source.name() + ": cannot read: " + e.getMessage());
        }
    }

    /** First pass: strings, class names and class dumps; objects are skipped unread. */
    static final class ClassPass implements HprofVisitor {
        final Map<Long, String> strings = new HashMap<>();
        final Map<Long, Long> classNameIds = new HashMap<>();
        final Map<Long, ClassDump> dumps = new HashMap<>();

        @Override
        public void utf8(long id, byte[] bytes, int length) {
            strings.put(id, HprofReader.text(bytes, length));
        }

        @Override
        public void loadClass(long classId, long nameId) {
            classNameIds.put(classId, nameId);
        }

        @Override
        public void classDump(ClassDump dump, long offset) {
            dumps.put(dump.classId(), dump);
        }

        @Override
        public boolean wantsObjects() {
            return false;
        }

        Map<Long, String> classNames() {
            Map<Long, String> names = new HashMap<>();
            classNameIds.forEach((classId, nameId) -> {
                String name = strings.get(nameId);
                if (name != null) {
                    names.put(classId, ClassNames.javaName(name));
                }
            });
            return names;
        }
    }

    /** Second pass: every object with its references, and the roots. */
    private static final class GraphPass implements HprofVisitor {
        private final HeapGraphBuilder.Part part;
        private final HprofClasses classes;
        private final HprofLayout layout;
        private final int idSize;
        private final String name;
        private final long[] primitiveArrayClass = new long[256];
        private long lastClassId = -1;
        private HprofClasses.Shape lastShape;

        GraphPass(HeapGraphBuilder.Part part, HprofClasses classes, HprofLayout layout, int idSize, String name) {
            this.part = part;
            this.classes = classes;
            this.layout = layout;
            this.idSize = idSize;
            this.name = name;
            for (BasicType t : BasicType.values()) {
                primitiveArrayClass[t.code] = classes.primitiveArrayClass(t);
            }
        }

        @Override
        public void root(RootKind kind, long objectId) {
            part.addRoot(kind.label, objectId);
        }

        @Override
        public void classDump(ClassDump dump, long offset) {
            part.addObject(dump.classId(), HprofObjectKind.CLASS.code(), classes.javaLangClass(),
                    classes.classObjectSize(dump));
            part.setPosition(offset);
            addIfSet(dump.superId());
            addIfSet(dump.loaderId());
            addObjectValues(dump.staticTypes(), dump.staticValues());
            addObjectValues(dump.constantTypes(), dump.constantValues());
        }

        @Override
        public void instance(long id, long classId, byte[] fields, int length, long offset) {
            HprofClasses.Shape shape = shape(classId);
            if (shape == null) {
                // No class dump: size from the bytes the dump has, references unknown.
                part.addObject(id, HprofObjectKind.INSTANCE.code(), classId, layout.align(layout.headerBytes() + length));
                part.setPosition(offset);
                return;
            }
            if (shape.fileBytes != length) {
                throw new HeaplensException(name + ": offset " + offset + ": instance of class 0x"
                        + Long.toHexString(classId) + " has " + length + " bytes of fields, its class hierarchy says "
                        + shape.fileBytes);
            }
            part.addObject(id, HprofObjectKind.INSTANCE.code(), classId, shape.shallowSize);
            part.setPosition(offset);
            for (int at : shape.referenceOffsets) {
                addIfSet(HprofInput.getId(fields, at, idSize));
            }
        }

        @Override
        public void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
            part.addObject(id, HprofObjectKind.OBJECT_ARRAY.code(), arrayClassId,
                    layout.arraySize(length, layout.referenceBytes()));
            part.setPosition(offset);
            for (int i = 0; i < length; i++) {
                addIfSet(elements[i]);
            }
        }

        @Override
        public void primitiveArray(long id, BasicType type, long length, long offset) {
            part.addObject(id, HprofObjectKind.PRIMITIVE_ARRAY.code(), primitiveArrayClass[type.code],
                    layout.arraySize(length, type.heapSize(layout)));
            part.setPosition(offset);
        }

        /** Instances of one class often come in runs: skip the map lookup then. */
        private HprofClasses.Shape shape(long classId) {
            if (classId != lastClassId) {
                lastShape = classes.shape(classId);
                lastClassId = classId;
            }
            return lastShape;
        }

        private void addObjectValues(BasicType[] types, long[] values) {
            for (int i = 0; i < types.length; i++) {
                if (types[i] == BasicType.OBJECT) {
                    addIfSet(values[i]);
                }
            }
        }

        private void addIfSet(long id) {
            if (id != 0) {
                part.addReference(id);
            }
        }
    }
}
