package dev.heaplens.analysis.jvm;

import dev.heaplens.HeaplensException;
import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.HprofClassRecords;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofHeader;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofReader;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.format.hprof.LayoutDetector;
import dev.heaplens.util.LongLongMap;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The values of a dump's {@code java.lang.String} objects, grouped by content, in two passes:
 * the first finds every String's value array (and coder), the second reads those arrays' bytes
 * and groups equal contents by a 64-bit hash. What duplicate-string reports need, without a heap
 * graph: memory grows with the number of Strings, not of all objects.
 */
public final class JvmStringGroups {
    /** Strings whose contents are equal: how many, over how many distinct arrays, and one to show. */
    public record Group(long strings, long arrays, BasicType type, int coder, long arrayLength, long sampleOffset) {
    }

    /** @param stringClass the class id of java.lang.String, 0 when the dump has none */
    public record Result(List<Group> duplicated, long distinct, long strings, long stringClass, HprofClasses classes,
                         List<String> warnings) {
    }

    private JvmStringGroups() {
    }

    /** @param layout the layout for sizes, or null to detect it */
    public static Result read(HprofSource source, HprofLayout layout, boolean strict) {
        HprofLayout used = layout != null ? layout : LayoutDetector.detect(source).layout();
        StringPass strings = new StringPass();
        HprofHeader header = pass(source, strings, strict);
        HprofClasses classes = strings.classes(used, header.idSize());
        strings.decodePending(classes);
        ArrayPass arrays = new ArrayPass(strings.arrayRefs);
        pass(source, arrays, strict);
        return new Result(arrays.duplicated(), arrays.distinct(), strings.count, strings.stringClass, classes, List.copyOf(strings.warnings));
    }

    private static HprofHeader pass(HprofSource source, HprofVisitor visitor, boolean strict) {
        try (InputStream in = source.open()) {
            return HprofReader.read(source.name(), in, source.size(), visitor, strict);
        } catch (IOException e) {
            throw new HeaplensException(source.name() + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * Pass 1: classes, and for each String the array holding its characters. A String met before
     * its class dump (not HotSpot's order, but allowed) is decoded once the pass is over.
     */
    private static final class StringPass extends HprofClassRecords {
        /** Value array id → (Strings referencing it << 1 | coder). */
        final LongLongMap arrayRefs = new LongLongMap();
        final List<String> warnings = new ArrayList<>();
        final List<byte[]> pending = new ArrayList<>();
        long stringClass;
        long count;
        private int idSize;
        private int valueOffset = -1;
        private int coderOffset = -1;

        @Override
        public void header(HprofHeader header) {
            idSize = header.idSize();
        }

        @Override
        public void loadClass(long classId, long nameId) {
            super.loadClass(classId, nameId);
            if ("java/lang/String".equals(strings.get(nameId))) {
                stringClass = classId;
            }
        }

        @Override
        public boolean wantsObjects() {
            return true;
        }

        @Override
        public void instance(long id, long classId, byte[] fields, int length, long offset) {
            if (classId != stringClass || stringClass == 0) {
                return;
            }
            count++;
            if (valueOffset < 0 && dumps.containsKey(classId)) {
                findFields(classes(HprofLayout.defaultFor(idSize), idSize));
            }
            if (valueOffset < 0) {
                pending.add(java.util.Arrays.copyOf(fields, length));
            } else {
                add(fields);
            }
        }

        @Override
        public void warning(String message) {
            warnings.add(message);
        }

        void decodePending(HprofClasses all) {
            if (valueOffset < 0 && stringClass != 0) {
                findFields(all);
            }
            pending.forEach(this::add);
            pending.clear();
        }

        private void findFields(HprofClasses all) {
            for (HprofClasses.Field f : all.instanceFields(stringClass)) {
                if (f.name().equals("value") && f.type() == BasicType.OBJECT) {
                    valueOffset = f.offset();
                } else if (f.name().equals("coder") && f.type() == BasicType.BYTE) {
                    coderOffset = f.offset();
                }
            }
        }

        private void add(byte[] fields) {
            if (valueOffset < 0) {
                return; // a String class without a value field: nothing to group
            }
            long array = id(fields, valueOffset, idSize);
            if (array == 0) {
                return;
            }
            int coder = coderOffset < 0 ? 0 : fields[coderOffset] & 1;
            long refs = arrayRefs.get(array, 0);
            arrayRefs.put(array, ((refs >>> 1) + 1) << 1 | coder);
        }

        /** The big-endian id of {@code idSize} bytes at {@code at}, as HPROF writes it. */
        private static long id(byte[] b, int at, int idSize) {
            long id = 0;
            for (int i = 0; i < idSize; i++) {
                id = id << 8 | (b[at + i] & 0xFF);
            }
            return id;
        }
    }

    /** Pass 2: the bytes of every value array, grouped by content. */
    private static final class ArrayPass implements HprofVisitor {
        private final LongLongMap arrayRefs;
        private final StringContentGroups groups = new StringContentGroups();
        private long pendingRefs;
        private long pendingLength;
        private long pendingOffset;

        ArrayPass(LongLongMap arrayRefs) {
            this.arrayRefs = arrayRefs;
        }

        @Override
        public boolean wantsObjectContents() {
            return false;
        }

        @Override
        public void primitiveArray(long id, BasicType type, long length, long offset) {
            pendingRefs = (type == BasicType.BYTE || type == BasicType.CHAR) ? arrayRefs.get(id, 0) : 0;
            pendingLength = length;
            pendingOffset = offset;
            if (pendingRefs != 0 && length == 0) {
                group(type, new byte[0], 0);
            }
        }

        /** Only the arrays of Strings are read; the rest are skipped. */
        @Override
        public int primitiveValueBytes(long id, BasicType type, long length) {
            boolean text = type == BasicType.BYTE || type == BasicType.CHAR;
            return text && arrayRefs.get(id, 0) != 0 ? Integer.MAX_VALUE : 0;
        }

        @Override
        public void primitiveArrayValues(long id, BasicType type, byte[] data, int dataLength) {
            if (pendingRefs != 0) {
                group(type, data, dataLength);
            }
        }

        private void group(BasicType type, byte[] data, int dataLength) {
            int coder = (int) (pendingRefs & 1);
            groups.add(StringContentGroups.key(type, coder, data, dataLength), pendingRefs >>> 1, type, coder,
                    pendingLength, pendingOffset);
        }

        /** The groups of two or more Strings, in group order. */
        List<Group> duplicated() {
            return groups.duplicated();
        }

        long distinct() {
            return groups.distinct();
        }
    }
}
