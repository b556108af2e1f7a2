package com.example.memprof;

import com.sun.tools.attach.VirtualMachine;
import dev.heaplens.memprof.MemProf;

import java.util.ArrayList;
import java.util.List;

/**
 * Loads the agent into itself while running (the attach API; needs -Djdk.attach.allowAttachSelf=true),
 * after this class was loaded: the agent rewrites it, and allocations from then on are tracked.
 */
public final class LateAttach {
    static final class Item {
        long a;
    }

    public static void main(String[] args) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(String.valueOf(ProcessHandle.current().pid()));
        try {
            vm.loadAgent(args[0]);
        } finally {
            vm.detach();
        }
        List<Item> kept = work();
        MemProf.logAllocations(System.out);
        java.lang.ref.Reference.reachabilityFence(kept);
    }

    private static List<Item> work() {
        List<Item> kept = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            kept.add(new Item()); // site: item
        }
        return kept;
    }
}
