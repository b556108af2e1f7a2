package dev.heaplens.format.hprof;

import dev.heaplens.HeaplensException;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Streams an HPROF file (JVM or Android heap dump) once, front to back, reporting its records to
 * an {@link HprofVisitor}. Keeps nothing itself, so memory does not grow with the dump.
 */
public final class HprofReader {
    static final List<String> VERSIONS = List.of("JAVA PROFILE 1.0.1", "JAVA PROFILE 1.0.2", "JAVA PROFILE 1.0.3");
    /** The version string and its NUL; longer ones are not HPROF. */
    private static final int MAX_VERSION_BYTES = 32;
    /** Java arrays are int-indexed; a larger count is a corrupt file. */
    private static final long MAX_ARRAY = Integer.MAX_VALUE - 8;
    /**
     * Buffers for contents grow by at most this many elements ahead of what actually arrived, so
     * that a corrupt length in a stream (whose size is unknown) allocates no more than the file holds.
     */
    private static final int GROW_STEP = 1 << 20;
    private final HprofInput in;
    private final long fileSize;
    private final HprofVisitor visitor;
    private final boolean wantsObjects;
    private final boolean wantsContents;
    /** When contents are not wanted, the classes whose instances are read with theirs all the same (or null). */
    private long[] contentClasses;
    private final boolean strict;
    private byte[] bytes = new byte[1024];
    private long[] ids = new long[1024];
    /** What is counted on the way and reported once, at the end of the read. */
    private NoDataArrays noData = new NoDataArrays();
    private boolean sawSegment;
    private boolean sawEnd;
    /** Where a part of a split read stops (at a record boundary). */
    private long stopAt = Long.MAX_VALUE;

    private HprofReader(HprofInput in, long fileSize, HprofVisitor visitor, boolean strict) {
        this.in = in;
        this.fileSize = fileSize;
        this.visitor = visitor;
        this.wantsObjects = visitor.wantsObjects();
        this.wantsContents = visitor.wantsObjectContents();
        this.strict = strict;
    }

    /**
     * Reads all of {@code stream} (the uncompressed dump; {@code name} is for messages).
     * {@code fileSize} is its length when known, to reject record lengths past the end early, or -1.
     *
     * @throws HeaplensException for a file that is not HPROF, truncated or corrupt
     */
    public static HprofHeader read(String name, InputStream stream, long fileSize, HprofVisitor visitor) {
        return read(name, stream, fileSize, visitor, false);
    }

    /**
     * As {@link #read(String, InputStream, long, HprofVisitor)}; a dump cut short inside its heap
     * dump is reported to {@link HprofVisitor#truncated} with everything before it, or with
     * {@code strict} is an error.
     */
    public static HprofHeader read(String name, InputStream stream, long fileSize, HprofVisitor visitor, boolean strict) {
        HprofReader reader = new HprofReader(new HprofInput(name, stream), fileSize, visitor, strict);
        HprofHeader header = reader.header();
        visitor.header(header);
        reader.records();
        String noData = reader.noData.warning(); // what was counted on the way, said once
        if (noData != null) {
            visitor.warning(noData);
        }
        return header;
    }

    /**
     * Reads the records in {@code [from, to)} of a dump of {@code fileSize} bytes whose header is
     * {@code header}, {@code stream} starting at {@code from}: one part of a dump split between
     * threads at record boundaries (see {@link HprofParts}). Messages name file offsets. The check
     * that a segmented dump ends with HEAP DUMP END is made by the part that reads to the end. The
     * part's PRIMITIVE ARRAY NODATA records are counted into {@code noData}, not warned about: a dump
     * read in parts warns once, about all of them ({@link NoDataArrays#warning()}).
     */
    static void readRecords(String name, InputStream stream, long from, long to, long fileSize, HprofHeader header,
                            HprofVisitor visitor, boolean strict, NoDataArrays noData) {
        HprofReader reader = new HprofReader(new HprofInput(name, stream, from), fileSize, visitor, strict);
        reader.in.setIdSize(header.idSize());
        reader.stopAt = to < fileSize ? to : Long.MAX_VALUE;
        reader.noData = noData;
        visitor.header(header);
        reader.records();
    }

    /**
     * Reads the one heap dump sub-record that starts at {@code in}'s offset, for showing objects
     * again after a dump was read.
     */
    static void readSubRecord(HprofInput in, HprofVisitor visitor) {
        subRecords(in, visitor).readSubRecord();
    }

    /** One reader for many single sub-records read again: its buffers made once (a reader per String cost more than the reads). */
    static HprofReader subRecords(HprofInput in, HprofVisitor visitor) {
        return new HprofReader(in, -1, visitor, true);
    }

    /** Reads the one heap dump sub-record that starts at the input's offset. */
    void readSubRecord() {
        subRecord(Long.MAX_VALUE);
    }

    private HprofHeader header() {
        StringBuilder version = new StringBuilder();
        while (true) {
            if (in.atEnd() || version.length() == MAX_VERSION_BYTES) {
                throw notHprof();
            }
            int c = in.u1();
            if (c == 0) {
                break;
            }
            version.append((char) c);
        }
        if (!VERSIONS.contains(version.toString())) {
            throw notHprof();
        }
        long at = in.offset();
        long idSize = in.u4();
        if (idSize != 4 && idSize != 8) {
            throw in.error(at, "unsupported identifier size " + idSize + " (expected 4 or 8)");
        }
        in.setIdSize((int) idSize);
        long timestamp = in.u8();
        return new HprofHeader(version.toString(), (int) idSize, timestamp);
    }

    private HeaplensException notHprof() {
        return in.error(0, "not an HPROF heap dump: it does not start with \"JAVA PROFILE 1.0.1\", \"1.0.2\" or \"1.0.3\"");
    }

    private void records() {
        while (in.offset() < stopAt && !in.atEnd()) {
            long start = in.offset();
            in.within("a record header", start);
            int code = in.u1();
            in.u4(); // microseconds since the header's timestamp
            long length = in.u4();
            long end = in.offset() + length;
            HprofTag tag = HprofTag.of(code);
            String what = tag == null ? String.format("record with tag 0x%02x", code)
                    : tag.name().replace('_', ' ') + " record";
            boolean heapDump = tag == HprofTag.HEAP_DUMP || tag == HprofTag.HEAP_DUMP_SEGMENT;
            if (fileSize >= 0 && end > fileSize && (strict || !heapDump)) {
                throw in.error(start, what + " of " + length + " bytes goes past the end of the file at offset "
                        + fileSize + " (truncated?)");
            }
            in.within("the " + what, start);
            if (tag == null) {
                in.skip(length);
                continue;
            }
            switch (tag) {
                case UTF8:
                    utf8(start, length);
                    break;
                case LOAD_CLASS:
                    long classSerial = in.u4();
                    long classId = in.id();
                    in.u4(); // stack trace serial
                    visitor.loadClass(classId, in.id());
                    visitor.classSerial(classSerial, classId);
                    break;
                case STACK_FRAME:
                    visitor.stackFrame(in.id(), in.id(), in.id(), in.id(), in.u4(), in.s4());
                    break;
                case STACK_TRACE:
                    HprofThreadRecords.stackTrace(in, start, length, visitor);
                    break;
                case HEAP_DUMP:
                case HEAP_DUMP_SEGMENT:
                    sawSegment |= tag == HprofTag.HEAP_DUMP_SEGMENT;
                    if (!heapDumpUntilCut(start, end, what)) {
                        return;
                    }
                    break;
                case HEAP_DUMP_END:
                    sawEnd = true;
                    in.skip(length);
                    break;
                default:
                    in.skip(length);
            }
            if (in.offset() != end) {
                throw in.error(start, "the " + what + " says it has " + length + " bytes but its contents end at offset "
                        + in.offset());
            }
        }
        // Segmented dumps always close with HEAP DUMP END; without it the file was cut at a record boundary.
        // A part that stops before the end of the file leaves this to the part that reads to it.
        if (sawSegment && !sawEnd && stopAt == Long.MAX_VALUE) {
            if (strict) {
                throw in.error(in.offset(), "file ends without a HEAP DUMP END record (truncated?)");
            }
            visitor.warning("file ends at offset " + in.offset() + " without a HEAP DUMP END record: the dump may"
                    + " be cut short at a record boundary; everything before was read (--strict makes this fatal)");
        }
    }

    /**
     * Reads a heap dump record; false when the file ends inside it, which unless strict is
     * reported to the visitor with what was read (the sub-record that was cut is dropped).
     */
    private boolean heapDumpUntilCut(long start, long end, String what) {
        try {
            heapDump(end);
            return true;
        } catch (HprofInput.Truncated cut) {
            if (strict) {
                throw cut;
            }
            long at = fileSize >= 0 ? Math.min(fileSize, cut.end) : cut.end;
            visitor.warning("file ends at offset " + at + " inside the " + what + " that starts at offset " + start
                    + (fileSize >= 0 ? " (" + (end - at) + " of its " + (end - start - 9) + " bytes missing)" : "")
                    + ": the objects before were read, the one cut off is missing (--strict makes this fatal)");
            return false;
        }
    }

    private void utf8(long start, long length) {
        if (length < in.idSize() || length - in.idSize() > MAX_ARRAY) {
            throw in.error(start, "UTF8 record has a bad length " + length);
        }
        long id = in.id();
        int n = (int) (length - in.idSize());
        visitor.utf8(id, readBytes(n), n);
    }

    private void heapDump(long end) {
        contentClasses = wantsContents ? null : visitor.contentClasses();
        while (in.offset() < end) {
            subRecord(end);
        }
    }

    /** One sub-record of a heap dump record that ends at {@code end}. */
    private void subRecord(long end) {
        long start = in.offset();
        int code = in.u1();
        String name = SubRecordNames.name(code);
        if (name == null) {
            throw in.error(start, String.format("unknown heap dump sub-record tag 0x%02x", code));
        }
        in.within(SubRecordNames.context(code), start);
        RootKind root = RootKind.of(code);
        if (root != null) {
            HprofThreadRecords.root(in, root, visitor);
        } else {
            switch (HeapDumpTag.of(code)) {
                case CLASS_DUMP:
                    classDump(start);
                    break;
                case INSTANCE_DUMP:
                    instance(start, end);
                    break;
                case OBJECT_ARRAY_DUMP:
                    objectArray(start, end);
                    break;
                case PRIMITIVE_ARRAY_DUMP:
                    primitiveArray(start, end, true);
                    break;
                case PRIMITIVE_ARRAY_NODATA:
                    primitiveArray(start, end, false);
                    break;
                case HEAP_DUMP_INFO:
                    in.u4(); // heap id
                    in.id(); // heap name string id
                    break;
                default:
                    throw new AssertionError(code);
            }
        }
        if (in.offset() > end) {
            throw in.error(start, "the " + name + " sub-record runs past the end of its record at offset " + end);
        }
    }

    private void classDump(long start) {
        long classId = in.id();
        in.u4(); // stack trace serial
        long superId = in.id();
        long loaderId = in.id();
        in.id(); // signers
        in.id(); // protection domain
        in.id(); // reserved
        in.id(); // reserved
        long instanceSize = in.u4();

        int constants = in.u2();
        BasicType[] constantTypes = new BasicType[constants];
        long[] constantValues = new long[constants];
        for (int i = 0; i < constants; i++) {
            in.u2(); // constant pool index
            constantTypes[i] = in.basicType();
            constantValues[i] = in.value(constantTypes[i]);
        }
        int statics = in.u2();
        long[] staticNames = new long[statics];
        BasicType[] staticTypes = new BasicType[statics];
        long[] staticValues = new long[statics];
        for (int i = 0; i < statics; i++) {
            staticNames[i] = in.id();
            staticTypes[i] = in.basicType();
            staticValues[i] = in.value(staticTypes[i]);
        }
        int fields = in.u2();
        long[] fieldNames = new long[fields];
        BasicType[] fieldTypes = new BasicType[fields];
        for (int i = 0; i < fields; i++) {
            fieldNames[i] = in.id();
            fieldTypes[i] = in.basicType();
        }
        visitor.classDump(new ClassDump(classId, superId, loaderId, instanceSize, constantTypes, constantValues,
                staticNames, staticTypes, staticValues, fieldNames, fieldTypes), start);
    }

    private void instance(long start, long end) {
        long id = in.id();
        in.u4(); // stack trace serial
        long classId = in.id();
        long length = in.u4();
        checkFits(start, length, end, "INSTANCE DUMP");
        checkCount(start, length, "INSTANCE DUMP");
        if (!wantsObjects) {
            in.skip(length);
            return;
        }
        if (!wantsContents && !ClassIds.contains(contentClasses, classId)) {
            in.skip(length);
            visitor.instance(id, classId, null, (int) length, start);
            return;
        }
        visitor.instance(id, classId, readBytes((int) length), (int) length, start);
    }

    private void objectArray(long start, long end) {
        long id = in.id();
        in.u4(); // stack trace serial
        long length = in.u4();
        long classId = in.id();
        checkFits(start, length * in.idSize(), end, "OBJECT ARRAY DUMP");
        checkCount(start, length, "OBJECT ARRAY DUMP");
        if (!wantsObjects) {
            in.skip(length * in.idSize());
            return;
        }
        int n = (int) length;
        if (!wantsContents) {
            in.skip(length * in.idSize());
            visitor.objectArray(id, classId, null, n, start);
            return;
        }
        for (int i = 0; i < n; i++) {
            if (i == ids.length) {
                ids = Arrays.copyOf(ids, grown(ids.length, n));
            }
            ids[i] = in.id();
        }
        visitor.objectArray(id, classId, ids, n, start);
    }

    private void primitiveArray(long start, long end, boolean withData) {
        long id = in.id();
        in.u4(); // stack trace serial
        long length = in.u4();
        BasicType type = in.basicType();
        if (type == BasicType.OBJECT) {
            throw in.error(start, "primitive array dump of element type OBJECT");
        }
        if (!withData) {
            length = noData.length(length, type);
        }
        long bytes = withData ? length * type.fileSize(in.idSize()) : 0;
        int kept = wantsObjects && bytes > 0 ? (int) Math.min(bytes, visitor.primitiveValueBytes(id, type, length)) : 0;
        if (withData) {
            checkFits(start, bytes, end, "PRIMITIVE ARRAY DUMP");
            readBytes(kept);
            in.skip(bytes - kept);
        }
        if (wantsObjects) {
            visitor.primitiveArray(id, type, length, start);
            if (kept > 0) {
                visitor.primitiveArrayValues(id, type, this.bytes, kept);
            }
        }
    }

    /**
     * Rejects contents that would run past their record before reading (or allocating for) them;
     * contents running past the end of a file of known size are a cut dump.
     */
    private void checkFits(long start, long bytes, long end, String what) {
        if (fileSize >= 0 && in.offset() + bytes > fileSize && end > fileSize) {
            throw in.truncated(fileSize, "the " + what + " sub-record", start);
        }
        if (in.offset() + bytes > end) {
            throw in.error(start, "the " + what + " sub-record's " + bytes + " bytes of contents run past the end"
                    + " of its record at offset " + end);
        }
    }

    /** What is read into a Java array must fit one. */
    private void checkCount(long start, long count, String what) {
        if (count > MAX_ARRAY) {
            throw in.error(start, "the " + what + " sub-record is too large to read: " + count);
        }
    }

    /**
     * Reads {@code n} bytes into the reused buffer, growing it only as the bytes arrive: a length
     * read from the file is not trusted to allocate before the file has shown that it holds them.
     */
    private byte[] readBytes(int n) {
        int done = 0;
        while (done < n) {
            if (done == bytes.length) {
                bytes = Arrays.copyOf(bytes, grown(bytes.length, n));
            }
            int step = Math.min(n, bytes.length) - done;
            in.readFully(bytes, done, step);
            done += step;
        }
        return bytes;
    }

    /** The next capacity of a buffer of {@code length} that must reach {@code wanted}: doubling, by at most {@link #GROW_STEP}. */
    private static int grown(int length, int wanted) {
        return (int) Math.min(wanted, length + (long) Math.min(Math.max(length, 1024), GROW_STEP));
    }

    /** Decodes a UTF8 record's text (HotSpot writes modified UTF-8, which this reads as UTF-8). */
    public static String text(byte[] bytes, int length) {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
}
