package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.ClassTable;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.format.ruby.RubyRecord;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.format.ruby.ByteStringTable;

/**
 * Turns a record into a primitive group key and, after reading, a key back into the text users
 * see. A key is a 4-bit tag over a 60-bit payload, so no object is made per record.
 */
final class GroupKey {
    static final long NO_INFO = -1L;

    private static final int TAG_SHIFT = 60;
    private static final long PAYLOAD = (1L << TAG_SHIFT) - 1;
    private static final long TAG_CLASS = 0, TAG_IMEMO = 1, TAG_DATA = 2, TAG_DATA_CLASS = 3,
            TAG_ICLASS = 4, TAG_HIDDEN = 5, TAG_OF_CLASS = 6, TAG_OF_MODULE = 7;
    /** DATA keys keep the struct id beside the class address (47 bits on 64-bit Linux and macOS). */
    private static final int ADDRESS_BITS = 47;
    private static final long MAX_STRUCT = (1L << (TAG_SHIFT - ADDRESS_BITS)) - 1;

    /** The kind shown for an IMEMO line without {@code imemo_type}. */
    private static final String UNKNOWN_KIND = "?";

    private GroupKey() {
    }

    /** The key of {@code r} under {@code by}, or {@link #NO_INFO}; strings go into {@code strings}. */
    static long of(GroupBy by, RubyRecord r, ByteStringTable strings) {
        switch (by) {
            case TYPE:
                return r.type.ordinal();
            case CLASS:
                return classKey(r, strings);
            case IMEMO:
                return intern(r.imemoType, r, strings);
            case LOCATION:
                return r.file.isPresent() && r.line >= 0 ? location(fileKey(r, strings), r) : NO_INFO;
            case FILE:
            case GEM:
                return fileKey(r, strings);
            case METHOD:
                return intern(r.method, r, strings);
            case GENERATION:
                return r.generation < 0 ? NO_INFO : r.generation;
            default:
                throw new IllegalArgumentException(by.name());
        }
    }

    /** True for the keys made of the file's key: {@link #fileKey} serves them all from one lookup. */
    static boolean ofFile(GroupBy by) {
        return by == GroupBy.FILE || by == GroupBy.GEM || by == GroupBy.LOCATION;
    }

    /** The key of {@code by} (one {@link #ofFile}) from {@code file}, {@link #fileKey}'s result for {@code r}. */
    static long ofFile(GroupBy by, long file, RubyRecord r) {
        return by != GroupBy.LOCATION ? file : file == NO_INFO || r.line < 0 ? NO_INFO : location(file, r);
    }

    /** The FILE and GEM key: the file's string id, or {@link #NO_INFO}. */
    static long fileKey(RubyRecord r, ByteStringTable strings) {
        return intern(r.file, r, strings);
    }

    private static long location(long file, RubyRecord r) {
        return (file << 32) | (r.line & 0xffffffffL);
    }

    private static long classKey(RubyRecord r, ByteStringTable strings) {
        RubyType type = r.type;
        if (type == RubyType.IMEMO) {
            return tag(TAG_IMEMO, r.imemoType.isPresent() ? intern(r.imemoType, r, strings) : strings.intern(UNKNOWN_KIND));
        }
        if (type == RubyType.ICLASS) {
            return tag(TAG_ICLASS, r.classAddress);
        }
        if (type == RubyType.DATA && r.struct.isPresent()) {
            long struct = intern(r.struct, r, strings);
            if (r.classAddress == 0) {
                return tag(TAG_DATA, struct);
            }
            if (struct <= MAX_STRUCT && r.classAddress >>> ADDRESS_BITS == 0) {
                return tag(TAG_DATA_CLASS, (struct << ADDRESS_BITS) | r.classAddress);
            }
        }
        if (r.classAddress == 0) {
            return tag(TAG_HIDDEN, type.ordinal());
        }
        if (type == RubyType.CLASS || type == RubyType.MODULE) {
            // Keeps the type so a class whose metaclass is not in the dump is still a Class.
            return tag(type == RubyType.CLASS ? TAG_OF_CLASS : TAG_OF_MODULE, r.classAddress);
        }
        return r.classAddress & PAYLOAD;
    }

    /** The text of a key made by {@link #of}, with the strings and classes of the same read. */
    static String text(GroupBy by, long key, ByteStringTable strings, ClassTable classes) {
        if (key == NO_INFO) {
            return switch (by) {
                case GENERATION -> "(no generation)";
                case IMEMO -> "(no imemo_type)";
                default -> "(no allocation info)";
            };
        }
        switch (by) {
            case TYPE:
                return RubyType.ofOrdinal((int) key).name();
            case CLASS:
                return classText(key, strings, classes);
            case IMEMO:
            case FILE:
            case METHOD:
                return strings.text((int) key);
            case GEM:
                return GemClassifier.gemOf(strings.text((int) key));
            case LOCATION:
                return strings.text((int) (key >>> 32)) + ":" + (key & 0xffffffffL);
            case GENERATION:
                return Long.toString(key);
            default:
                throw new IllegalArgumentException(by.name());
        }
    }

    private static String classText(long key, ByteStringTable strings, ClassTable classes) {
        long tag = key >>> TAG_SHIFT;
        long payload = key & PAYLOAD;
        if (tag == TAG_IMEMO) {
            return classes.objectClassName(RubyType.IMEMO, 0, strings.text((int) payload));
        }
        if (tag == TAG_DATA) {
            return classes.objectClassName(RubyType.DATA, 0, strings.text((int) payload));
        }
        if (tag == TAG_DATA_CLASS) {
            long address = payload & ((1L << ADDRESS_BITS) - 1);
            return classes.objectClassName(RubyType.DATA, address, strings.text((int) (payload >>> ADDRESS_BITS)));
        }
        if (tag == TAG_ICLASS) {
            return classes.objectClassName(RubyType.ICLASS, payload, null);
        }
        if (tag == TAG_OF_CLASS || tag == TAG_OF_MODULE) {
            return classes.objectClassName(tag == TAG_OF_CLASS ? RubyType.CLASS : RubyType.MODULE, payload, null);
        }
        if (tag == TAG_HIDDEN) {
            return classes.objectClassName(RubyType.ofOrdinal((int) payload), 0, null);
        }
        return classes.objectClassName(RubyType.OBJECT, payload, null);
    }

    private static long tag(long tag, long payload) {
        return (tag << TAG_SHIFT) | payload;
    }

    private static long intern(RubyRecord.ByteRange range, RubyRecord r, ByteStringTable strings) {
        if (!range.isPresent()) {
            return NO_INFO;
        }
        return strings.intern(r.buf, range.start, range.end, range.escaped);
    }
}
