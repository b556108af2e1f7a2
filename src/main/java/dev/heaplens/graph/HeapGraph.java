package dev.heaplens.graph;

import java.util.List;

/**
 * A frozen, runtime-neutral heap graph: objects are dense int ids {@code 0..objectCount()-1} in
 * ascending address order; every column is a primitive array. Outbound references are CSR
 * ({@link ReferenceOffsets}: 32-bit offsets from a base per block; paged int targets), iterated without allocation:
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
    // Columns a graph read from an index loads on first use (see ColumnSource); a built graph has them all.
    private long[] address;
    private byte[] kind;
    /** Each object's class as a number into {@link #classTable}: 4 bytes, where its address took 8. */
    private int[] classNumber;
    /** The dump's distinct class addresses, ascending (a few thousand). */
    private final long[] classTable;
    /** Sizes that fit an int; {@link LargeSizes#MARK} where {@link #largeSizes} has the size. */
    private int[] shallowSize;
    private final LargeSizes largeSizes;
    private Positions position;
    private ReferenceOffsets outOffsets;
    private int[][] targetPages;
    private final long objectCount;
    private final boolean hasPositions;
    private final boolean hasWeakReferences;
    /** Null for a built graph. */
    private final ColumnSource source;
    /** Out of core: the stored columns used where they lie in the mapped index; else null. */
    private final MappedGraphColumns inPlace;
    private final int targetShift;
    private final int targetMask;
    private final long referenceCount;
    private final long[] rootTarget; // long: a root can reach any object of a graph past 2^31
    private final int[] rootCategory;
    private final String[] categories;
    private final long danglingReferences;
    private final long danglingRoots;
    private final long duplicateAddresses;
    private AddressIndex index;
    private int searches; // lookups done without the index, which is made only for many
    private final long totalShallowSize;
    private volatile InboundReferences inbound;
    private volatile Scratch inboundScratch = Scratch.heap();
    /** Bits over reference indices: set for references that do not keep their target alive; null when none. */
    private long[] weakReferences;

    HeapGraph(long[] address, byte[] kind, int[] classNumber, long[] classTable, int[] shallowSize,
              LargeSizes largeSizes, Positions position, ReferenceOffsets outOffsets, IntPages targets, long[] rootTarget, int[] rootCategory, String[] categories,
              long danglingReferences, long danglingRoots, long duplicateAddresses, AddressIndex index,
              long[] weakReferences) {
        this.address = address;
        this.kind = kind;
        this.classNumber = classNumber;
        this.classTable = classTable;
        this.shallowSize = shallowSize;
        this.largeSizes = largeSizes;
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
        this.objectCount = address.length;
        this.hasPositions = position != null;
        this.hasWeakReferences = weakReferences != null;
        this.source = null;
        this.inPlace = null;
        long sum = largeSizes.sum();
        for (int s : shallowSize) {
            sum += s == LargeSizes.MARK ? 0 : s;
        }
        this.totalShallowSize = sum;
    }

    /** A graph whose columns {@code source} loads on first use (an index file's), with the scalars it had when stored: no pass over the objects. */
    HeapGraph(ColumnSource source, long objectCount, long referenceCount, boolean hasPositions, boolean hasWeakReferences,
              long[] classTable, LargeSizes largeSizes, long[] rootTarget, int[] rootCategory, String[] categories, long danglingReferences, long danglingRoots,
              long duplicateAddresses, long totalShallowSize) {
        this.source = source;
        this.inPlace = source.inPlace() ? new MappedGraphColumns(source) : null;
        this.classTable = classTable;
        this.largeSizes = largeSizes;
        this.objectCount = objectCount;
        this.referenceCount = referenceCount;
        this.targetShift = IntPages.DEFAULT_SHIFT;
        this.targetMask = (1 << IntPages.DEFAULT_SHIFT) - 1;
        this.hasPositions = hasPositions;
        this.hasWeakReferences = hasWeakReferences;
        this.rootTarget = rootTarget;
        this.rootCategory = rootCategory;
        this.categories = categories;
        this.danglingReferences = danglingReferences;
        this.danglingRoots = danglingRoots;
        this.duplicateAddresses = duplicateAddresses;
        this.totalShallowSize = totalShallowSize;
    }

    /** The whole columns, for {@link GraphStore} to write in bulk (loaded first if need be). */
    record Columns(long[] address, byte[] kind, int[] classNumber, long[] classTable, int[] shallowSize,
                   LargeSizes largeSizes, Positions position, ReferenceOffsets outOffsets, int[][] targetPages, long[] weak) {
    }

    Columns columns() {
        return new Columns(address != null ? address : addressColumn(), kind != null ? kind : kindColumn(),
                classNumber != null ? classNumber : classNumberColumn(), classTable,
                shallowSize != null ? shallowSize : shallowSizeColumn(), largeSizes,
                !hasPositions ? null : position != null ? position : positionColumn(), outOffsets(),
                targetPages != null ? targetPages : targetPagesColumn(),
                !hasWeakReferences ? null : weakReferences != null ? weakReferences : weakColumn());
    }

    /** Out of core: where the columns lie mapped, for {@link GraphStore} to write them from there; else null. */
    ColumnSource mappedSource() {
        return inPlace != null ? source : null;
    }

    boolean hasPositions() {
        return hasPositions;
    }

    LargeSizes largeSizes() {
        return largeSizes;
    }

    /** Values read one by one before columns are loaded whole: enough for any report's rows. */
    static final int SPARSE_READS = 4096;
    private int sparseReads;

    /**
     * A pass over every object comes next (an export): each column is then loaded whole on first use,
     * with no value read alone before (4,096 single reads each check their index block: 0.5 s of a
     * 7.4M-object export).
     */
    public void readingEveryObject() {
        sparseReads = SPARSE_READS;
    }

    /** Whether to read one more value alone rather than load its whole column (racy count: only a hint). */
    private boolean sparse() {
        return sparseReads++ < SPARSE_READS;
    }

    // The columns a stored graph loads on first use, each through the one loader (LazyColumn).
    private long[] addressColumn() {
        return LazyColumn.once(this, () -> address, () -> source.longs(GraphStore.ADDRESS), a -> address = a);
    }

    private byte[] kindColumn() {
        return LazyColumn.once(this, () -> kind, () -> source.bytes(GraphStore.KIND), a -> kind = a);
    }

    private int[] classNumberColumn() {
        return LazyColumn.once(this, () -> classNumber, () -> source.ints(GraphStore.CLASS_NUMBER), a -> classNumber = a);
    }

    private int[] shallowSizeColumn() {
        return LazyColumn.once(this, () -> shallowSize, () -> source.ints(GraphStore.SHALLOW_SIZE), a -> shallowSize = a);
    }

    private Positions positionColumn() {
        return LazyColumn.once(this, () -> position, () -> new Positions(source.longs(GraphStore.POSITION_BASE),
                source.ints(GraphStore.POSITION_OFFSET), source.longs(GraphStore.POSITION_WIDE)), a -> position = a);
    }

    private ReferenceOffsets outOffsetsColumn() {
        return LazyColumn.once(this, () -> outOffsets, () -> ReferenceOffsets.of(source.mappedLongs(GraphStore.OUT_OFFSETS)), a -> outOffsets = a);
    }

    private int[][] targetPagesColumn() {
        return LazyColumn.once(this, () -> targetPages, () -> source.targetPages(referenceCount), a -> targetPages = a);
    }

    private long[] weakColumn() {
        return LazyColumn.once(this, () -> weakReferences, () -> source.longs(GraphStore.WEAK), a -> weakReferences = a);
    }

    private AddressIndex addressIndex() {
        return LazyColumn.once(this, () -> index, () -> new AddressIndex(address == null ? addressColumn() : address),
                a -> index = a);
    }

    /** Whether reference {@code i} is weak (a JVM {@code Reference.referent}): shown, but it keeps nothing alive. */
    public boolean isWeak(long i) {
        if (!hasWeakReferences) {
            return false;
        }
        long[] w = weakReferences;
        return ((w != null ? w : weakColumn())[(int) (i >>> 6)] & (1L << i)) != 0;
    }

    /** The first weak reference index at or after {@code from}, or -1 when there is none. */
    public long nextWeakReference(long from) {
        if (!hasWeakReferences || from < 0) {
            return -1;
        }
        long[] w = weakReferences != null ? weakReferences : weakColumn();
        int word = (int) (from >>> 6);
        if (word >= w.length) {
            return -1;
        }
        long bits = w[word] & (-1L << from);
        while (bits == 0) {
            if (++word == w.length) {
                return -1;
            }
            bits = w[word];
        }
        return ((long) word << 6) + Long.numberOfTrailingZeros(bits);
    }

    public boolean hasWeakReferences() {
        return hasWeakReferences;
    }

    /** Follows every reference but the weak ones: what keeps objects alive. */
    public EdgeFilter strongReferences() {
        if (!hasWeakReferences) {
            return EdgeFilter.ALL;
        }
        long[] w = weakReferences;
        return new StrongReferences(w != null ? w : weakColumn());
    }

    public long objectCount() {
        return objectCount;
    }

    /** Whether the columns are used where they lie in a mapped index (out of core), not from the heap. */
    public boolean isOutOfCore() {
        return inPlace != null;
    }

    public long address(long o) {
        long[] a = address;
        return a != null ? a[(int) o] : inPlace != null ? inPlace.address(o)
                : sparse() ? source.longAt(GraphStore.ADDRESS, o) : addressColumn()[(int) o];
    }

    /** The reader's kind code (a format's enum ordinal); the graph does not interpret it. */
    public byte kind(long o) {
        byte[] a = kind;
        return a != null ? a[(int) o] : inPlace != null ? inPlace.kind(o)
                : sparse() ? source.byteAt(GraphStore.KIND, o) : kindColumn()[(int) o];
    }

    public long classAddress(long o) {
        return classTable[classNumber(o)];
    }

    /** The object's class as a number {@code 0..classCount()-1}, in the order of the classes' addresses. */
    public int classNumber(long o) {
        int[] a = classNumber;
        return a != null ? a[(int) o] : inPlace != null ? inPlace.classNumber(o)
                : sparse() ? source.intAt(GraphStore.CLASS_NUMBER, o) : classNumberColumn()[(int) o];
    }

    /** Distinct class addresses the objects have. */
    public int classCount() {
        return classTable.length;
    }

    /** The class address numbered {@code classNumber}. */
    public long classAddressOf(int classNumber) {
        return classTable[classNumber];
    }

    public long shallowSize(long o) {
        int[] a = shallowSize;
        int s = a != null ? a[(int) o] : inPlace != null ? inPlace.shallowSize(o)
                : sparse() ? source.intAt(GraphStore.SHALLOW_SIZE, o) : shallowSizeColumn()[(int) o];
        return s != LargeSizes.MARK ? s : largeSizes.of(o);
    }

    /** Sum of every object's shallow size. */
    public long totalShallowSize() {
        return totalShallowSize;
    }

    /** Byte offset of the object's record in the dump, -1 when unknown. */
    public long position(long o) {
        if (!hasPositions) {
            return -1;
        }
        Positions a = position;
        return a != null ? a.get(o) : inPlace != null ? inPlace.position(o)
                : sparse() ? GraphStore.positionAt(source, o) : positionColumn().get(o);
    }

    /** The object at {@code address}, or -1 when the dump has none (the first one if duplicated). */
    public long objectOf(long address) {
        AddressIndex i = index;
        if (i == null && inPlace != null) {
            return inPlace.objectOf(address); // no address index in the heap out of core
        }
        // a few lookups search, many make the index (AddressIndex.SEARCHES_FIRST); a racy count will do
        return i != null ? i.find(address) : searches++ < AddressIndex.SEARCHES_FIRST
                ? AddressIndex.search(this.address != null ? this.address : addressColumn(), address) : addressIndex().find(address);
    }

    // ---- outbound references

    /** Number of references kept (dangling ones dropped). */
    public long referenceCount() {
        return referenceCount;
    }

    public int outDegree(long o) {
        return (int) (outEnd(o) - outStart(o));
    }

    /** First reference index of {@code o}; see {@link #target(long)}. */
    public long outStart(long o) {
        ReferenceOffsets a = outOffsets;
        return a != null ? a.get((int) o) : inPlace != null ? inPlace.outOffset(o) : outOffsets().get((int) o);
    }

    /** One past the last reference index of {@code o}. */
    public long outEnd(long o) {
        ReferenceOffsets a = outOffsets;
        return a != null ? a.get((int) o + 1) : inPlace != null ? inPlace.outOffset(o + 1) : outOffsets().get((int) o + 1);
    }

    /** The object referenced by reference index {@code i}. */
    public long target(long i) {
        int[][] pages = targetPages;
        if (pages == null && inPlace != null) {
            return inPlace.target(i);
        }
        return (pages != null ? pages : targetPagesColumn())[(int) (i >>> targetShift)][(int) i & targetMask];
    }

    private ReferenceOffsets outOffsets() {
        ReferenceOffsets a = outOffsets;
        return a != null ? a : outOffsetsColumn();
    }

    // ---- inbound references (built on first use)

    public long inDegree(long o) {
        InboundReferences in = inbound();
        return in.end(o) - in.start(o);
    }

    /** First inbound index of {@code o}; see {@link #source(long)}. Builds the inbound index on first use. */
    public long inStart(long o) {
        return inbound().start(o);
    }

    public long inEnd(long o) {
        return inbound().end(o);
    }

    /** The object holding inbound reference {@code i}; an object's sources are ascending. */
    public long source(long i) {
        return inbound().source(i);
    }

    /** Where the inbound references are built when first asked for (mapped out of core: not in the heap). */
    public void keepInboundIn(Scratch scratch) {
        inboundScratch = scratch;
    }

    /** Pages of the reference targets: the shift of {@link #target}'s pages (the inbound sources use it too). */
    int targetShift() {
        return targetShift;
    }

    private InboundReferences inbound() {
        InboundReferences in = inbound;
        if (in == null) {
            synchronized (this) {
                in = inbound;
                if (in == null) {
                    in = new InboundReferences(this, inboundScratch);
                    inbound = in;
                }
            }
        }
        return in;
    }

    // ---- roots

    public int rootCount() {
        return rootTarget.length;
    }

    public long rootTarget(int r) {
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

    /** Names category {@code id} anew (a thread's locals, once the objects after the roots name the thread); only before the graph is shared. */
    public void renameRootCategory(int id, String name) {
        categories[id] = name;
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
    public long duplicateAddresses() {
        return duplicateAddresses;
    }
}
