package com.example.memprof;

import dev.heaplens.memprof.MemProf;

import java.util.ArrayList;
import java.util.List;

/** Old objects, a log (a GC), young objects, a log: with MEMPROF_MIN_GCS=2 only the old show. */
public final class Survivors {
    public static void main(String[] args) throws Exception {
        List<long[]> old = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            old.add(new long[16]); // site: old
        }
        System.out.println("-- first");
        MemProf.logAllocations(System.out);
        List<long[]> young = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            young.add(new long[16]); // site: young
        }
        System.out.println("-- second");
        MemProf.logAllocations(System.out);
        java.lang.ref.Reference.reachabilityFence(old);
        java.lang.ref.Reference.reachabilityFence(young);
    }
}
