package dev.heaplens.graph;

import dev.heaplens.util.LongIndex;

/**
 * A {@link HeapGraphPart}'s class addresses, kept as numbers into the part's own table of the
 * classes it met (a dump has a few thousand): 4 bytes an object instead of 8. The build numbers
 * them again into the graph's one table ({@link ObjectColumns}).
 */
final class PartClasses {
    final GrowableInts numbers;
    private LongIndex table = new LongIndex();
    private long lastAddress;
    private int lastNumber = -1;

    PartClasses(Scratch scratch) {
        numbers = new GrowableInts(scratch);
    }

    void add(long classAddress) {
        int number = lastNumber;
        if (classAddress != lastAddress || number < 0) {
            number = table.add(classAddress); // objects of one class often come together: one lookup for the run
            lastAddress = classAddress;
            lastNumber = number;
        }
        numbers.add(number);
    }

    /** The distinct class addresses, in the order the part met them (its numbers). */
    long[] table() {
        long[] t = new long[table.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = table.key(i);
        }
        return t;
    }

    void clear() {
        numbers.clear();
        table = new LongIndex();
        lastNumber = -1;
    }
}
