package com.example.memprof;

import dev.heaplens.memprof.MemProf;

import java.util.ArrayList;
import java.util.List;

/**
 * 100,000 items allocated at one line, 99,000 dropped, 1,000 kept; log; then the 1,000 dropped
 * too, and log again. Items hold an int and a long: 24 bytes with or without compressed oops.
 */
public final class KeepAndFree {
    static final class Item {
        int a;
        long b;
    }

    private static List<Item> kept = new ArrayList<>(1000);

    public static void main(String[] args) throws Exception {
        makeItems(); // site: makeItems
        System.out.println("-- pretty");
        MemProf.prettyLogAllocations(System.out);
        System.out.println("-- first");
        MemProf.logAllocations(System.out);
        kept = null;
        System.out.println("-- second");
        MemProf.logAllocations(System.out);
    }

    private static void makeItems() {
        for (int i = 0; i < 100_000; i++) {
            Item item = new Item(); // site: item
            if (i % 100 == 0) {
                kept.add(item);
            }
        }
    }
}
