package dev.heaplens.format.hprof;

import java.util.Arrays;
import java.util.stream.LongStream;

/** Shows every record to two visitors, so two analyses share one read of the file. */
final class HprofTee implements HprofVisitor {
    private final HprofVisitor first;
    private final HprofVisitor second;

    HprofTee(HprofVisitor first, HprofVisitor second) {
        this.first = first;
        this.second = second;
    }

    @Override
    public void header(HprofHeader header) {
        first.header(header);
        second.header(header);
    }

    @Override
    public void utf8(long id, byte[] bytes, int length) {
        first.utf8(id, bytes, length);
        second.utf8(id, bytes, length);
    }

    @Override
    public void loadClass(long classId, long nameId) {
        first.loadClass(classId, nameId);
        second.loadClass(classId, nameId);
    }

    @Override
    public void root(RootKind kind, long objectId) {
        first.root(kind, objectId);
        second.root(kind, objectId);
    }

    @Override
    public void classDump(ClassDump dump, long offset) {
        first.classDump(dump, offset);
        second.classDump(dump, offset);
    }

    @Override
    public boolean wantsObjects() {
        return first.wantsObjects() || second.wantsObjects();
    }

    @Override
    public boolean wantsObjectContents() {
        return first.wantsObjectContents() || second.wantsObjectContents();
    }

    @Override
    public long[] contentClasses() {
        long[] a = first.contentClasses();
        long[] b = second.contentClasses();
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return LongStream.concat(Arrays.stream(a), Arrays.stream(b)).distinct().toArray();
    }

    @Override
    public void instance(long id, long classId, byte[] fields, int length, long offset) {
        first.instance(id, classId, fields, length, offset);
        second.instance(id, classId, fields, length, offset);
    }

    @Override
    public void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
        first.objectArray(id, arrayClassId, elements, length, offset);
        second.objectArray(id, arrayClassId, elements, length, offset);
    }

    @Override
    public void primitiveArray(long id, BasicType type, long length, long offset) {
        first.primitiveArray(id, type, length, offset);
        second.primitiveArray(id, type, length, offset);
    }

    @Override
    public int primitiveValueBytes(long id, BasicType type, long length) {
        return Math.max(first.primitiveValueBytes(id, type, length), second.primitiveValueBytes(id, type, length));
    }

    @Override
    public void primitiveArrayValues(long id, BasicType type, byte[] data, int dataLength) {
        first.primitiveArrayValues(id, type, data, dataLength);
        second.primitiveArrayValues(id, type, data, dataLength);
    }

    @Override
    public void warning(String message) {
        first.warning(message);
        second.warning(message);
    }
}
