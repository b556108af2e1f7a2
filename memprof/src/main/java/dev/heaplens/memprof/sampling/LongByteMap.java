package dev.heaplens.memprof.sampling;

/**
 * A map from long to small non-negative byte values, open addressing over two arrays: no boxed key
 * per lookup, as a {@code HashMap<Long, Byte>} makes (the native sampler's per-method facts, looked
 * up for several frames of every sample).
 */
final class LongByteMap {
    private long[] keys = new long[64];
    /** The value + 1 of the key in the same slot; 0: the slot is empty. */
    private byte[] values = new byte[64];
    private int size;

    /** The value of {@code key}, or -1 when it has none. */
    int get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            if (values[i] == 0) {
                return -1;
            }
            if (keys[i] == key) {
                return values[i] - 1;
            }
        }
    }

    /** Sets the value of {@code key}, 0 to 126. */
    void put(long key, byte value) {
        if (value < 0 || value == Byte.MAX_VALUE) {
            throw new IllegalArgumentException("value ".concat(Integer.toString(value)).concat(" out of 0..126")); // not +: see ConstantPool.at
        }
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] != 0 && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (values[i] == 0) {
            size++;
        }
        keys[i] = key;
        values[i] = (byte) (value + 1);
        if (size * 2 > keys.length) {
            grow();
        }
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        byte[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new byte[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldValues[j] != 0) {
                int i = slot(oldKeys[j], mask);
                while (values[i] != 0) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }

    /** jmethodIDs are pointers, aligned: the multiply spreads their bits before the mask takes the high ones. */
    private static int slot(long key, int mask) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & mask;
    }
}
