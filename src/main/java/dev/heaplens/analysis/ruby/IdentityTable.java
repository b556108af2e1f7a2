package dev.heaplens.analysis.ruby;

/**
 * The identities of one dump's objects, for {@code leaks}: per object its address, the key of
 * its identity ({@link ObjectIdentity#key}: generation, or type and class) and its type-and-class
 * key, three longs side by side in one open-addressing array hashed by address alone. A lookup
 * is one probe sequence whichever rule the pair of records takes, where a set of (address, key)
 * pairs beside a second set of (address, class key) took up to four.
 *
 * <p>A dump may repeat an address (a bad dump, or two records of one slot): every distinct
 * triple is kept, so the answers are those of a set of triples. The address must not be 0.
 */
final class IdentityTable {
    private static final int WIDTH = 3;
    private long[] slots; // address, key, class key; address 0 = empty
    private int size;
    private int limit;

    IdentityTable(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, (int) Math.min(1 << 29, expected * 10L / 7)));
        if (capacity * 7L / 10 < expected) {
            capacity <<= 1;
        }
        allocate(capacity);
    }

    private void allocate(int capacity) {
        slots = new long[capacity * WIDTH];
        limit = (int) (capacity * 7L / 10); // at most 70% full
    }

    int size() {
        return size;
    }

    void add(long address, long key, long classKey) {
        int mask = slots.length / WIDTH - 1;
        int i = slot(address, mask);
        long a;
        while ((a = slots[i * WIDTH]) != 0) {
            if (a == address && slots[i * WIDTH + 1] == key && slots[i * WIDTH + 2] == classKey) {
                return;
            }
            i = (i + 1) & mask;
        }
        slots[i * WIDTH] = address;
        slots[i * WIDTH + 1] = key;
        slots[i * WIDTH + 2] = classKey;
        if (++size > limit) {
            grow();
        }
    }

    /**
     * Whether the object at {@code address} with this identity key and class key is here: by
     * generation when both records have one, else by type and class (see {@link ObjectIdentity}).
     */
    boolean contains(long address, long key, long classKey) {
        boolean byGeneration = ObjectIdentity.byGeneration(key);
        int mask = slots.length / WIDTH - 1;
        int i = slot(address, mask);
        long a;
        while ((a = slots[i * WIDTH]) != 0) {
            if (a == address) {
                long k = slots[i * WIDTH + 1];
                if (byGeneration ? k == key || k == classKey : slots[i * WIDTH + 2] == classKey) {
                    return true;
                }
            }
            i = (i + 1) & mask;
        }
        return false;
    }

    /** Calls {@code action} with the address of every identity held (an address held twice, twice). */
    void forEachAddress(java.util.function.LongConsumer action) {
        for (int i = 0; i < slots.length; i += WIDTH) {
            if (slots[i] != 0) {
                action.accept(slots[i]);
            }
        }
    }

    private void grow() {
        long[] old = slots;
        allocate(old.length / WIDTH * 2);
        size = 0;
        for (int i = 0; i < old.length; i += WIDTH) {
            if (old[i] != 0) {
                add(old[i], old[i + 1], old[i + 2]);
            }
        }
    }

    private static int slot(long address, int mask) {
        long h = address * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29)) & mask;
    }
}
