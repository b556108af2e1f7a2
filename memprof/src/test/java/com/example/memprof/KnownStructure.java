package com.example.memprof;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.heaplens.memprof.MemProf;

import java.lang.management.ManagementFactory;

/**
 * A chain of three nodes with byte payloads of 10, 20 and 30 bytes, the last node sharing the
 * first one's payload as well; prints {@code objectSize} of the root, then dumps the heap to the
 * file named by the first argument for the test to measure the same root there.
 */
public final class KnownStructure {
    public static final class Root {
        Node first;
    }

    /** JDK objects too: a HashMap of strings to nodes (private JDK fields, read by reflection). */
    public static final class MapRoot {
        java.util.Map<String, Object> index = new java.util.HashMap<>();
    }

    static final class Node {
        int value;
        Node next;
        byte[] payload;
        byte[] shared;
    }

    public static void main(String[] args) throws Exception {
        Root root = new Root();
        Node a = node(10);
        Node b = node(20);
        Node c = node(30);
        root.first = a;
        a.next = b;
        b.next = c;
        c.shared = a.payload;
        MapRoot mapRoot = new MapRoot();
        for (int i = 0; i < 50; i++) {
            mapRoot.index.put("key-" + i, i % 2 == 0 ? node(i) : new java.util.ArrayList<>(java.util.List.of(i)));
        }
        System.out.println("objectSize\t" + MemProf.objectSize(root));
        System.out.println("mapObjectSize\t" + MemProf.objectSize(mapRoot));
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        java.lang.ref.Reference.reachabilityFence(root);
        java.lang.ref.Reference.reachabilityFence(mapRoot);
    }

    private static Node node(int payload) {
        Node n = new Node();
        n.payload = new byte[payload];
        return n;
    }
}
