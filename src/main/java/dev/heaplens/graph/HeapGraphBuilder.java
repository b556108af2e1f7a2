package dev.heaplens.graph;

import dev.heaplens.util.Parallel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects objects, references and GC roots from a dump reader and freezes them into a
 * {@link HeapGraph}.
 *
 * <p>Parallel readers take one {@link Part} per reading thread, created in file order with
 * {@link #newPart()}; a part is used by one thread only. When every reader is done (joined),
 * {@link #build()} concatenates the parts in the order they were created, sorts objects by address
 * when the input was not already in address order, resolves reference addresses to object ids,
 * drops (and counts) references to addresses not in the dump, and builds the CSR.
 *
 * <p>Memory while reading: per object 29 bytes (+4 per site/generation column used), per reference
 * 8 bytes, in chunks (no Java object per heap object).
 */
public final class HeapGraphBuilder {
    /** Object ids are ints. */
    public static final int MAX_OBJECTS = Integer.MAX_VALUE - 8;

    private final List<Part> parts = new ArrayList<>();
    private final int pageShift;
    private final int tableLimit;
    private boolean built;

    public HeapGraphBuilder() {
        this(IntPages.DEFAULT_SHIFT, AddressTable.MAX_OBJECTS);
    }

    /** Tests use small pages to exercise paging of the reference column. */
    HeapGraphBuilder(int pageShift) {
        this(pageShift, AddressTable.MAX_OBJECTS);
    }

    /** Tests pass a {@code tableLimit} of 0 to resolve through the sorted index as huge graphs do. */
    HeapGraphBuilder(int pageShift, int tableLimit) {
        this.pageShift = pageShift;
        this.tableLimit = Math.min(tableLimit, AddressTable.MAX_OBJECTS);
    }

    /** A new part, after every part created before; use it from one thread. */
    public synchronized Part newPart() {
        if (built) {
            throw new IllegalStateException("graph already built");
        }
        Part part = new Part();
        parts.add(part);
        return part;
    }

    /** The records of one reading thread, in its order. */
    public static final class Part {
        private final GrowableLongs addresses = new GrowableLongs();
        private final GrowableBytes kinds = new GrowableBytes();
        private final GrowableLongs classAddresses = new GrowableLongs();
        private final GrowableLongs shallowSizes = new GrowableLongs();
        private final GrowableInts degrees = new GrowableInts();
        private final GrowableLongs references = new GrowableLongs();
        /** Part-local indices of the references added as weak, ascending. */
        private final GrowableLongs weakReferences = new GrowableLongs();
        private GrowableInts sites;
        private GrowableInts generations;
        private GrowableInts details;
        private GrowableLongs positions;
        private final GrowableInts rootCategories = new GrowableInts();
        private final GrowableLongs rootAddresses = new GrowableLongs();
        private final List<String> categories = new ArrayList<>();
        private String lastCategory;
        private int lastCategoryId;
        private long objects;
        private int degree;

        private Part() {
        }

        /** Starts an object; the references, site and generation that follow belong to it. */
        public void addObject(long address, byte kind, long classAddress, long shallowSize) {
            if (objects > 0) {
                degrees.add(degree);
            }
            degree = 0;
            addresses.add(address);
            kinds.add(kind);
            classAddresses.add(classAddress);
            shallowSizes.add(shallowSize);
            if (sites != null) {
                sites.add(-1);
            }
            if (generations != null) {
                generations.add(-1);
            }
            if (details != null) {
                details.add(-1);
            }
            if (positions != null) {
                positions.add(-1);
            }
            objects++;
        }

        /** An outbound reference of the last object added. */
        public void addReference(long targetAddress) {
            if (objects == 0) {
                throw new IllegalStateException("reference before any object");
            }
            if (degree == Integer.MAX_VALUE) {
                throw new IllegalStateException("more than 2^31 references from one object");
            }
            references.add(targetAddress);
            degree++;
        }

        /**
         * An outbound reference of the last object that does not keep its target alive (a JVM
         * {@code Reference.referent}): kept in the graph, marked so analyses can leave it out.
         */
        public void addWeakReference(long targetAddress) {
            addReference(targetAddress);
            weakReferences.add(references.size() - 1);
        }

        /** Allocation site id (an interned string id of the reader's choosing) of the last object. */
        public void setSite(int siteId) {
            sites = setLast(sites, siteId);
        }

        /** GC generation of the last object. */
        public void setGeneration(int generation) {
            generations = setLast(generations, generation);
        }

        /** A reader-defined string id of the last object: what its runtime names beyond its class. */
        public void setDetail(int detailId) {
            details = setLast(details, detailId);
        }

        /** Where the last object's record starts in the dump (a byte offset), for showing it again. */
        public void setPosition(long position) {
            if (objects == 0) {
                throw new IllegalStateException("no object to set");
            }
            if (positions == null) {
                positions = new GrowableLongs();
                for (long i = 0; i < objects; i++) {
                    positions.add(-1);
                }
            }
            positions.set(objects - 1, position);
        }

        private GrowableInts setLast(GrowableInts column, int value) {
            if (objects == 0) {
                throw new IllegalStateException("no object to set");
            }
            if (column == null) {
                column = new GrowableInts();
                for (long i = 0; i < objects; i++) {
                    column.add(-1);
                }
            }
            column.set(objects - 1, value);
            return column;
        }

        /** A GC root of {@code category} (few distinct strings, interned here) holding {@code targetAddress}. */
        public void addRoot(String category, long targetAddress) {
            int id;
            if (category == lastCategory) {
                id = lastCategoryId;
            } else {
                id = categories.indexOf(category);
                if (id < 0) {
                    id = categories.size();
                    categories.add(category);
                }
                lastCategory = category;
                lastCategoryId = id;
            }
            rootCategories.add(id);
            rootAddresses.add(targetAddress);
        }

        public long objectCount() {
            return objects;
        }

        public long referenceCount() {
            return references.size();
        }

        private void finish() {
            if (objects > degrees.size()) {
                degrees.add(degree);
            }
        }

        private void releaseObjects() {
            addresses.clear();
            kinds.clear();
            classAddresses.clear();
            shallowSizes.clear();
            degrees.clear();
            sites = null;
            generations = null;
            details = null;
            positions = null;
        }

        private void releaseReferences() {
            references.clear();
            weakReferences.clear();
            rootCategories.clear();
            rootAddresses.clear();
        }
    }

    /** Freezes every part into a graph; the builder and its parts cannot be used afterwards. */
    public synchronized HeapGraph build() {
        if (built) {
            throw new IllegalStateException("graph already built");
        }
        built = true;
        long total = 0;
        long refTotal = 0;
        boolean anySites = false;
        boolean anyGenerations = false;
        boolean anyDetails = false;
        boolean anyPositions = false;
        for (Part p : parts) {
            p.finish();
            total += p.objects;
            refTotal += p.references.size();
            anySites |= p.sites != null;
            anyGenerations |= p.generations != null;
            anyDetails |= p.details != null;
            anyPositions |= p.positions != null;
        }
        if (total > MAX_OBJECTS) {
            throw new IllegalStateException("more than " + MAX_OBJECTS + " objects: " + total);
        }
        int n = (int) total;

        long[] address = new long[n];
        long[] oldOffsets = new long[n + 1];
        int at = 0;
        long refAt = 0;
        for (Part p : parts) {
            p.addresses.copyTo(address, at);
            for (long i = 0; i < p.objects; i++) {
                refAt += p.degrees.get(i);
                oldOffsets[at + (int) i + 1] = refAt;
            }
            at += (int) p.objects;
        }

        boolean sorted = true;
        for (int i = 1; i < n; i++) {
            if (address[i - 1] > address[i]) {
                sorted = false;
                break;
            }
        }
        int[] perm = sorted ? null : AddressSort.sort(address); // new position -> old position
        int duplicates = 0;
        for (int i = 1; i < n; i++) {
            if (address[i - 1] == address[i]) {
                duplicates++;
            }
        }
        AddressIndex index = new AddressIndex(address); // kept by the graph for objectOf
        // Faster but bigger than the index: for resolving references, then dropped.
        AddressTable table = n <= tableLimit ? new AddressTable(address) : null;

        byte[] kind = new byte[n];
        long[] classAddress = new long[n];
        long[] shallowSize = new long[n];
        int[] site = anySites ? new int[n] : null;
        int[] generation = anyGenerations ? new int[n] : null;
        int[] detail = anyDetails ? new int[n] : null;
        long[] position = anyPositions ? new long[n] : null;
        at = 0;
        for (Part p : parts) {
            int count = (int) p.objects;
            p.kinds.copyTo(kind, at);
            p.classAddresses.copyTo(classAddress, at);
            p.shallowSizes.copyTo(shallowSize, at);
            copyOrFill(p.sites, site, at, count);
            copyOrFill(p.generations, generation, at, count);
            copyOrFill(p.details, detail, at, count);
            if (position != null) {
                if (p.positions == null) {
                    Arrays.fill(position, at, at + count, -1);
                } else {
                    p.positions.copyTo(position, at);
                }
            }
            p.releaseObjects();
            at += count;
        }
        if (perm != null) {
            kind = permute(kind, perm);
            classAddress = permute(classAddress, perm);
            shallowSize = permute(shallowSize, perm);
            site = site == null ? null : permute(site, perm);
            generation = generation == null ? null : permute(generation, perm);
            detail = detail == null ? null : permute(detail, perm);
            position = position == null ? null : permute(position, perm);
        }

        // Roots: resolve, drop dangling.
        Map<String, Integer> categoryIds = new HashMap<>();
        List<String> categoryNames = new ArrayList<>();
        long rootTotal = 0;
        for (Part p : parts) {
            rootTotal += p.rootAddresses.size();
        }
        if (rootTotal > MAX_OBJECTS) {
            throw new IllegalStateException("more than " + MAX_OBJECTS + " roots: " + rootTotal);
        }
        int[] rootTarget = new int[(int) rootTotal];
        int[] rootCategory = new int[(int) rootTotal];
        int roots = 0;
        long danglingRoots = 0;
        for (Part p : parts) {
            int[] global = new int[p.categories.size()];
            for (int c = 0; c < global.length; c++) {
                String name = p.categories.get(c);
                Integer id = categoryIds.get(name);
                if (id == null) {
                    id = categoryNames.size();
                    categoryIds.put(name, id);
                    categoryNames.add(name);
                }
                global[c] = id;
            }
            for (long r = 0; r < p.rootAddresses.size(); r++) {
                long a = p.rootAddresses.get(r);
                int target = table != null ? table.find(a) : index.find(a);
                if (target < 0) {
                    danglingRoots++;
                } else {
                    rootTarget[roots] = target;
                    rootCategory[roots] = global[p.rootCategories.get(r)];
                    roots++;
                }
            }
        }
        if (roots < rootTarget.length) {
            rootTarget = Arrays.copyOf(rootTarget, roots);
            rootCategory = Arrays.copyOf(rootCategory, roots);
        }

        long[] weakBefore = weakReferenceBits(refTotal);

        // References: resolve in reading order to new object ids (-1 when dangling).
        IntPages resolved = new IntPages(refTotal, pageShift);
        long dangling = resolveInParallel(table, index, resolved);
        parts.forEach(Part::releaseReferences);
        parts.clear();
        table = null;

        long[] offsets;
        IntPages targets;
        long[] weak = weakBefore;
        if (perm == null && dangling == 0) {
            offsets = oldOffsets;
            targets = resolved;
        } else {
            offsets = new long[n + 1];
            for (int o = 0; o < n; o++) {
                int old = perm == null ? o : perm[o];
                long kept = 0;
                for (long i = oldOffsets[old], end = oldOffsets[old + 1]; i < end; i++) {
                    if (resolved.get(i) >= 0) {
                        kept++;
                    }
                }
                offsets[o + 1] = offsets[o] + kept;
            }
            targets = new IntPages(offsets[n], pageShift);
            weak = weakBefore == null ? null : new long[bitWords(offsets[n])];
            long w = 0;
            for (int o = 0; o < n; o++) {
                int old = perm == null ? o : perm[o];
                for (long i = oldOffsets[old], end = oldOffsets[old + 1]; i < end; i++) {
                    int t = resolved.get(i);
                    if (t >= 0) {
                        if (weak != null && isSet(weakBefore, i)) {
                            weak[(int) (w >>> 6)] |= 1L << w;
                        }
                        targets.set(w++, t);
                    }
                }
            }
        }
        return new HeapGraph(address, kind, classAddress, shallowSize,
                new HeapGraph.Extras(site, generation, detail, position), offsets, targets,
                rootTarget, rootCategory, categoryNames.toArray(new String[0]), dangling, danglingRoots,
                duplicates, index, weak);
    }

    /** The weak references of every part as bits over reading-order indices, or null when there are none. */
    private long[] weakReferenceBits(long refTotal) {
        long[] bits = null;
        long base = 0;
        for (Part p : parts) {
            for (long k = 0, count = p.weakReferences.size(); k < count; k++) {
                if (bits == null) {
                    bits = new long[bitWords(refTotal)];
                }
                long i = base + p.weakReferences.get(k);
                bits[(int) (i >>> 6)] |= 1L << i;
            }
            base += p.references.size();
        }
        return bits;
    }

    private static int bitWords(long bits) {
        return (int) ((bits + 63) >>> 6);
    }

    private static boolean isSet(long[] bits, long i) {
        return (bits[(int) (i >>> 6)] & (1L << i)) != 0;
    }

    /**
     * Resolves every part's references on its own thread (parts write disjoint ranges of
     * {@code resolved}); returns how many point at no object of the dump.
     */
    private long resolveInParallel(AddressTable table, AddressIndex index, IntPages resolved) {
        long[] from = new long[parts.size()];
        for (int k = 1; k < parts.size(); k++) {
            from[k] = from[k - 1] + parts.get(k - 1).references.size();
        }
        long[] dangling = new long[parts.size()];
        AddressLookup lookup = table != null ? table : index;
        Parallel.runUnchecked("heaplens-resolve", parts.size(),
                k -> dangling[k] = resolve(parts.get(k).references, lookup, resolved, from[k]));
        long total = 0;
        for (long d : dangling) {
            total += d;
        }
        return total;
    }

    /** Writes the object of each address in {@code refs} to {@code out} from {@code at}; returns how many are absent. */
    private static long resolve(GrowableLongs refs, AddressLookup lookup, IntPages out, long at) {
        long dangling = 0;
        for (long i = 0, count = refs.size(); i < count; i++) {
            int target = lookup.find(refs.get(i));
            dangling += target >>> 31;
            out.set(at + i, target);
        }
        return dangling;
    }

    private static void copyOrFill(GrowableInts column, int[] dest, int at, int count) {
        if (dest == null) {
            return;
        }
        if (column == null) {
            Arrays.fill(dest, at, at + count, -1);
        } else {
            column.copyTo(dest, at);
        }
    }

    private static byte[] permute(byte[] a, int[] perm) {
        byte[] r = new byte[a.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = a[perm[i]];
        }
        return r;
    }

    private static int[] permute(int[] a, int[] perm) {
        int[] r = new int[a.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = a[perm[i]];
        }
        return r;
    }

    private static long[] permute(long[] a, int[] perm) {
        long[] r = new long[a.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = a[perm[i]];
        }
        return r;
    }
}
