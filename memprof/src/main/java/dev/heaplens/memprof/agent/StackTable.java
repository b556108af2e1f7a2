package dev.heaplens.memprof.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Call stacks interned to dense ids. A stack is known by each frame's class, method and bytecode
 * index (cheap to get from a stack walk); its printed form, with file and line, is made once
 * when the stack is first seen.
 */
final class StackTable {
    private String[][] classes = new String[256][];
    private String[][] methods = new String[256][];
    private int[][] bcis = new int[256][];
    private final List<List<String>> printed = new ArrayList<>();
    private int[] slots = new int[1024]; // id + 1 by hash, 0 = empty
    private int count;

    /** The id of the stack in {@code frames}, interning it if new. */
    synchronized int intern(CapturedStack frames) {
        int hash = frames.hash();
        int mask = slots.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            int id = slots[i] - 1;
            if (id < 0) {
                return add(frames, i);
            }
            if (frames.sameAs(classes[id], methods[id], bcis[id])) {
                return id;
            }
        }
    }

    private int add(CapturedStack frames, int slot) {
        int id = count++;
        if (id == classes.length) {
            classes = Arrays.copyOf(classes, id * 2);
            methods = Arrays.copyOf(methods, id * 2);
            bcis = Arrays.copyOf(bcis, id * 2);
        }
        classes[id] = frames.classNames();
        methods[id] = frames.methodNames();
        bcis[id] = frames.bcis();
        printed.add(frames.printed());
        slots[slot] = id + 1;
        if (count * 2 > slots.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        int[] bigger = new int[slots.length * 2];
        int mask = bigger.length - 1;
        for (int id = 0; id < count; id++) {
            int i = CapturedStack.hash(classes[id], methods[id], bcis[id], classes[id].length) & mask;
            while (bigger[i] != 0) {
                i = (i + 1) & mask;
            }
            bigger[i] = id + 1;
        }
        slots = bigger;
    }

    /** The frames of stack {@code id}, as Java stack traces print them. */
    synchronized List<String> frames(int id) {
        return printed.get(id);
    }

    synchronized int size() {
        return count;
    }
}
