package com.example.memprof;

import dev.heaplens.memprof.MemProf;

import java.util.ArrayList;
import java.util.List;

/**
 * One list made here and grown inside the JDK (its backing array is reallocated by ArrayList's
 * own code, about 30 times), holding one object made here; and whether the profiler's allocation
 * hook class exists (it does only when classes are rewritten).
 */
public final class JdkInternals {
    static List<Object> kept;

    public static void main(String[] args) throws Exception {
        Object element = new Object(); // site: element
        kept = new ArrayList<>(); // site: list
        for (int i = 0; i < 100_000; i++) {
            kept.add(element);
        }
        boolean hook;
        try {
            Class.forName("java.lang.$HeaplensMemProf", false, null);
            hook = true;
        } catch (ClassNotFoundException e) {
            hook = false;
        }
        System.out.println("hook class: " + hook);
        MemProf.logAllocations(System.out);
    }
}
