package dev.heaplens.format.hprof;

/**
 * One CLASS DUMP sub-record. Values are raw bits ({@link BasicType} says how to read them; object
 * values are ids, 0 for null). Instance fields are this class's own, in file order; an instance
 * dump holds them first, then its superclass's, and so on.
 */
public record ClassDump(
        long classId,
        long superId,
        long loaderId,
        long instanceSize,
        BasicType[] constantTypes,
        long[] constantValues,
        long[] staticNameIds,
        BasicType[] staticTypes,
        long[] staticValues,
        long[] fieldNameIds,
        BasicType[] fieldTypes) {
}
