package dev.heaplens.oracle;

import java.util.BitSet;

/**
 * The test oracle for dominators and retained sets, by definition and nothing cleverer: X retains Y
 * when Y is reachable from the roots and stops being so once X is removed. Quadratic and more, for
 * graphs of a few hundred nodes; shares no code with {@code graph.Dominators}.
 */
public final class BruteForceRetention {
    private final int n;
    private final int[][] out;
    private final int[] roots;
    private final boolean[] reachable;
    private final BitSet[] retains;

    /** Nodes {@code 0..out.length-1}; {@code out[v]} the nodes {@code v} references (repeats allowed). */
    public BruteForceRetention(int[][] out, int[] roots) {
        this.n = out.length;
        this.out = out;
        this.roots = roots;
        this.reachable = reach(new BitSet());
        this.retains = new BitSet[n];
        for (int x = 0; x < n; x++) {
            retains[x] = new BitSet();
            if (!reachable[x]) {
                continue;
            }
            BitSet removed = new BitSet();
            removed.set(x);
            boolean[] rest = reach(removed);
            for (int y = 0; y < n; y++) {
                if (reachable[y] && !rest[y]) {
                    retains[x].set(y);
                }
            }
        }
    }

    /** Nodes reachable from the roots without passing through {@code removed}. */
    public boolean[] reach(BitSet removed) {
        boolean[] seen = new boolean[n];
        int[] stack = new int[n];
        int sp = 0;
        for (int r : roots) {
            if (!removed.get(r) && !seen[r]) {
                seen[r] = true;
                stack[sp++] = r;
            }
        }
        while (sp > 0) {
            int v = stack[--sp];
            for (int t : out[v]) {
                if (!removed.get(t) && !seen[t]) {
                    seen[t] = true;
                    stack[sp++] = t;
                }
            }
        }
        return seen;
    }

    public boolean isReachable(int y) {
        return reachable[y];
    }

    /** The nodes freed by removing {@code x}, {@code x} included when reachable. */
    public BitSet retains(int x) {
        return retains[x];
    }

    /** What removing every member frees: reachable now, unreachable without them. */
    public BitSet precise(BitSet members) {
        boolean[] rest = reach(members);
        BitSet freed = new BitSet();
        for (int y = 0; y < n; y++) {
            if (reachable[y] && !rest[y]) {
                freed.set(y);
            }
        }
        return freed;
    }

    /** The union of what each member retains alone. */
    public BitSet minimum(BitSet members) {
        BitSet union = new BitSet();
        for (int y = members.nextSetBit(0); y >= 0; y = members.nextSetBit(y + 1)) {
            union.or(retains[y]);
        }
        return union;
    }

    /**
     * The immediate dominator of reachable node {@code y}: its strict dominator that every other
     * strict dominator retains; -1 when only the roots dominate it. Fails when the definition does
     * not give exactly one (it always should).
     */
    public int immediateDominator(int y) {
        if (!reachable[y]) {
            throw new IllegalArgumentException("node " + y + " is unreachable");
        }
        int lowest = -1;
        boolean anyStrict = false;
        for (int x = 0; x < n; x++) {
            if (x == y || !retains[x].get(y)) {
                continue;
            }
            anyStrict = true;
            boolean retainedByAllOthers = true;
            for (int other = 0; other < n; other++) {
                if (other != x && other != y && retains[other].get(y) && !retains[other].get(x)) {
                    retainedByAllOthers = false;
                    break;
                }
            }
            if (retainedByAllOthers) {
                if (lowest >= 0) {
                    throw new AssertionError("two lowest strict dominators of node " + y + ": " + lowest + " and " + x);
                }
                lowest = x;
            }
        }
        if (anyStrict && lowest < 0) {
            throw new AssertionError("no lowest strict dominator of node " + y);
        }
        return lowest;
    }

    /** The sum of {@code size} over {@code nodes}. */
    public static long bytes(BitSet nodes, long[] size) {
        long sum = 0;
        for (int y = nodes.nextSetBit(0); y >= 0; y = nodes.nextSetBit(y + 1)) {
            sum += size[y];
        }
        return sum;
    }
}
