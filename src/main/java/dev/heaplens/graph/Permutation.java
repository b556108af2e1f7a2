package dev.heaplens.graph;

/** Reorders a column by a permutation (new position -> old position); a null permutation keeps it. */
final class Permutation {
    private Permutation() {
    }

    static byte[] apply(byte[] a, int[] perm) {
        if (perm == null) {
            return a;
        }
        byte[] r = new byte[a.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = a[perm[i]];
        }
        return r;
    }

    static int[] apply(int[] a, int[] perm) {
        if (perm == null) {
            return a;
        }
        int[] r = new int[a.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = a[perm[i]];
        }
        return r;
    }

    static long[] apply(long[] a, int[] perm) {
        if (perm == null) {
            return a;
        }
        long[] r = new long[a.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = a[perm[i]];
        }
        return r;
    }
}
