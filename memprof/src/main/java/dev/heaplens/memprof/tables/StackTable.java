package dev.heaplens.memprof.tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Call stacks interned to dense ids. A stack is an allocation site (known statically, see
 * {@link AllocationSiteTable}) and the chain of its method's callers; a chain is known by each
 * frame's class, method and bytecode index (cheap to get from a stack walk). Printed forms, with
 * file and line, are made once, when a chain or stack is first seen.
 */
public final class StackTable {
    /** The site key of stacks whose site frame is skipped (STACK_SKIP): they differ by their chains only. */
    public static final int NO_SITE = -1;

    private final AllocationSiteTable sites;
    private String[][] classes = new String[256][];
    private String[][] methods = new String[256][];
    private int[][] bcis = new int[256][];
    private final List<List<String>> chainFrames = new ArrayList<>();
    private int[] slots = new int[1024]; // chain id + 1 by hash, 0 = empty
    private int chains;
    private final Map<Long, Integer> stackIds = new HashMap<>();
    private final List<List<String>> printed = new ArrayList<>();
    private final Map<List<String>, Integer> printedIds = new HashMap<>();

    public StackTable(AllocationSiteTable sites) {
        this.sites = sites;
    }

    /** The id of the chain of callers in {@code frames}, interning it if new. */
    public synchronized int chain(CapturedStack frames) {
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
        int id = chains++;
        if (id == classes.length) {
            classes = Arrays.copyOf(classes, id * 2);
            methods = Arrays.copyOf(methods, id * 2);
            bcis = Arrays.copyOf(bcis, id * 2);
        }
        classes[id] = frames.classNames();
        methods[id] = frames.methodNames();
        bcis[id] = frames.bcis();
        chainFrames.add(frames.printed());
        slots[slot] = id + 1;
        if (chains * 2 > slots.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        int[] bigger = new int[slots.length * 2];
        int mask = bigger.length - 1;
        for (int id = 0; id < chains; id++) {
            int i = CapturedStack.hash(classes[id], methods[id], bcis[id], classes[id].length) & mask;
            while (bigger[i] != 0) {
                i = (i + 1) & mask;
            }
            bigger[i] = id + 1;
        }
        slots = bigger;
    }

    /** The id of the stack made of {@code site}'s frame (or none: {@link #NO_SITE}) and then chain {@code chain}. */
    public synchronized int stack(int site, int chain) {
        Long key = ((long) site << 32) | (chain & 0xffffffffL);
        Integer id = stackIds.get(key);
        if (id == null) {
            id = printed.size();
            List<String> frames = new ArrayList<>(chainFrames.get(chain).size() + 1);
            if (site != NO_SITE) {
                frames.add(sites.frame(site));
            }
            frames.addAll(chainFrames.get(chain));
            printed.add(List.copyOf(frames));
            stackIds.put(key, id);
        }
        return id;
    }

    /** The id of the stack of these printed frames (sampling inside the JVM: sampling.SampledStacks). */
    public synchronized int printedStack(List<String> frames) {
        Integer id = printedIds.get(frames);
        if (id == null) {
            id = printed.size();
            List<String> copy = List.copyOf(frames);
            printed.add(copy);
            printedIds.put(copy, id);
        }
        return id;
    }

    /** The frames of stack {@code id}, as Java stack traces print them. */
    synchronized List<String> frames(int id) {
        return printed.get(id);
    }

    synchronized int size() {
        return printed.size();
    }
}
