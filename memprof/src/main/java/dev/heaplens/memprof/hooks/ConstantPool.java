package dev.heaplens.memprof.hooks;

import java.nio.charset.StandardCharsets;

/**
 * A constant pool laid out as in a class file (the entry count in 2 bytes, then the entries), read
 * lazily: one walk finds where each entry starts, and only the entries asked about are read. The
 * transformer reads it inside a class file ({@link AllocatingMethods}), the native sampler as JVMTI's
 * GetConstantPool gives it (sampling.SampledStacks). A pool with a tag this reader does not know, or
 * that runs past its bytes, throws {@link IllegalArgumentException}.
 */
public final class ConstantPool {
    private final byte[] b;
    /** Where each entry's tag is, by index (0 and the second slot of a long or double: unused). */
    private final int[] entries;
    private final int end;

    private ConstantPool(byte[] b, int[] entries, int end) {
        this.b = b;
        this.entries = entries;
        this.end = end;
    }

    /** The pool whose entry count is at {@code countAt} in {@code b}. */
    public static ConstantPool at(byte[] b, int countAt) {
        int count = u2(b, countAt);
        int[] entries = new int[count];
        int p = countAt + 2;
        for (int i = 1; i < count; i++) {
            entries[i] = p;
            int tag = b[p] & 0xFF;
            switch (tag) {
                case 1 -> p += 3 + u2(b, p + 1);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> p += 5;
                case 5, 6 -> {
                    p += 9;
                    i++; // takes two slots
                }
                case 7, 8, 16, 19, 20 -> p += 3;
                case 15 -> p += 4;
                // String.concat, not +: the native sampler reads pools inside a sample (SamplingPathBytecodeTest)
                default -> throw new IllegalArgumentException("constant pool tag ".concat(Integer.toString(tag)));
            }
            if (p > b.length) {
                throw new IllegalArgumentException("constant pool runs past its bytes");
            }
        }
        return new ConstantPool(b, entries, p);
    }

    /** Where the bytes after the pool start. */
    int end() {
        return end;
    }

    /** Whether the method reference at {@code index} names a method clone or newInstance. */
    boolean namesCloneOrNewInstance(int index) {
        int nameAndType = u2(b, entries[index] + 3);
        int name = u2(b, entries[nameAndType] + 1);
        return isUtf8(name, "clone") || isUtf8(name, "newInstance");
    }

    /** Whether entry {@code index} is the Utf8 {@code ascii}. */
    boolean isUtf8(int index, String ascii) {
        int p = entries[index];
        if (b[p] != 1 || u2(b, p + 1) != ascii.length()) {
            return false;
        }
        for (int i = 0; i < ascii.length(); i++) {
            if (b[p + 3 + i] != ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** {owner, name, descriptor} of the method reference at {@code index}, or null when it is none. */
    public String[] methodRef(int index) {
        if (!has(index, 10) && !has(index, 11)) {
            return null;
        }
        int ref = entries[index];
        int nameAndType = entries[u2(b, ref + 3)];
        return new String[] {className(u2(b, ref + 1)), utf8(u2(b, nameAndType + 1)), utf8(u2(b, nameAndType + 3))};
    }

    /** The internal name of the class entry at {@code index} (a {@code new}'s), or null when it is none. */
    public String className(int index) {
        return has(index, 7) ? utf8(u2(b, entries[index] + 1)) : null;
    }

    private boolean has(int index, int tag) {
        return index > 0 && index < entries.length && entries[index] != 0 && (b[entries[index]] & 0xFF) == tag;
    }

    /** A Utf8 entry's text (modified UTF-8, read as UTF-8: names here are plain). */
    private String utf8(int index) {
        int p = entries[index];
        if (b[p] != 1) {
            throw new IllegalArgumentException("entry ".concat(Integer.toString(index)).concat(" is no Utf8"));
        }
        return new String(b, p + 3, u2(b, p + 1), StandardCharsets.UTF_8);
    }

    public static int u2(byte[] b, int p) {
        return (b[p] & 0xFF) << 8 | (b[p + 1] & 0xFF);
    }
}
