package dev.heaplens.memprof.agent;

import java.nio.charset.StandardCharsets;

/**
 * The method a call instruction names, read from a class's constant pool as JVMTI's
 * GetConstantPool gives it (the entry count in 2 bytes, then the entries as in a class file).
 */
final class CallTargets {
    private CallTargets() {
    }

    /** {owner, name, descriptor} of the method reference at {@code index}, or null when it is none. */
    static String[] of(byte[] pool, int index) {
        int[] offsets = offsets(pool);
        if (offsets == null || index <= 0 || index >= offsets.length) {
            return null;
        }
        int ref = offsets[index];
        int tag = pool[ref] & 0xff;
        if (tag != 10 && tag != 11) {
            return null;
        }
        int owner = offsets[u2(pool, offsets[u2(pool, ref + 1)] + 1)];
        int nameAndType = offsets[u2(pool, ref + 3)];
        return new String[] {utf8(pool, owner), utf8(pool, offsets[u2(pool, nameAndType + 1)]),
                utf8(pool, offsets[u2(pool, nameAndType + 3)])};
    }

    /** {internal name} of the class entry at {@code index} (a {@code new}'s), or null when it is none. */
    static String[] className(byte[] pool, int index) {
        int[] offsets = offsets(pool);
        if (offsets == null || index <= 0 || index >= offsets.length || (pool[offsets[index]] & 0xff) != 7) {
            return null;
        }
        return new String[] {utf8(pool, offsets[u2(pool, offsets[index] + 1)])};
    }

    /** Where each entry starts, by index; null when the pool has a tag this reader does not know. */
    private static int[] offsets(byte[] pool) {
        int count = u2(pool, 0);
        int[] offsets = new int[count];
        int p = 2;
        for (int i = 1; i < count; i++) {
            offsets[i] = p;
            int tag = pool[p] & 0xff;
            switch (tag) {
                case 1 -> p += 3 + u2(pool, p + 1);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> p += 5;
                case 5, 6 -> {
                    p += 9;
                    i++; // takes two slots
                }
                case 7, 8, 16, 19, 20 -> p += 3;
                case 15 -> p += 4;
                default -> {
                    return null;
                }
            }
            if (p > pool.length) {
                return null;
            }
        }
        return offsets;
    }

    private static int u2(byte[] b, int at) {
        return ((b[at] & 0xff) << 8) | (b[at + 1] & 0xff);
    }

    /** A Utf8 entry's text (modified UTF-8, read as UTF-8: names here are plain). */
    private static String utf8(byte[] pool, int at) {
        return new String(pool, at + 3, u2(pool, at + 1), StandardCharsets.UTF_8);
    }
}
