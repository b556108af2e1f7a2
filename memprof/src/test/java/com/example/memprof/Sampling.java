package com.example.memprof;

import dev.heaplens.memprof.MemProf;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** The same workload in any mode: 20,000 byte arrays of 0..3,999 bytes and 500,000 small objects, all kept. */
public final class Sampling {
    static final class Small {
        int value;
    }

    public static void main(String[] args) throws Exception {
        List<Object> kept = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 20_000; i++) {
            kept.add(new byte[random.nextInt(4000)]); // site: bytes
        }
        for (int i = 0; i < 500_000; i++) {
            kept.add(new Small()); // site: small
        }
        MemProf.logAllocations(System.out);
        java.lang.ref.Reference.reachabilityFence(kept);
    }
}
