package dev.heaplens.format.hprof;

import dev.heaplens.HeaplensException;
import dev.heaplens.format.hprof.HprofCountReader.Result;
import dev.heaplens.format.hprof.HprofCountReader.Tally;
import dev.heaplens.util.LongIndex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The visitor of {@link HprofCountReader}: per class id, instance and object array counts and
 * sizes in primitive arrays; per primitive type, array counts and sizes; the class dumps. Turned
 * into tallies once the pass (or every part) is done, when all class dumps are known.
 */
final class HprofCountPass implements HprofVisitor {
    private final HprofGraphReader.ClassPass classPass = new HprofGraphReader.ClassPass();
    /** Every CLASS DUMP record, duplicates included: each is a class object. */
    private final List<ClassDump> classRecords = new ArrayList<>();
    private final HprofLayout layoutOverride;
    private HprofLayout layout;

    private final LongIndex classIndex = new LongIndex();
    private long[] instances = new long[256];
    private long[] instanceFieldBytes = new long[256];
    /** Sizes from the field bytes alone, for instances of classes the dump has no class dump of. */
    private long[] undumpedBytes = new long[256];
    private long[] arrays = new long[256];
    private long[] arrayBytes = new long[256];
    private long lastClassId;
    private int lastIndex = -1;

    private final List<String> warnings = new ArrayList<>();
    private final long[] primitiveArrays = new long[256];
    private final long[] primitiveArrayBytes = new long[256];

    /** Null unless loaders were asked for: loader ids (from class dumps) and their instance's class. */
    private final LongIndex loaderIndex;
    private long[] loaderClasses = new long[16];

    HprofCountPass(HprofLayout layout, boolean loaders) {
        this.layoutOverride = layout;
        this.loaderIndex = loaders ? new LongIndex() : null;
    }

    @Override
    public void header(HprofHeader header) {
        layout = layoutOverride != null ? layoutOverride : HprofLayout.defaultFor(header.idSize());
    }

    @Override
    public void truncated(String message) {
        warnings.add(message);
    }

    @Override
    public void utf8(long id, byte[] bytes, int length) {
        classPass.utf8(id, bytes, length);
    }

    @Override
    public void loadClass(long classId, long nameId) {
        classPass.loadClass(classId, nameId);
    }

    @Override
    public void classDump(ClassDump dump, long offset) {
        classPass.classDump(dump, offset);
        classRecords.add(dump);
        if (loaderIndex != null && dump.loaderId() != 0) {
            int i = loaderIndex.add(dump.loaderId());
            if (i == loaderClasses.length) {
                loaderClasses = Arrays.copyOf(loaderClasses, i * 2);
            }
        }
    }

    @Override
    public boolean wantsObjectContents() {
        return false;
    }

    @Override
    public void instance(long id, long classId, byte[] fields, int length, long offset) {
        int i = index(classId);
        instances[i]++;
        instanceFieldBytes[i] += length;
        undumpedBytes[i] += layout.align(layout.headerBytes() + length);
        if (loaderIndex != null) {
            int loader = loaderIndex.indexOf(id);
            if (loader >= 0) {
                loaderClasses[loader] = classId;
            }
        }
    }

    @Override
    public void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
        int i = index(arrayClassId);
        arrays[i]++;
        arrayBytes[i] += layout.arraySize(length, layout.referenceBytes());
    }

    @Override
    public void primitiveArray(long id, BasicType type, long length, long offset) {
        primitiveArrays[type.code]++;
        primitiveArrayBytes[type.code] += layout.arraySize(length, type.heapSize(layout));
    }

    /** Adds the counts of another part of the same dump. */
    void add(HprofCountPass other) {
        classPass.strings.putAll(other.classPass.strings);
        classPass.classNameIds.putAll(other.classPass.classNameIds);
        classPass.dumps.putAll(other.classPass.dumps);
        classRecords.addAll(other.classRecords);
        warnings.addAll(other.warnings);
        for (int j = 0; j < other.classIndex.size(); j++) {
            int i = index(other.classIndex.key(j));
            instances[i] += other.instances[j];
            instanceFieldBytes[i] += other.instanceFieldBytes[j];
            undumpedBytes[i] += other.undumpedBytes[j];
            arrays[i] += other.arrays[j];
            arrayBytes[i] += other.arrayBytes[j];
        }
        for (int code = 0; code < primitiveArrays.length; code++) {
            primitiveArrays[code] += other.primitiveArrays[code];
            primitiveArrayBytes[code] += other.primitiveArrayBytes[code];
        }
    }

    /** Objects of one class often come in runs: skip the lookup then. */
    private int index(long classId) {
        if (lastIndex < 0 || classId != lastClassId) {
            lastIndex = classIndex.add(classId);
            lastClassId = classId;
            if (lastIndex == instances.length) {
                grow();
            }
        }
        return lastIndex;
    }

    private void grow() {
        int n = instances.length * 2;
        instances = Arrays.copyOf(instances, n);
        instanceFieldBytes = Arrays.copyOf(instanceFieldBytes, n);
        undumpedBytes = Arrays.copyOf(undumpedBytes, n);
        arrays = Arrays.copyOf(arrays, n);
        arrayBytes = Arrays.copyOf(arrayBytes, n);
    }

    Result result(String name, HprofHeader header) {
        HprofClasses classes = new HprofClasses(classPass.classNames(), classPass.fieldNames(), classPass.dumps, layout,
                header.idSize());
        List<Tally> tallies = new ArrayList<>();
        for (int i = 0; i < classIndex.size(); i++) {
            long classId = classIndex.key(i);
            if (instances[i] > 0) {
                long bytes = instanceBytes(name, classes, i);
                tallies.add(new Tally(HprofObjectKind.INSTANCE, classId, instances[i], bytes));
            }
            if (arrays[i] > 0) {
                tallies.add(new Tally(HprofObjectKind.OBJECT_ARRAY, classId, arrays[i], arrayBytes[i]));
            }
        }
        for (BasicType t : BasicType.values()) {
            if (primitiveArrays[t.code] > 0) {
                tallies.add(new Tally(HprofObjectKind.PRIMITIVE_ARRAY, classes.primitiveArrayClass(t),
                        primitiveArrays[t.code], primitiveArrayBytes[t.code]));
            }
        }
        if (!classRecords.isEmpty()) {
            long bytes = 0;
            for (ClassDump dump : classRecords) {
                bytes += classes.classObjectSize(dump);
            }
            tallies.add(new Tally(HprofObjectKind.CLASS, classes.javaLangClass(), classRecords.size(), bytes));
        }
        return new Result(header, layout, classes, List.copyOf(tallies), loaderClasses(), List.copyOf(warnings));
    }

    /** Every instance of a dumped class has its shape's size; its field bytes must match that shape. */
    private long instanceBytes(String name, HprofClasses classes, int i) {
        long classId = classIndex.key(i);
        HprofClasses.Shape shape = classes.shape(classId);
        if (shape == null) {
            return undumpedBytes[i];
        }
        if (instanceFieldBytes[i] != instances[i] * shape.fileBytes) {
            throw new HeaplensException(name + ": the " + instances[i] + " instances of class 0x"
                    + Long.toHexString(classId) + " have " + instanceFieldBytes[i] + " bytes of fields in all,"
                    + " their class hierarchy says " + shape.fileBytes + " each");
        }
        return instances[i] * shape.shallowSize;
    }

    private Map<Long, Long> loaderClasses() {
        Map<Long, Long> byLoader = new HashMap<>();
        for (int i = 0; loaderIndex != null && i < loaderIndex.size(); i++) {
            if (loaderClasses[i] != 0) {
                byLoader.put(loaderIndex.key(i), loaderClasses[i]);
            }
        }
        return byLoader;
    }
}
