package com.example.memprof;

import dev.heaplens.memprof.MemProf;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/**
 * Arrays of every primitive type and of references, lengths 0 to 9 each, kept; a two-dimensional
 * array; a clone; reflective array and object creation. Each at its own marked line.
 */
public final class ArraySizes {
    private static final List<Object> KEPT = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        for (int n = 0; n < 10; n++) {
            KEPT.add(new boolean[n]); // site: boolean
            KEPT.add(new byte[n]); // site: byte
            KEPT.add(new char[n]); // site: char
            KEPT.add(new short[n]); // site: short
            KEPT.add(new int[n]); // site: int
            KEPT.add(new float[n]); // site: float
            KEPT.add(new long[n]); // site: long
            KEPT.add(new double[n]); // site: double
            KEPT.add(new Object[n]); // site: Object
            KEPT.add(new String[n]); // site: String
        }
        KEPT.add(new int[3][5]); // site: multi
        int[] source = new int[7]; // site: source (dead after its clone)
        KEPT.add(source.clone()); // site: clone
        KEPT.add(Array.newInstance(long.class, 6)); // site: reflectiveArray
        KEPT.add(Holder.class.getDeclaredConstructor().newInstance()); // site: reflectiveObject
        MemProf.logAllocations(System.out);
    }

    /** One reference field and one int: 16 bytes with compressed oops, 24 without. */
    public static final class Holder {
        Object ref;
        int value;
    }
}
