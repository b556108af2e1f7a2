package com.example.memprof;

import java.lang.management.ManagementFactory;

/**
 * Keeps 300,000 small objects and prints the heap used after a full GC: run with and without the
 * agent, the difference over 300,000 is what the agent costs per tracked live object.
 */
public final class TrackingCost {
    public static final int OBJECTS = 300_000;

    static final class Small {
        int value;
    }

    public static void main(String[] args) {
        Object[] kept = new Object[OBJECTS];
        for (int i = 0; i < OBJECTS; i++) {
            kept[i] = new Small();
        }
        long used = 0;
        for (int i = 0; i < 3; i++) {
            System.gc();
            used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        }
        System.out.println("used\t" + used);
        java.lang.ref.Reference.reachabilityFence(kept);
    }
}
