package dev.heaplens.format.hprof;

/**
 * What {@link HprofReader} reports, in file order. Buffers passed in are reused after the call
 * returns. Defaults ignore everything.
 */
public interface HprofVisitor {
    default void header(HprofHeader header) {
    }

    /** A UTF8 record: {@code bytes[0..length)} are the (modified) UTF-8 text of string {@code id}. */
    default void utf8(long id, byte[] bytes, int length) {
    }

    default void loadClass(long classId, long nameId) {
    }

    /** The class serial number a LOAD CLASS record gives {@code classId}: what stack frames name classes by. */
    default void classSerial(long serial, long classId) {
    }

    /**
     * A STACK FRAME record. {@code line} is the source line, or HPROF's 0 (no line information),
     * -1 (unknown), -2 (compiled method) or -3 (native method).
     */
    default void stackFrame(long frameId, long methodNameId, long signatureId, long sourceFileId, long classSerial,
                            int line) {
    }

    /** A STACK TRACE record: {@code frameIds[0..count)}, innermost first, of thread {@code threadSerial}. */
    default void stackTrace(long serial, long threadSerial, long[] frameIds, int count) {
    }

    /** Every GC root; thread and local roots are also reported with their numbers by the two methods below. */
    default void root(RootKind kind, long objectId) {
    }

    /** A ROOT THREAD OBJECT: the thread object, its thread serial and the serial of its stack trace. */
    default void threadRoot(long objectId, long threadSerial, long stackTraceSerial) {
    }

    /**
     * A ROOT JAVA FRAME or ROOT JNI LOCAL: a local of thread {@code threadSerial} in frame
     * {@code frameNumber} of its stack trace (0 innermost; -1 when HotSpot knew no frame).
     */
    default void localRoot(RootKind kind, long objectId, long threadSerial, int frameNumber) {
    }

    default void classDump(ClassDump dump, long offset) {
    }

    /**
     * False to have instance and array dumps skipped unread (a first pass that only wants the
     * classes); then the three methods below are not called.
     */
    default boolean wantsObjects() {
        return true;
    }

    /**
     * False to have instance field values and object array elements skipped unread (a histogram
     * needs only classes and lengths); then the two methods below get null buffers.
     */
    default boolean wantsObjectContents() {
        return true;
    }

    /**
     * Classes whose instances are read with their contents even when {@link #wantsObjectContents()}
     * is false (null: none), asked at the start of each heap dump record.
     */
    default long[] contentClasses() {
        return null;
    }

    /** {@code fields[0..length)} are the instance's field values as in the file (null if not wanted). */
    default void instance(long id, long classId, byte[] fields, int length, long offset) {
    }

    /** {@code elements[0..length)} are element ids, 0 for null (null if not wanted). */
    default void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
    }

    /** A primitive array; its contents are skipped unless {@link #primitiveValueBytes} asks for them. */
    default void primitiveArray(long id, BasicType type, long length, long offset) {
    }

    /**
     * Up to how many bytes of this primitive array's contents to pass to
     * {@link #primitiveArrayValues}; 0 (the default) skips them unread.
     */
    default int primitiveValueBytes(long id, BasicType type, long length) {
        return 0;
    }

    /**
     * The first {@code dataLength} bytes of a primitive array's contents, as in the file
     * (big-endian elements), reported after {@link #primitiveArray} for the same array.
     */
    default void primitiveArrayValues(long id, BasicType type, byte[] data, int dataLength) {
    }

    /**
     * Something the reader read past that the results must mention: the dump ends inside a heap
     * dump record, or a segmented dump lacks its HEAP DUMP END (everything before was reported),
     * arrays dumped without their data... {@code message} says what and how it was counted.
     */
    default void warning(String message) {
    }
}
