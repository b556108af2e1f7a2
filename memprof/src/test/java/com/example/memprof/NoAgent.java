package com.example.memprof;

import dev.heaplens.memprof.MemProf;

/** Calls the API with the jar on the class path but not loaded as an agent. */
public final class NoAgent {
    public static void main(String[] args) throws Exception {
        try {
            MemProf.logAllocations(System.out);
            System.out.println("no failure");
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
        }
    }
}
