package dev.heaplens.format.ruby;

import dev.heaplens.util.ByteHash;
import dev.heaplens.util.LongIndex;

import java.util.Arrays;

/**
 * What the waste checks need from records that the heap graph does not keep (a string's value,
 * an array's length, a hash's size, capacities), gathered while the graph is read, one instance
 * a reading thread, joined after the read. Strings are grouped by value as they come (memory
 * grows with distinct values, not with strings); the few objects the other checks may name are
 * kept by address, to be found in the graph and checked for reachability afterwards.
 */
public final class RubyWasteFacts {
    /** An object slot's size (RVALUE) in Ruby 2.x and 3.x without variable-width allocation: what memsize adds to the contents. */
    public static final long SLOT = 40;
    /** The bytes of one array element (a VALUE). */
    public static final long ELEMENT = 8;

    private final LongIndex valueIndex = new LongIndex();
    /** By value group: strings, their memsize, the smallest memsize, the first string's address. */
    private long[] groupStrings = new long[64];
    private long[] groupBytes = new long[64];
    private long[] groupSmallest = new long[64];
    private long[] groupFirst = new long[64];
    /** Strings with a value; strings not shared and without one (not ASCII: Ruby writes no value); shared strings. */
    private long valued;
    private long unvalued;
    private long sharedStrings;
    /** Arrays whose storage another array holds: their memsize says nothing of their capacity. */
    private long sharedArrays;

    /** Addresses (and unused bytes) of the objects each check may name. */
    public final Candidates emptyArrays = new Candidates();
    public final Candidates emptyHashes = new Candidates();
    public final Candidates sparseArrays = new Candidates();
    public final Candidates sparseStrings = new Candidates();

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
        long hash = ByteHash.of(r.buf, r.value.start, r.value.end);
        int g = valueIndex.add(hash);
        if (g == groupStrings.length) {
            grow(g * 2);
        }
        if (groupStrings[g]++ == 0) {
            groupFirst[g] = r.address;
            groupSmallest[g] = r.memsize;
        }
        groupBytes[g] += r.memsize;
        groupSmallest[g] = Math.min(groupSmallest[g], r.memsize);
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

    private void grow(int length) {
        groupStrings = Arrays.copyOf(groupStrings, length);
        groupBytes = Arrays.copyOf(groupBytes, length);
        groupSmallest = Arrays.copyOf(groupSmallest, length);
        groupFirst = Arrays.copyOf(groupFirst, length);
    }

    /** Adds another thread's facts to these. */
    public void addAll(RubyWasteFacts other) {
        for (int i = 0; i < other.valueIndex.size(); i++) {
            int g = valueIndex.add(other.valueIndex.key(i));
            if (g == groupStrings.length) {
                grow(g * 2);
            }
            if (groupStrings[g] == 0 || other.groupFirst[i] < groupFirst[g]) {
                groupFirst[g] = other.groupFirst[i]; // the lowest address: the same whatever the threads' order
            }
            groupSmallest[g] = groupStrings[g] == 0 ? other.groupSmallest[i] : Math.min(groupSmallest[g], other.groupSmallest[i]);
            groupStrings[g] += other.groupStrings[i];
            groupBytes[g] += other.groupBytes[i];
        }
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
    public int values() {
        return valueIndex.size();
    }

    public long strings(int group) {
        return groupStrings[group];
    }

    public long bytes(int group) {
        return groupBytes[group];
    }

    public long smallest(int group) {
        return groupSmallest[group];
    }

    public long firstAddress(int group) {
        return groupFirst[group];
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

    /** Objects by address, each with a figure (its memsize, or its unused bytes). */
    public static final class Candidates {
        private long[] addresses = new long[16];
        private long[] figures = new long[16];
        private int size;

        void add(long address, long figure) {
            if (size == addresses.length) {
                addresses = Arrays.copyOf(addresses, size * 2);
                figures = Arrays.copyOf(figures, size * 2);
            }
            addresses[size] = address;
            figures[size++] = figure;
        }

        void addAll(Candidates other) {
            for (int i = 0; i < other.size; i++) {
                add(other.addresses[i], other.figures[i]);
            }
        }

        public int size() {
            return size;
        }

        public long address(int i) {
            return addresses[i];
        }

        public long figure(int i) {
            return figures[i];
        }
    }
}
