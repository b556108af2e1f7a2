package com.example.memprof;

import dev.heaplens.memprof.MemProf;

import java.util.ArrayList;
import java.util.List;

/**
 * One method allocating many objects per call, called from two callers, and a recursive method
 * allocating once per level: the agent walks a method's callers once per call and keeps them for
 * the rest of it, so these check that each call still gets its own callers. All objects are kept.
 */
public final class Callers {
    private static final List<Object> KEPT = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        fromA(); // site: fromA
        fromB(); // site: fromB
        nest(3); // site: nest
        System.out.println("-- all");
        MemProf.logAllocations(System.out);
    }

    private static void fromA() {
        fill(300); // site: fillA
    }

    private static void fromB() {
        fill(700); // site: fillB
    }

    private static void fill(int n) {
        for (int i = 0; i < n; i++) {
            KEPT.add(new int[3]); // site: array
            KEPT.add(new Object()); // site: object
        }
    }

    private static void nest(int depth) {
        KEPT.add(new long[1]); // site: nested
        if (depth > 0) {
            nest(depth - 1); // site: recurse
        }
    }
}
