package dev.heaplens.format.ruby;

import dev.heaplens.graph.HeapGraphPart;
import dev.heaplens.graph.IntColumn;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The Ruby records-to-graph adapter (as the HPROF reader's is for JVM dumps): feeds one reading
 * thread's records to its part of the heap graph (objects with their references, GC roots), fills
 * Ruby's own columns beside the graph (allocation sites, generations, IMEMO kinds and DATA struct
 * names), and hands the class records on to whoever names classes.
 */
public final class RubyGraphSink implements RubyRecordSink {
    /** The fields the parser must read for this sink. */
    public static final Set<RubyLineParser.Field> FIELDS =
            EnumSet.of(RubyLineParser.Field.REFERENCES, RubyLineParser.Field.ALLOCATION, RubyLineParser.Field.SIZES);
    /** The fields for a graph of objects alone ({@link #withoutReferences}): the references are jumped over. */
    public static final Set<RubyLineParser.Field> OBJECT_FIELDS = EnumSet.of(RubyLineParser.Field.ALLOCATION);

    private final HeapGraphPart part;
    /** Beside the graph, by part-local object (put in graph order with the builder's permutation), kept as the part is. */
    private final IntColumn siteColumn;
    private final IntColumn generationColumn;
    private final IntColumn detailColumn;
    private final IntColumn methodColumn;
    private final IntColumn lengthColumn;
    private final SharedStrings.Local details;
    private final SharedStrings.Local sites;
    private final SharedStrings.Local methods;
    private final Consumer<RubyRecord> classRecords;
    private byte[] siteKey = new byte[256];
    /** False: objects alone, no references and no GC roots (the parser was not asked for them). */
    private final boolean references;
    /** Gathers what the waste checks read of the records; null when nothing will ask (and for a graph of objects alone). */
    private final RubyWasteFacts.Gathering wasteGathering;
    /** The facts of the thread that reads this sink's chunk, taken at its first record. */
    private RubyWasteFacts waste;

    /**
     * @param details      interns IMEMO kinds and DATA struct names (string ids in the detail column)
     * @param sites        interns allocation sites {@code file:line} (string ids in the site column)
     * @param methods      interns allocation methods (string ids in the method column)
     * @param classRecords receives each CLASS and MODULE record while it is read
     * @param waste        gathers what the waste checks need, shared by the sinks of one read; null: nothing will ask
     */
    public RubyGraphSink(HeapGraphPart part, SharedStrings details, SharedStrings sites, SharedStrings methods,
                         Consumer<RubyRecord> classRecords, RubyWasteFacts.Gathering waste) {
        this(part, details, sites, methods, classRecords, waste, true);
    }

    /** As above, for a graph of the objects alone: read with {@link #OBJECT_FIELDS}, no edges and no roots. */
    public static RubyGraphSink withoutReferences(HeapGraphPart part, SharedStrings details, SharedStrings sites,
                                                  SharedStrings methods, Consumer<RubyRecord> classRecords) {
        return new RubyGraphSink(part, details, sites, methods, classRecords, null, false);
    }

    private RubyGraphSink(HeapGraphPart part, SharedStrings details, SharedStrings sites, SharedStrings methods,
                          Consumer<RubyRecord> classRecords, RubyWasteFacts.Gathering waste, boolean references) {
        this.references = references;
        this.part = part;
        siteColumn = part.newColumn();
        generationColumn = part.newColumn();
        detailColumn = part.newColumn();
        methodColumn = part.newColumn();
        lengthColumn = part.newColumn();
        this.details = details.local();
        this.sites = sites.local();
        this.methods = methods.local();
        this.classRecords = classRecords;
        this.wasteGathering = waste;
    }

    /** The column {@code c} of {@link RubyObjectColumns#NAMES} (site, generation, detail, method, length), by part-local object. */
    IntColumn column(int c) {
        return switch (c) {
            case 0 -> siteColumn;
            case 1 -> generationColumn;
            case 2 -> detailColumn;
            case 3 -> methodColumn;
            default -> lengthColumn;
        };
    }

    /** Drops the part-local columns once they have been put in graph order: the read result keeps the sinks. */
    public void releaseColumns() {
        siteColumn.clear();
        generationColumn.clear();
        detailColumn.clear();
        methodColumn.clear();
        lengthColumn.clear();
    }

    @Override
    public void accept(RubyRecord r) {
        RubyType type = r.type;
        if (type == RubyType.ROOT) {
            if (!references) {
                return;
            }
            String category = r.root.isPresent() ? JsonText.decode(r.buf, r.root.start, r.root.end, r.root.escaped) : "(none)";
            for (int i = 0; i < r.referenceCount; i++) {
                part.addRoot(category, r.references[i]);
            }
            return;
        }
        if (type == RubyType.SHAPE) {
            return;
        }
        if (type == RubyType.CLASS || type == RubyType.MODULE) {
            classRecords.accept(r);
        }
        part.addObject(r.address, (byte) type.ordinal(), r.classAddress, r.memsize);
        if (references) {
            addReferences(r, type);
        }
        if (wasteGathering != null) {
            if (waste == null) {
                waste = wasteGathering.ofThisThread();
            }
            waste.accept(r);
        }
        part.setPosition(r.offset);
        RubyRecord.ByteRange detail = type == RubyType.IMEMO ? r.imemoType : type == RubyType.DATA ? r.struct : null;
        if (detail != null && detail.isPresent()) {
            detailColumn.set(part.lastObject(), details.intern(r.buf, detail.start, detail.end, detail.escaped));
        }
        if (r.file.isPresent() && r.line >= 0) {
            siteColumn.set(part.lastObject(), internSite(r));
        }
        if (r.generation >= 0) {
            generationColumn.set(part.lastObject(), (int) Math.min(Integer.MAX_VALUE, r.generation));
        }
        if (r.method.isPresent()) {
            methodColumn.set(part.lastObject(), methods.intern(r.buf, r.method.start, r.method.end, r.method.escaped));
        }
        long length = type == RubyType.STRING ? r.bytesize : type == RubyType.ARRAY || type == RubyType.HASH ? r.elements : -1;
        if (length >= 0) {
            lengthColumn.set(part.lastObject(), (int) Math.min(Integer.MAX_VALUE, length));
        }
    }

    private void addReferences(RubyRecord r, RubyType type) {
        part.addReferences(r.references, r.referenceCount);
        if (type != RubyType.IMEMO && r.classAddress != 0) {
            // The GC marks an object's class, but the dump leaves it out of "references"
            // (objspace_dump.c skips it): without this edge singleton classes look unreachable.
            // IMEMO "class" fields are not classes.
            part.addReference(r.classAddress);
        }
    }

    /** The site {@code file:line}, interned from its bytes (JSON escapes of the file kept as written). */
    private int internSite(RubyRecord r) {
        int fileLength = r.file.length();
        int digits = 1;
        for (long rest = r.line / 10; rest > 0; rest /= 10) {
            digits++;
        }
        int length = fileLength + 1 + digits;
        if (siteKey.length < length) {
            siteKey = new byte[Math.max(length, siteKey.length * 2)];
        }
        System.arraycopy(r.buf, r.file.start, siteKey, 0, fileLength);
        siteKey[fileLength] = ':';
        long rest = r.line; // written in place: no String per object
        for (int i = length - 1; i > fileLength; i--) {
            siteKey[i] = (byte) ('0' + rest % 10);
            rest /= 10;
        }
        return sites.intern(siteKey, 0, length, r.file.escaped);
    }
}
