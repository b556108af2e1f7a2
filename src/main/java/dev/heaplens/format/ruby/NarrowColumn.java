package dev.heaplens.format.ruby;

/**
 * A Ruby per-object column (ids of sites, methods, details; generations; lengths) in as few bytes a
 * value as its largest value needs, one to four: most are small ids, and the five columns held at
 * 4 bytes each sat beside the dominator tree's peak (20 of a Ruby heap's bytes per object). Values
 * are -1 or more in practice; each is kept as {@code value + 1}, little-endian, so that -1 is 0. A
 * column whose bytes would pass an array's bound, or whose values go below -1, stays as ints.
 */
final class NarrowColumn {
    private final int[] ints;
    private final byte[] bytes;
    private final int width;

    private NarrowColumn(int[] ints, byte[] bytes, int width) {
        this.ints = ints;
        this.bytes = bytes;
        this.width = width;
    }

    /** {@code values} as they are (a column read from an index). */
    static NarrowColumn wrap(int[] values) {
        return new NarrowColumn(values, null, 4);
    }

    /** {@code values} narrowed to the bytes their largest needs (they are copied: the array may be dropped). */
    static NarrowColumn of(int[] values) {
        long most = 0;
        for (int v : values) {
            if (v < -1) {
                return wrap(values);
            }
            most = Math.max(most, v + 1L);
        }
        int width = most <= 0xff ? 1 : most <= 0xffff ? 2 : most <= 0xff_ffff ? 3 : 4;
        if (width == 4 || (long) values.length * width > Integer.MAX_VALUE - 8) {
            return wrap(values);
        }
        byte[] bytes = new byte[values.length * width];
        for (int o = 0, at = 0; o < values.length; o++) {
            int v = values[o] + 1;
            for (int b = 0; b < width; b++, at++) {
                bytes[at] = (byte) (v >>> (8 * b));
            }
        }
        return new NarrowColumn(null, bytes, width);
    }

    /** Bytes a value takes: 1 to 4. */
    int width() {
        return width;
    }

    int get(int o) {
        if (bytes == null) {
            return ints[o];
        }
        switch (width) {
            case 1:
                return (bytes[o] & 0xff) - 1;
            case 2: {
                int at = o << 1;
                return ((bytes[at] & 0xff) | (bytes[at + 1] & 0xff) << 8) - 1;
            }
            default: {
                int at = o * 3;
                return ((bytes[at] & 0xff) | (bytes[at + 1] & 0xff) << 8 | (bytes[at + 2] & 0xff) << 16) - 1;
            }
        }
    }

    /** The values as ints (the same array when they were kept so): for the index, which stores ints. */
    int[] toInts() {
        if (bytes == null) {
            return ints;
        }
        int[] out = new int[bytes.length / width];
        for (int o = 0; o < out.length; o++) {
            out[o] = get(o);
        }
        return out;
    }
}
