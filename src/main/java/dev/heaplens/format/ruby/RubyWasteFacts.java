package dev.heaplens.format.ruby;

import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;
import dev.heaplens.util.ByteHash;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the waste checks need from records that the heap graph does not keep (a string's value,
 * an array's length, a hash's size, capacities), gathered while the graph is read: one instance
 * a reading thread ({@link Gathering}), joined after the read. Strings are grouped by value as
 * they come, and after the read only the groups of more than one string are kept; the objects the
 * other checks may name are kept by address, to be found in the graph and checked for reachability
 * afterwards. Both keep their lists in the read's scratch (out of core, mapped where the heap has
 * no room).
 */
public final class RubyWasteFacts {
    /** An object slot's size (RVALUE) in Ruby 2.x and 3.x without variable-width allocation: what memsize adds to the contents. */
    public static final long SLOT = 40;
    /** The bytes of one array element (a VALUE). */
    public static final long ELEMENT = 8;

    /** While reading: strings by value. Null once joined. */
    private StringValueGroups groups;
    /** Once joined: the distinct values and the groups of more than one string. */
    private StringValueGroups.Duplicated duplicated;
    /** Strings with a value; strings not shared and without one (not ASCII: Ruby writes no value); shared strings. */
    private long valued;
    private long unvalued;
    private long sharedStrings;
    /** Arrays whose storage another array holds: their memsize says nothing of their capacity. */
    private long sharedArrays;

    /** Addresses (and unused bytes) of the objects each check may name. */
    public final Candidates emptyArrays;
    public final Candidates emptyHashes;
    public final Candidates sparseArrays;
    public final Candidates sparseStrings;

    /** @param strings whether strings are grouped here (a reading thread's), or only joined (the read's) */
    private RubyWasteFacts(Scratch scratch, boolean strings) {
        this.groups = strings ? new StringValueGroups(scratch) : null;
        emptyArrays = new Candidates(scratch);
        emptyHashes = new Candidates(scratch);
        sparseArrays = new Candidates(scratch);
        sparseStrings = new Candidates(scratch);
    }

    /**
     * The facts of one read, one instance a reading thread: a thread reads its chunks one after
     * another, so the sinks of its chunks share its instance without locks, and there are as many
     * tables to join as threads, not chunks (sixteen per-chunk tables took about 200 MB on the
     * 1.2 GB dump).
     */
    public static final class Gathering {
        private final Map<Thread, RubyWasteFacts> byThread = new ConcurrentHashMap<>();
        /** The read's scratch, where the strings are kept until joined. */
        private final Scratch scratch;

        Gathering(Scratch scratch) {
            this.scratch = scratch;
        }

        /** The calling thread's facts, made on its first call. */
        RubyWasteFacts ofThisThread() {
            return byThread.computeIfAbsent(Thread.currentThread(), t -> new RubyWasteFacts(scratch, true));
        }

        /** The threads' facts joined, their strings by value reduced to the groups of more than one. */
        RubyWasteFacts joined() {
            List<RubyWasteFacts> all = new ArrayList<>(byThread.values());
            byThread.clear();
            RubyWasteFacts joined = new RubyWasteFacts(scratch, false);
            all.forEach(joined::addCounts);
            joined.duplicated = StringValueGroups.duplicated(all.stream().map(f -> f.groups).toList());
            all.forEach(f -> f.groups = null);
            return joined;
        }
    }

    /** Reads what the checks need of one record (parsed with {@link RubyLineParser.Field#SIZES}). */
    public void accept(RubyRecord r) {
        switch (r.type) {
            case STRING -> string(r);
            case ARRAY -> array(r);
            case HASH -> {
                if (r.elements == 0) {
                    emptyHashes.add(r.address, r.memsize);
                }
            }
            default -> {
            }
        }
    }

    private void string(RubyRecord r) {
        if (r.hasFlag(RubyRecord.SHARED)) {
            sharedStrings++;
            return;
        }
        if (r.capacity > 0 && r.bytesize >= 0 && isSparse(r.capacity, r.bytesize)) {
            sparseStrings.add(r.address, r.capacity - r.bytesize);
        }
        if (!r.value.isPresent()) {
            unvalued++;
            return;
        }
        valued++;
        groups.add(ByteHash.ofWords(r.buf, r.value.start, r.value.end), r.address, r.memsize);
    }

    /**
     * Ruby 3.1's rule (array.c, rb_ary_memsize; gc.c adds the slot): an array that owns its storage
     * has memsize = slot + capacity × 8; an embedded one (up to 3 elements in the slot) or a shared
     * one (a slice, or a literal, pointing into another array's storage) has the slot alone, and
     * its capacity cannot be told from the dump. Ruby writes "embedded" and "shared" only for a
     * non-empty array; an empty one with memsize 40 holds no storage.
     */
    private void array(RubyRecord r) {
        if (r.elements < 0) {
            return;
        }
        if (r.elements == 0) {
            emptyArrays.add(r.address, r.memsize);
        }
        if (r.hasFlag(RubyRecord.SHARED)) {
            sharedArrays++;
            return;
        }
        if (r.hasFlag(RubyRecord.EMBEDDED) || r.memsize <= SLOT || (r.memsize - SLOT) % ELEMENT != 0) {
            return;
        }
        long capacity = (r.memsize - SLOT) / ELEMENT;
        if (r.elements > 0 && isSparse(capacity, r.elements)) {
            sparseArrays.add(r.address, (capacity - r.elements) * ELEMENT);
        }
    }

    /** Less than half the capacity in use: Ruby grows arrays by half and strings by double, so only shrinking or a capacity asked for leaves this. */
    static boolean isSparse(long capacity, long used) {
        return used * 2 < capacity;
    }

    /** Adds the counts and candidates of {@code other} to these. */
    private void addCounts(RubyWasteFacts other) {
        valued += other.valued;
        unvalued += other.unvalued;
        sharedStrings += other.sharedStrings;
        sharedArrays += other.sharedArrays;
        emptyArrays.addAll(other.emptyArrays);
        emptyHashes.addAll(other.emptyHashes);
        sparseArrays.addAll(other.sparseArrays);
        sparseStrings.addAll(other.sparseStrings);
    }

    /** Distinct string values. */
    public long values() {
        return duplicated.values;
    }

    /** Values held by more than one string: the groups {@link #strings} and the rest number 0, 1, 2... */
    public int duplicatedValues() {
        return duplicated.groups;
    }

    public long strings(int group) {
        return duplicated.strings[group];
    }

    public long bytes(int group) {
        return duplicated.bytes[group];
    }

    public long smallest(int group) {
        return duplicated.smallest[group];
    }

    /** The lowest address of the group's strings. */
    public long firstAddress(int group) {
        return duplicated.first[group];
    }

    public long valuedStrings() {
        return valued;
    }

    public long unvaluedStrings() {
        return unvalued;
    }

    public long sharedStrings() {
        return sharedStrings;
    }

    public long sharedArrays() {
        return sharedArrays;
    }

    /**
     * Objects by address, each with a figure (its memsize, or its unused bytes): pairs of longs in
     * pages of the read's scratch ({@link ScratchPages}, from 2 KiB). A reading thread appends to
     * its own; the read's take the threads' pages, not a copy of them.
     */
    public static final class Candidates {
        private static final int FIRST_PAGE_SHIFT = 8;
        private final Scratch scratch;
        private final List<LongCells> pages = new ArrayList<>();
        /** The longs used of each page but the one being filled. */
        private final List<Integer> used = new ArrayList<>();
        /** The page being filled (null: none, the next pair starts one), its length and longs used. */
        private LongCells filling;
        private int length;
        private int fill;
        private long size;

        Candidates(Scratch scratch) {
            this.scratch = scratch;
        }

        void add(long address, long figure) {
            if (fill + 2 > length) {
                seal();
                filling = ScratchPages.page(scratch, pages.size(), FIRST_PAGE_SHIFT);
                length = ScratchPages.length(scratch, pages.size(), FIRST_PAGE_SHIFT);
                pages.add(filling);
            }
            filling.set(fill, address);
            filling.set(fill + 1, figure);
            fill += 2;
            size++;
        }

        /** Closes the page being filled: its longs used are counted, and the next pair starts a page. */
        private void seal() {
            if (filling != null) {
                used.add(fill);
            }
            filling = null;
            length = 0;
            fill = 0;
        }

        /** Takes {@code other}'s candidates, and its pages (not used by it again). */
        void addAll(Candidates other) {
            seal();
            other.seal();
            pages.addAll(other.pages);
            used.addAll(other.used);
            size += other.size;
        }

        public long size() {
            return size;
        }

        /** Each candidate's address and figure, in the order added. */
        public void forEach(Visitor visitor) {
            seal();
            for (int p = 0; p < pages.size(); p++) {
                LongCells page = pages.get(p);
                for (int i = 0, end = used.get(p); i < end; i += 2) {
                    visitor.visit(page.get(i), page.get(i + 1));
                }
            }
        }

        /** What {@link #forEach} hands each candidate to. */
        @FunctionalInterface
        public interface Visitor {
            void visit(long address, long figure);
        }
    }
}
