package dev.heaplens.format.hprof;

import dev.heaplens.HeaplensException;
import dev.heaplens.format.hprof.HprofCountReader.Result;
import dev.heaplens.format.hprof.HprofCountReader.Tally;
import dev.heaplens.util.LongIndex;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The visitor of {@link HprofCountReader}: per class id, instance and object array counts and
 * sizes in primitive arrays; per primitive type, array counts and sizes; the class dumps. Turned
 * into tallies once the pass (or every part) is done, when all class dumps are known.
 */
final class HprofCountPass extends HprofClassRecords {
    /** Every CLASS DUMP record, duplicates included: each is a class object. */
    private final List<ClassDump> classRecords = new ArrayList<>();
    /** The layout given, or null to detect it from {@link #sample}. */
    private final HprofLayout layoutOverride;
    private final LayoutDetector sample;

    // Counted without the layout, which is only known (detected) once the pass is over.
    private final LongIndex classIndex = new LongIndex();
    /** Per class slot: its instances' field bytes, as lengths (sized from them when the class has no dump). */
    private final LengthTallies instances = new LengthTallies();
    /** Per class slot: its object arrays' lengths. */
    private final LengthTallies objectArrays = new LengthTallies();
    /** Per primitive type code: its arrays' lengths. */
    private final LengthTallies primitiveArrays = new LengthTallies();
    private long lastClassId;
    private int lastIndex = -1;

    private final List<String> warnings = new ArrayList<>();
    private final RepeatedAddresses repeated = new RepeatedAddresses();
    /**
     * The classes whose instances each have their own size (jdk.internal.vm.StackChunk: the VM puts
     * the frozen stack after the fields), as the split named them for a part, or null to find them
     * in this pass's own names; and those instances' records, read with their contents (class id,
     * length, fields), for sizing once the class dumps are known.
     */
    private long[] sizedClasses;
    /** Whether {@link #sizedClasses} came from the split (this pass is a part that saw no names). */
    private boolean splitNamed;
    private final ByteArrayOutputStream sizedRecords = new ByteArrayOutputStream();
    private final DataOutputStream sizedOut = new DataOutputStream(sizedRecords);

    /** Null unless loaders were asked for: loader ids (from class dumps) and their instance's class. */
    private final LongIndex loaderIndex;
    private long[] loaderClasses = new long[16];

    HprofCountPass(HprofLayout layout, boolean loaders) {
        this.layoutOverride = layout;
        this.sample = layout == null ? new LayoutDetector() : null;
        this.loaderIndex = loaders ? new LongIndex() : null;
    }

    @Override
    public void warning(String message) {
        warnings.add(message);
    }

    @Override
    public void classDump(ClassDump dump, long offset) {
        super.classDump(dump, offset);
        classRecords.add(dump);
        repeated.offer(dump.classId());
        if (loaderIndex != null && dump.loaderId() != 0) {
            int i = loaderIndex.add(dump.loaderId());
            if (i == loaderClasses.length) {
                loaderClasses = Arrays.copyOf(loaderClasses, i * 2);
            }
        }
    }

    @Override
    public boolean wantsObjects() {
        return true;
    }

    @Override
    public boolean wantsObjectContents() {
        return false;
    }

    /** A part of a split read: the classes the split named as sized per instance. */
    void sizePerInstance(long[] classes) {
        sizedClasses = classes;
        splitNamed = true;
    }

    @Override
    public long[] contentClasses() {
        if (sizedClasses == null || sizedClasses.length == 0 && !splitNamed) {
            // the whole dump in one pass: its LOAD CLASS records came before the heap dump
            sizedClasses = classNameIds.entrySet().stream().filter(e -> HprofParts.STACK_CHUNK.equals(strings.get(e.getValue())))
                    .mapToLong(Map.Entry::getKey).toArray();
        }
        return sizedClasses.length == 0 ? null : sizedClasses;
    }

    @Override
    public void instance(long id, long classId, byte[] fields, int length, long offset) {
        // fields are read for contentClasses() (and for every instance when another visitor wants them)
        if (fields != null && ClassIds.contains(sizedClasses, classId)) {
            try {
                sizedOut.writeLong(classId);
                sizedOut.writeInt(length);
                sizedOut.write(fields, 0, length);
            } catch (IOException e) {
                throw new UncheckedIOException(e); // not thrown by a stream in memory
            }
        }
        instances.add(index(classId), length);
        repeated.offer(id);
        if (sample != null) {
            sample.offer(id, HprofObjectKind.INSTANCE, classId, 0);
        }
        if (loaderIndex != null) {
            int loader = loaderIndex.indexOf(id);
            if (loader >= 0) {
                loaderClasses[loader] = classId;
            }
        }
    }

    @Override
    public void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
        objectArrays.add(index(arrayClassId), length);
        repeated.offer(id);
        if (sample != null) {
            sample.offer(id, HprofObjectKind.OBJECT_ARRAY, 0, length);
        }
    }

    @Override
    public void primitiveArray(long id, BasicType type, long length, long offset) {
        primitiveArrays.add(type.code, length);
        repeated.offer(id);
        if (sample != null) {
            sample.offer(id, HprofObjectKind.PRIMITIVE_ARRAY, type.code, length);
        }
    }

    /** Adds the counts of another part of the same dump. */
    void add(HprofCountPass other) {
        strings.putAll(other.strings);
        classNameIds.putAll(other.classNameIds);
        dumps.putAll(other.dumps);
        classRecords.addAll(other.classRecords);
        warnings.addAll(other.warnings);
        repeated.addAll(other.repeated);
        sizedRecords.writeBytes(other.sizedRecords.toByteArray());
        for (int j = 0; j < other.classIndex.size(); j++) {
            int i = index(other.classIndex.key(j));
            instances.addAll(i, other.instances, j);
            objectArrays.addAll(i, other.objectArrays, j);
        }
        for (BasicType t : BasicType.values()) {
            primitiveArrays.addAll(t.code, other.primitiveArrays, t.code);
        }
    }

    /** Objects of one class often come in runs: skip the lookup then. */
    private int index(long classId) {
        if (lastIndex < 0 || classId != lastClassId) {
            lastIndex = classIndex.add(classId);
            lastClassId = classId;
        }
        return lastIndex;
    }

    /** The tallies, sized with the layout given or detected from the sample (of this pass, or of the first part). */
    Result result(String name, HprofHeader header) {
        HprofLayout layout = layoutOverride != null ? layoutOverride : sample.detect(this, header.idSize()).layout();
        HprofClasses classes = classes(layout, header.idSize());
        List<Tally> tallies = new ArrayList<>();
        for (int i = 0; i < classIndex.size(); i++) {
            long classId = classIndex.key(i);
            if (instances.count(i) > 0) {
                long bytes = instanceBytes(name, classes, layout, i);
                tallies.add(new Tally(HprofObjectKind.INSTANCE, classId, instances.count(i), bytes));
            }
            if (objectArrays.count(i) > 0) {
                tallies.add(new Tally(HprofObjectKind.OBJECT_ARRAY, classId, objectArrays.count(i),
                        objectArrays.bytes(i, layout.arrayBase(layout.referenceBytes()), layout.referenceBytes(), layout)));
            }
        }
        for (BasicType t : BasicType.values()) {
            if (primitiveArrays.count(t.code) > 0) {
                tallies.add(new Tally(HprofObjectKind.PRIMITIVE_ARRAY, classes.primitiveArrayClass(t),
                        primitiveArrays.count(t.code),
                        primitiveArrays.bytes(t.code, layout.arrayBase(t.heapSize(layout)), t.heapSize(layout), layout)));
            }
        }
        if (!classRecords.isEmpty()) {
            long bytes = 0;
            for (ClassDump dump : classRecords) {
                bytes += classes.classObjectSize(dump);
            }
            tallies.add(new Tally(HprofObjectKind.CLASS, classes.javaLangClass(), classRecords.size(), bytes));
        }
        List<String> all = new ArrayList<>(warnings);
        String repeats = RepeatedAddresses.warning(repeated.repeats(), repeated.exact());
        if (repeats != null) {
            all.add(repeats);
        }
        return new Result(header, layout, classes, List.copyOf(tallies), loaderClasses(), List.copyOf(all));
    }

    /** Every instance of a dumped class has its shape's size; its field bytes must match that shape. */
    private long instanceBytes(String name, HprofClasses classes, HprofLayout layout, int i) {
        long classId = classIndex.key(i);
        HprofClasses.Shape shape = classes.shape(classId);
        if (shape == null) {
            return instances.bytes(i, layout.headerBytes(), 1, layout); // sized from the field bytes alone
        }
        if (instances.lengthSum(i) != instances.count(i) * shape.fileBytes) {
            throw new HeaplensException(name + ": the " + instances.count(i) + " instances of class 0x"
                    + Long.toHexString(classId) + " have " + instances.lengthSum(i) + " bytes of fields in all,"
                    + " their class hierarchy says " + shape.fileBytes + " each");
        }
        return shape.sizedPerInstance() ? sizedBytes(classes, classId, shape, instances.count(i))
                : instances.count(i) * shape.shallowSize;
    }

    /** The bytes of {@code count} instances of a class sized one by one, from the records kept of them. */
    private long sizedBytes(HprofClasses classes, long classId, HprofClasses.Shape shape, long count) {
        long bytes = 0;
        long sized = 0;
        ByteBuffer records = ByteBuffer.wrap(sizedRecords.toByteArray());
        while (records.hasRemaining()) {
            long recordClass = records.getLong();
            byte[] fields = new byte[records.getInt()];
            records.get(fields);
            if (recordClass == classId) {
                bytes += shape.shallowSize(fields);
                sized++;
            }
        }
        if (sized < count) { // a record read without its contents: its fields alone, said
            bytes += (count - sized) * shape.shallowSize;
            warnings.add(String.format(Locale.ROOT, "%,d %s objects are counted at their fields' %d bytes: "
                    + "their stacks' sizes were not read", count - sized, classes.name(classId), shape.shallowSize));
        }
        return bytes;
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
