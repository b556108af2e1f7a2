package dev.heaplens.graph;

import java.util.List;

/**
 * A frozen, runtime-neutral heap graph: objects are dense int ids {@code 0..objectCount()-1} in
 * ascending address order; every column is a primitive array. Outbound references are CSR
 * ({@code long} offsets, paged int targets), iterated without allocation:
 *
 * <pre>{@code
 * for (long i = g.outStart(o), end = g.outEnd(o); i < end; i++) { int t = g.target(i); ... }
 * }</pre>
 *
 * Inbound references are built on first use, with the same shape ({@link #inStart}, {@link #inEnd},
 * {@link #source}). Duplicate references (the same source and target twice) are kept; references to
 * addresses absent from the dump are dropped and counted in {@link #danglingReferences()}.
 *
 * <p>It holds only what every runtime's dump has; what one runtime knows beyond that (Ruby's
 * allocation sites, say) that runtime keeps beside the graph, by object id (see {@link IntColumn}).
 *
 * <p>Immutable, so safe to share between threads once built.
 */
public final class HeapGraph {
    private final long[] address;
    private final byte[] kind;
    private final long[] classAddress;
    private final long[] shallowSize;
    private final long[] position;
    private final long[] outOffsets;
    private final int[][] targetPages;
    private final int targetShift;
    private final int targetMask;
    private final long referenceCount;
    private final int[] rootTarget;
    private final int[] rootCategory;
    private final String[] categories;
    private final long danglingReferences;
    private final long danglingRoots;
    private final int duplicateAddresses;
    private final AddressIndex index;
    private final long totalShallowSize;
    private volatile Inbound inbound;
    /** Bits over reference indices: set for references that do not keep their target alive; null when none. */
    private final long[] weakReferences;
    private final EdgeFilter strongReferences;

    HeapGraph(long[] address, byte[] kind, long[] classAddress, long[] shallowSize, long[] position,
              long[] outOffsets, IntPages targets, int[] rootTarget, int[] rootCategory, String[] categories,
              long danglingReferences, long danglingRoots, int duplicateAddresses, AddressIndex index,
              long[] weakReferences) {
        this.address = address;
        this.kind = kind;
        this.classAddress = classAddress;
        this.shallowSize = shallowSize;
        this.position = position;
        this.outOffsets = outOffsets;
        this.targetPages = targets.pages;
        this.targetShift = targets.shift;
        this.targetMask = targets.mask;
        this.referenceCount = targets.length;
        this.rootTarget = rootTarget;
        this.rootCategory = rootCategory;
        this.categories = categories;
        this.danglingReferences = danglingReferences;
        this.danglingRoots = danglingRoots;
        this.duplicateAddresses = duplicateAddresses;
        this.index = index;
        this.weakReferences = weakReferences;
        this.strongReferences = weakReferences == null ? EdgeFilter.ALL : new StrongReferences(weakReferences);
        long sum = 0;
        for (long s : shallowSize) {
            sum += s;
        }
        this.totalShallowSize = sum;
    }

    /** Whether reference {@code i} is weak (a JVM {@code Reference.referent}): shown, but it keeps nothing alive. */
    public boolean isWeak(long i) {
        return weakReferences != null && (weakReferences[(int) (i >>> 6)] & (1L << i)) != 0;
    }

    public boolean hasWeakReferences() {
        return weakReferences != null;
    }

    /** Follows every reference but the weak ones: what keeps objects alive. */
    public EdgeFilter strongReferences() {
        return strongReferences;
    }

    /** Every reference but the weak ones; traversals read its bits directly, without a call per reference. */
    static final class StrongReferences implements EdgeFilter {
        /** Bit i set: reference i is weak. */
        final long[] weak;

        StrongReferences(long[] weak) {
            this.weak = weak;
        }

        @Override
        public boolean follow(int source, long reference, int target) {
            return (weak[(int) (reference >>> 6)] & (1L << reference)) == 0;
        }
    }

    public int objectCount() {
        return address.length;
    }

    public long address(int o) {
        return address[o];
    }

    /** The reader's kind code (a format's enum ordinal); the graph does not interpret it. */
    public byte kind(int o) {
        return kind[o];
    }

    public long classAddress(int o) {
        return classAddress[o];
    }

    public long shallowSize(int o) {
        return shallowSize[o];
    }

    /** Sum of every object's shallow size. */
    public long totalShallowSize() {
        return totalShallowSize;
    }

    /** Byte offset of the object's record in the dump, -1 when unknown. */
    public long position(int o) {
        return position == null ? -1 : position[o];
    }

    /** The object at {@code address}, or -1 when the dump has none (the first one if duplicated). */
    public int objectOf(long address) {
        return index.find(address);
    }

    // ---- outbound references

    /** Number of references kept (dangling ones dropped). */
    public long referenceCount() {
        return referenceCount;
    }

    public int outDegree(int o) {
        return (int) (outOffsets[o + 1] - outOffsets[o]);
    }

    /** First reference index of {@code o}; see {@link #target(long)}. */
    public long outStart(int o) {
        return outOffsets[o];
    }

    /** One past the last reference index of {@code o}. */
    public long outEnd(int o) {
        return outOffsets[o + 1];
    }

    /** The object referenced by reference index {@code i}. */
    public int target(long i) {
        return targetPages[(int) (i >>> targetShift)][(int) i & targetMask];
    }

    // ---- inbound references (built on first use)

    public int inDegree(int o) {
        long[] off = inbound().offsets;
        return (int) (off[o + 1] - off[o]);
    }

    /** First inbound index of {@code o}; see {@link #source(long)}. Builds the inbound index on first use. */
    public long inStart(int o) {
        return inbound().offsets[o];
    }

    public long inEnd(int o) {
        return inbound().offsets[o + 1];
    }

    /** The object holding inbound reference {@code i}; an object's sources are ascending. */
    public int source(long i) {
        IntPages s = inbound().sources;
        return s.pages[(int) (i >>> s.shift)][(int) i & s.mask];
    }

    private Inbound inbound() {
        Inbound in = inbound;
        if (in == null) {
            synchronized (this) {
                in = inbound;
                if (in == null) {
                    in = buildInbound();
                    inbound = in;
                }
            }
        }
        return in;
    }

    private record Inbound(long[] offsets, IntPages sources) {
    }

    private Inbound buildInbound() {
        int n = objectCount();
        long[] off = new long[n + 1];
        for (long i = 0; i < referenceCount; i++) {
            off[target(i)]++;
        }
        long sum = 0;
        for (int o = 0; o < n; o++) {
            sum += off[o];
            off[o] = sum; // end of o
        }
        off[n] = sum;
        IntPages sources = new IntPages(referenceCount, targetShift);
        for (int o = n - 1; o >= 0; o--) {
            for (long i = outOffsets[o + 1] - 1, start = outOffsets[o]; i >= start; i--) {
                sources.set(--off[target(i)], o);
            }
        }
        return new Inbound(off, sources);
    }

    // ---- roots

    public int rootCount() {
        return rootTarget.length;
    }

    public int rootTarget(int r) {
        return rootTarget[r];
    }

    public String rootCategory(int r) {
        return categories[rootCategory[r]];
    }

    /** Index of root {@code r}'s category in {@link #rootCategories()}. */
    public int rootCategoryId(int r) {
        return rootCategory[r];
    }

    /** Distinct root categories, in order of first appearance. */
    public List<String> rootCategories() {
        return List.of(categories);
    }

    // ---- what the builder dropped or noticed

    /** References whose target address is not in the dump (dropped). */
    public long danglingReferences() {
        return danglingReferences;
    }

    /** GC roots whose target address is not in the dump (dropped). */
    public long danglingRoots() {
        return danglingRoots;
    }

    /** Objects whose address equals the previous object's; references resolve to the first of them. */
    public int duplicateAddresses() {
        return duplicateAddresses;
    }
}
