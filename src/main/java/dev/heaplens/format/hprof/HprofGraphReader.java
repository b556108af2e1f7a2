package dev.heaplens.format.hprof;

import dev.heaplens.HeaplensException;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Phases;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.HeapGraphPart;
import dev.heaplens.graph.IntColumn;
import dev.heaplens.graph.ThreadStacks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads an HPROF dump into a {@link HeapGraph}. An instance's field bytes can only be read knowing
 * its class, and a dump may list classes after their instances, so in general in two passes over
 * the file: the first keeps only names and class dumps, the second adds every object, reference
 * and root. Detecting the layout reads the class records a HotSpot dump lists first: when the
 * pass over the objects meets no others, that one pass is enough.
 */
public final class HprofGraphReader {
    /** What was read: the graph and the class table its class addresses refer to. */
    /**
     * @param layoutNote how the layout was chosen (given, detected from the dump, or assumed)
     * @param threads    the threads and their stacks, which name the graph's local root categories
     * @param lengths    each array's length, by graph object
     */
    public record Result(HprofSource source, HprofHeader header, HprofLayout layout, String layoutNote,
                         HprofClasses classes, HeapGraph graph, List<String> warnings, ThreadStacks threads,
                         ArrayLengths lengths) {
        /** This read with the threads given (their objects' fields read). */
        public Result withThreads(ThreadStacks named) {
            return new Result(source, header, layout, layoutNote, classes, graph, warnings, named, lengths);
        }
    }

    /** HotSpot writes the roots after the objects: a dump cut short loses them all, and with them every reachability figure. */
    public static final String NO_ROOTS = "the dump has no GC roots (cut before them?): no object can be shown reachable, so"
            + " retained sizes, top retainers and paths from GC roots are all empty; counts and shallow sizes are unaffected";

    /**
     * Objects per builder part when one thread reads the whole dump: the builder resolves each
     * part's references on its own thread, so one reading thread still gets them resolved on
     * every core. A dump read in parts has a builder part per part of the file.
     */
    private static final int PART_OBJECTS = 1 << 20;

    private HprofGraphReader() {
    }

    /** Reads with the layout detected from the dump, on one thread. */
    public static Result read(HprofSource source) {
        return read(source, null, false, 1);
    }

    /** As {@link #read(HprofSource, HprofLayout, boolean, int)} on one thread. */
    public static Result read(HprofSource source, HprofLayout layout, boolean strict) {
        return read(source, layout, strict, 1);
    }

    /**
     * Reads with {@code layout}, or the one detected from the dump when null. A dump cut short is
     * read up to the cut with a warning, or with {@code strict} is an error. A plain file is read
     * in parts on up to {@code threads} threads, each pass of them ({@link HprofPartReads}); the
     * graph is the same, its objects and references concatenated in file order.
     */
    public static Result read(HprofSource source, HprofLayout layout, boolean strict, int threads) {
        return read(source, layout, strict, threads, true, true, Phases.NONE, Scratch.heap());
    }

    /**
     * As {@link #read(HprofSource, HprofLayout, boolean, int)} (or {@link #readObjects} when
     * {@code references} is false), telling {@code phases} when the file is read and the graph's
     * references are being resolved; the graph's parts are kept in {@code scratch} while read.
     */
    public static Result read(HprofSource source, HprofLayout layout, boolean strict, int threads, boolean references,
                              Phases phases, Scratch scratch) {
        return read(source, layout, strict, threads, true, references, phases, scratch);
    }

    /**
     * As {@link #read(HprofSource, HprofLayout, boolean, int)}, without references and GC roots:
     * a graph of the objects alone, for what follows no reference (leaks without retained sizes).
     * The field bytes are still read, to be checked against the classes.
     */
    public static Result readObjects(HprofSource source, HprofLayout layout, boolean strict, int threads) {
        return read(source, layout, strict, threads, true, false, Phases.NONE, Scratch.heap());
    }

    /**
     * As above; {@code onePass} allows the objects to be read with the class records that
     * detecting the layout read ({@link #objects}). Tests turn it off to compare with two passes.
     */
    static Result read(HprofSource source, HprofLayout layout, boolean strict, int threads, boolean onePass) {
        return read(source, layout, strict, threads, onePass, true, Phases.NONE, Scratch.heap());
    }

    private static Result read(HprofSource source, HprofLayout layout, boolean strict, int threads, boolean onePass,
                               boolean references, Phases phases, Scratch scratch) {
        LayoutDetector.Sampled sampled = layout != null ? null : LayoutDetector.detectReading(source);
        LayoutDetector.Detection detection = sampled == null
                ? new LayoutDetector.Detection(layout, "given by --layout") : sampled.detection();
        HprofLayout used = detection.layout();
        HprofParts.Split split = HprofPartReads.split(source, threads, HprofPartReads.GRAPH_PARTS_PER_THREAD);
        if (onePass && sampled != null) {
            // Detecting read the class records a HotSpot dump lists before its objects: one pass
            // then reads the objects, unless it meets class records that detecting did not read.
            HprofClasses classes = sampled.records().classes(used, sampled.header().idSize());
            try {
                ObjectsRead read = objects(source, split, threads, strict, sampled.header(), classes, used, sampled,
                        references, scratch);
                if (read.classRecords == sampled.records().recordCount()) {
                    return result(source, read, used, detection, classes, references, sampled.records().strings, phases);
                }
            } catch (ClassesUnread | HeaplensException | UncheckedIOException e) {
                // read again in two passes: that read meets any problem as it always has
            }
        }
        HprofHeader header;
        HprofClasses classes;
        Map<Long, String> strings;
        if (split == null) {
            HprofClassRecords classPass = new HprofClassRecords();
            header = pass(source, classPass, strict);
            classes = classPass.classes(used, header.idSize());
            strings = classPass.strings;
        } else {
            header = split.header();
            int parts = split.starts().length;
            HprofClassRecords[] classParts = new HprofClassRecords[parts];
            for (int p = 0; p < parts; p++) {
                classParts[p] = new HprofClassRecords();
            }
            HprofPartReads.read(source, split, threads, strict, classParts);
            for (int p = 1; p < parts; p++) {
                classParts[0].add(classParts[p]);
            }
            classes = classParts[0].classes(used, header.idSize());
            strings = classParts[0].strings;
        }
        return result(source, objects(source, split, threads, strict, header, classes, used, null, references, scratch), used,
                detection, classes, references, strings, phases);
    }

    /** A pass over the objects met a class dump that the classes it was given were not made from. */
    private static final class ClassesUnread extends RuntimeException {
        ClassesUnread() {
            super(null, null, false, false);
        }
    }

    /** What a pass over the objects read, and where its builder keeps its columns. */
    private record ObjectsRead(HprofHeader header, HeapGraphBuilder builder, List<String> warnings, long classRecords,
                               HprofStacks stacks, List<IntColumn> lengths, Scratch scratch) {
    }

    /**
     * The pass over every object, reference and root, with {@code classes}: on one thread, or
     * in the parts of {@code split}. Counts the class records it meets (strings, class names,
     * class dumps), for telling whether {@code classes} was made from all of them; with
     * {@code sampled} (what {@code classes} was made from), a class dump it did not read ends the
     * pass at once ({@link ClassesUnread}).
     */
    private static ObjectsRead objects(HprofSource source, HprofParts.Split split, int threads, boolean strict,
                                   HprofHeader header, HprofClasses classes, HprofLayout used,
                                   LayoutDetector.Sampled sampled, boolean references, Scratch scratch) {
        HeapGraphBuilder builder = new HeapGraphBuilder(scratch);
        List<String> warnings = new ArrayList<>();
        long classRecords = 0;
        HprofStacks stacks = new HprofStacks();
        List<IntColumn> lengths = new ArrayList<>(); // a column per builder part, in the builder's order
        if (split == null) {
            GraphPass graphPass = new GraphPass(builder, classes, used, header.idSize(), source.name(), PART_OBJECTS,
                    sampled, references);
            header = pass(source, graphPass, strict);
            warnings.addAll(graphPass.warnings);
            classRecords = graphPass.classRecords;
            stacks = graphPass.stacks;
            lengths.addAll(graphPass.lengths);
        } else {
            int parts = split.starts().length;
            // Created here, in file order: each takes its builder part, which the builder concatenates in that order.
            GraphPass[] graphParts = new GraphPass[parts];
            for (int p = 0; p < parts; p++) {
                graphParts[p] = new GraphPass(builder, classes, used, header.idSize(), source.name(), Long.MAX_VALUE,
                        sampled, references);
            }
            String noData = HprofPartReads.read(source, split, threads, strict, graphParts).warning();
            for (GraphPass part : graphParts) {
                warnings.addAll(part.warnings);
                classRecords += part.classRecords;
                stacks.add(part.stacks);
                lengths.addAll(part.lengths);
            }
            if (noData != null) {
                warnings.add(noData);
            }
        }
        return new ObjectsRead(header, builder, warnings, classRecords, stacks, lengths, scratch);
    }

    private static Result result(HprofSource source, ObjectsRead read, HprofLayout used,
                                 LayoutDetector.Detection detection, HprofClasses classes, boolean references,
                                 Map<Long, String> strings, Phases phases) {
        phases.enter("references", -1, () -> 0);
        read.builder().keepGraphOrder(); // the array lengths are put in graph order once the graph has its sizes
        HeapGraph graph = read.builder().build();
        ArrayLengths lengths = ArrayLengths.packed(read.builder(), read.lengths(), graph, used, classes, read.scratch());
        ThreadStacks threads = read.stacks().resolve(graph, strings, classes);
        List<String> warnings = new ArrayList<>(read.warnings());
        String repeats = RepeatedAddresses.warning(graph.duplicateAddresses(), true);
        if (repeats != null) {
            warnings.add(repeats);
        }
        if (references && graph.rootCount() == 0 && graph.objectCount() > 0) {
            warnings.add(NO_ROOTS);
        }
        return new Result(source, read.header(), used, detection.how(), classes, graph, List.copyOf(warnings), threads,
                lengths);
    }

    private static HprofHeader pass(HprofSource source, HprofVisitor visitor, boolean strict) {
        try (InputStream in = source.open()) {
            return HprofReader.read(source.name(), in, source.size(), visitor, strict);
        } catch (IOException e) {
            throw new HeaplensException(source.name() + ": cannot read: " + e.getMessage());
        }
    }

    /** Second pass: every object with its references, and the roots (or the objects alone). */
    private static final class GraphPass implements HprofVisitor {
        private final HeapGraphBuilder builder;
        /** Objects per builder part before a new one is started (one reading thread only). */
        private final long partObjects;
        private HeapGraphPart part;
        private final HprofClasses classes;
        private final HprofLayout layout;
        private final int idSize;
        private final String name;
        private final long[] primitiveArrayClass = new long[256];
        final List<String> warnings = new ArrayList<>();
        private long lastClassId = -1;
        private HprofClasses.Shape lastShape;
        /** Strings, class names and class dumps met. */
        long classRecords;
        /** What the classes were made from when not from every class record: see {@link #objects}. */
        private final LayoutDetector.Sampled sampled;
        /** False: the objects alone, no reference and no root added. */
        private final boolean references;
        /** This part's thread records. */
        final HprofStacks stacks = new HprofStacks();
        /** The arrays' lengths, a column per builder part this pass started, the last one being filled. */
        final List<IntColumn> lengths = new ArrayList<>();
        private IntColumn length;

        GraphPass(HeapGraphBuilder builder, HprofClasses classes, HprofLayout layout, int idSize, String name,
                  long partObjects, LayoutDetector.Sampled sampled, boolean references) {
            this.builder = builder;
            this.references = references;
            this.sampled = sampled;
            this.partObjects = partObjects;
            this.part = builder.newPart();
            this.length = part.newColumn();
            lengths.add(length);
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
            boolean local = kind == RootKind.JAVA_FRAME || kind == RootKind.JNI_LOCAL;
            if (references && kind.keepsAlive() && !local) {
                part.addRoot(kind.label, objectId);
            }
        }

        /** A local's category names its thread and frame: resolved once every part is read. */
        @Override
        public void localRoot(RootKind kind, long objectId, long threadSerial, int frameNumber) {
            if (references) {
                part.addRoot(HprofStacks.localKey(kind, threadSerial, frameNumber), objectId);
            }
        }

        @Override
        public void threadRoot(long objectId, long threadSerial, long stackTraceSerial) {
            stacks.thread(objectId, threadSerial, stackTraceSerial);
        }

        @Override
        public void classSerial(long serial, long classId) {
            stacks.classSerial(serial, classId);
        }

        @Override
        public void stackFrame(long frameId, long methodNameId, long signatureId, long sourceFileId, long classSerial,
                               int line) {
            stacks.frame(frameId, methodNameId, sourceFileId, classSerial, line);
        }

        @Override
        public void stackTrace(long serial, long threadSerial, long[] frameIds, int count) {
            stacks.trace(serial, frameIds, count);
        }

        @Override
        public void warning(String message) {
            warnings.add(message);
        }

        @Override
        public void utf8(long id, byte[] bytes, int length) {
            classRecords++;
        }

        @Override
        public void loadClass(long classId, long nameId) {
            classRecords++;
        }

        @Override
        public void classDump(ClassDump dump, long offset) {
            classRecords++;
            if (sampled != null && !sampled.read(offset)) {
                throw new ClassesUnread();
            }
            addObject(dump.classId(), HprofObjectKind.CLASS.code(), classes.javaLangClass(),
                    classes.classObjectSize(dump), offset);
            addIfSet(dump.superId());
            addIfSet(dump.loaderId());
            addObjectValues(dump.staticTypes(), dump.staticValues());
            addObjectValues(dump.constantTypes(), dump.constantValues());
            addIfSet(classes.arrayClassOf(dump.classId()));
        }

        @Override
        public void instance(long id, long classId, byte[] fields, int length, long offset) {
            HprofClasses.Shape shape = shape(classId);
            if (shape == null) {
                // No class dump: size from the bytes the dump has, references unknown.
                addObject(id, HprofObjectKind.INSTANCE.code(), classId, layout.align(layout.headerBytes() + length), offset);
                addJvmEdges(id, classId);
                return;
            }
            if (shape.fileBytes != length) {
                throw new HeaplensException(name + ": offset " + offset + ": instance of class 0x"
                        + Long.toHexString(classId) + " has " + length + " bytes of fields, its class hierarchy says "
                        + shape.fileBytes);
            }
            addObject(id, HprofObjectKind.INSTANCE.code(), classId, shape.shallowSize(fields), offset);
            if (!references) {
                return;
            }
            int[] offsets = shape.referenceOffsets;
            for (int k = 0; k < offsets.length; k++) {
                long target = HprofInput.getId(fields, offsets[k], idSize);
                if (target == 0) {
                    continue;
                }
                if (k == shape.referentIndex) {
                    part.addWeakReference(target);
                } else {
                    part.addReference(target);
                }
            }
            addJvmEdges(id, classId);
        }

        /**
         * What the JVM keeps alive beyond fields (as Eclipse MAT models it), after the fields so
         * that references keep their positions: an object's class, and a class loader's classes.
         * {@link HprofClasses#JVM_EDGE_CLASS} and {@link HprofClasses#JVM_EDGE_DEFINED} name them.
         */
        private void addJvmEdges(long id, long classId) {
            if (!references) {
                return;
            }
            addIfSet(classId);
            for (long defined : classes.classesDefinedBy(id)) {
                part.addReference(defined);
            }
        }

        @Override
        public void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
            addObject(id, HprofObjectKind.OBJECT_ARRAY.code(), arrayClassId,
                    layout.arraySize(length, layout.referenceBytes()), offset);
            this.length.set(part.lastObject(), length);
            if (!references) {
                return;
            }
            for (int i = 0; i < length; i++) {
                addIfSet(elements[i]);
            }
            addIfSet(arrayClassId);
        }

        @Override
        public void primitiveArray(long id, BasicType type, long length, long offset) {
            addObject(id, HprofObjectKind.PRIMITIVE_ARRAY.code(), primitiveArrayClass[type.code],
                    layout.arraySize(length, type.heapSize(layout)), offset);
            this.length.set(part.lastObject(), (int) Math.min(Integer.MAX_VALUE, length));
            addIfSet(primitiveArrayClass[type.code]);
        }

        /** Starts an object (in a new part every {@link #partObjects}); its references follow. */
        private void addObject(long id, byte kind, long classId, long shallowSize, long offset) {
            if (part.objectCount() == partObjects) {
                part = builder.newPart();
                length = part.newColumn();
                lengths.add(length);
            }
            part.addObject(id, kind, classId, shallowSize);
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
            if (id != 0 && references) {
                part.addReference(id);
            }
        }
    }
}
