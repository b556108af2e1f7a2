package dev.heaplens.format.hprof;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where HotSpot puts a class's instance fields, and so how big its instances are: the field sizes
 * alone are not enough, since alignment leaves gaps, a subclass may or may not fill its
 * superclass's gaps, and {@code @Contended} fields are padded. Two rules, by the JVM that wrote
 * the dump:
 * <ul>
 * <li>JDK 15 and later: the superclass's layout is rebuilt with its gaps; primitives (largest
 * first) then references go each into the smallest gap that fits them, else at the end; a
 * superclass with {@code @Contended} fields keeps its gaps to itself and is padded after.</li>
 * <li>JDK 14 and earlier: a class's fields start after its superclass's, at the next reference
 * size boundary, in groups longs/doubles, ints/floats, shorts/chars, bytes/booleans, then
 * references; only the gap before the first long is filled (one int, or shorts and bytes, or one
 * reference). A few core classes put their references first and fill no gap.</li>
 * </ul>
 * Written from the rules HotSpot's field layout code follows (classFileParser.cpp before JDK 15,
 * fieldLayoutBuilder.cpp after), checked against the class histograms of JDK 17 and 25.
 */
final class HotSpotFieldLayout {
    /** HotSpot's ContendedPaddingWidth default: bytes of padding on each side of a contended group. */
    static final int CONTENDED_PADDING = 128;

    /** A field to lay out: its bytes, whether it is a reference, its contended group (-1: none, 0: its own). */
    record Slot(int bytes, boolean reference, int group) {
    }

    /** A class's laid-out instance: every field over the hierarchy (offset, bytes) and its size. */
    record Laid(int[] offsets, int[] sizes, boolean contended, int fieldsEnd, long instanceSize) {
        static Laid root(int headerBytes) {
            return new Laid(new int[0], new int[0], false, headerBytes, headerBytes);
        }

        boolean hasFields() {
            return offsets.length > 0;
        }
    }

    /** What the layout depends on besides the fields. */
    record Machine(int headerBytes, int referenceBytes, int wordBytes, int alignment) {
        static Machine of(HprofLayout layout, int idSize) {
            return new Machine(layout.headerBytes(), layout.referenceBytes(), idSize == 4 ? 4 : 8, layout.alignment());
        }

        long alignInstance(long endOfFields) {
            long words = (endOfFields + wordBytes - 1) / wordBytes * wordBytes;
            return (words + alignment - 1) & -(long) alignment;
        }
    }

    private HotSpotFieldLayout() {
    }

    // ---------------------------------------------------------------- JDK 15 and later

    /**
     * Lays out {@code own} fields (this class's, injected ones included) after {@code superLaid}.
     *
     * @param contendedClass the class itself is {@code @Contended} (padded before and after)
     */
    static Laid jdk15(Laid superLaid, List<Slot> own, boolean contendedClass, Machine m) {
        Blocks blocks = Blocks.rebuild(superLaid, m);
        Block start = blocks.first;
        if (superLaid.contended() && superLaid.hasFields()) {
            start = blocks.last;
        }
        boolean tailPadding = false;
        if (contendedClass) {
            start = blocks.last;
            blocks.insert(start, Block.padding());
            tailPadding = true;
        }
        List<Slot> primitives = new ArrayList<>();
        List<Slot> references = new ArrayList<>();
        Map<Integer, List<Slot>> groups = new LinkedHashMap<>();
        int unnamed = -1;
        for (Slot s : own) {
            if (s.group() < 0) {
                (s.reference() ? references : primitives).add(s);
            } else {
                // Each unnamed @Contended field is a group of its own.
                groups.computeIfAbsent(s.group() == 0 ? unnamed-- : s.group(), g -> new ArrayList<>()).add(s);
            }
        }
        primitives.sort(Comparator.comparingInt(Slot::bytes).reversed());
        blocks.add(primitives, start);
        blocks.add(references, start);
        for (List<Slot> group : groups.values()) {
            Block groupStart = blocks.last;
            blocks.insert(groupStart, Block.padding());
            List<Slot> p = new ArrayList<>(group.stream().filter(s -> !s.reference()).toList());
            p.sort(Comparator.comparingInt(Slot::bytes).reversed());
            blocks.add(p, groupStart);
            blocks.add(group.stream().filter(Slot::reference).toList(), groupStart);
            tailPadding = true;
        }
        if (tailPadding) {
            blocks.insert(blocks.last, Block.padding());
        }
        boolean contended = superLaid.contended() || contendedClass || !groups.isEmpty();
        int end = blocks.last.offset;
        return blocks.laid(contended, end, m.alignInstance(end));
    }

    /** A run of the instance's bytes: the header, a field, a gap, padding, or the open end. */
    private static final class Block {
        enum Kind { RESERVED, FIELD, EMPTY, PADDING }

        final Kind kind;
        int offset;
        long size;
        final int alignment;
        Block prev;
        Block next;

        Block(Kind kind, int offset, long size, int alignment) {
            this.kind = kind;
            this.offset = offset;
            this.size = size;
            this.alignment = alignment;
        }

        static Block padding() {
            return new Block(Kind.PADDING, 0, CONTENDED_PADDING, 1);
        }

        boolean fits(int bytes, int align) {
            int adjustment = offset % align == 0 ? 0 : align - offset % align;
            return size >= bytes + adjustment;
        }
    }

    /** The blocks of one layout, in offset order, ending with an open EMPTY block. */
    private static final class Blocks {
        Block first;
        Block last;

        /** The superclass's fields where they are, its gaps as EMPTY (PADDING when contended). */
        static Blocks rebuild(Laid superLaid, Machine m) {
            Blocks b = new Blocks();
            Block header = new Block(Block.Kind.RESERVED, 0, m.headerBytes(), 1);
            b.first = header;
            Block tail = header;
            Integer[] order = new Integer[superLaid.offsets().length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingInt(i -> superLaid.offsets()[i]));
            Block.Kind gap = superLaid.contended() ? Block.Kind.PADDING : Block.Kind.EMPTY;
            for (int i : order) {
                int offset = superLaid.offsets()[i];
                int end = tail.offset + (int) tail.size;
                if (offset > end) {
                    tail = b.link(tail, new Block(gap, end, offset - end, 1));
                }
                tail = b.link(tail, new Block(Block.Kind.FIELD, offset, superLaid.sizes()[i], superLaid.sizes()[i]));
            }
            if (superLaid.contended()) {
                tail = b.link(tail, new Block(Block.Kind.PADDING, tail.offset + (int) tail.size, CONTENDED_PADDING, 1));
            }
            b.last = b.link(tail, new Block(Block.Kind.EMPTY, tail.offset + (int) tail.size, Integer.MAX_VALUE, 1));
            return b;
        }

        private Block link(Block after, Block block) {
            after.next = block;
            block.prev = after;
            return block;
        }

        /**
         * Each field into the smallest EMPTY block after {@code start} that holds it aligned
         * (the later one of equal size), else at the end. A field the same size as the last one
         * that found no gap goes to the end without a search.
         */
        void add(List<Slot> fields, Block start) {
            boolean lastFound = false;
            int lastBytes = 0;
            for (Slot f : fields) {
                Block candidate = null;
                if (start == last || (f.bytes() == lastBytes && !lastFound)) {
                    candidate = last;
                } else {
                    lastBytes = f.bytes();
                    lastFound = true;
                    for (Block c = last.prev; c != start; c = c.prev) {
                        if (c.kind == Block.Kind.EMPTY && c.fits(f.bytes(), f.bytes())
                                && (candidate == null || c.size < candidate.size)) {
                            candidate = c;
                        }
                    }
                    if (candidate == null) {
                        candidate = last;
                        lastFound = false;
                    }
                }
                insertField(candidate, new Block(Block.Kind.FIELD, 0, f.bytes(), f.bytes()));
            }
        }

        private void insertField(Block slot, Block field) {
            if (slot.offset % field.alignment != 0) {
                insert(slot, new Block(Block.Kind.EMPTY, 0, field.alignment - slot.offset % field.alignment, 1));
            }
            insert(slot, field);
            if (slot.size == 0) {
                slot.prev.next = slot.next;
                slot.next.prev = slot.prev;
            }
        }

        /** Puts {@code block} at the start of the EMPTY {@code slot}, which shrinks. */
        void insert(Block slot, Block block) {
            block.offset = slot.offset;
            slot.offset += (int) block.size;
            slot.size -= block.size;
            block.prev = slot.prev;
            block.next = slot;
            slot.prev = block;
            if (block.prev != null) {
                block.prev.next = block;
            } else {
                first = block;
            }
        }

        Laid laid(boolean contended, int fieldsEnd, long instanceSize) {
            List<int[]> fields = new ArrayList<>();
            for (Block b = first; b != null; b = b.next) {
                if (b.kind == Block.Kind.FIELD) {
                    fields.add(new int[] {b.offset, (int) b.size});
                }
            }
            int[] offsets = fields.stream().mapToInt(f -> f[0]).toArray();
            int[] sizes = fields.stream().mapToInt(f -> f[1]).toArray();
            return new Laid(offsets, sizes, contended, fieldsEnd, instanceSize);
        }
    }

    // ---------------------------------------------------------------- JDK 14 and earlier

    /**
     * Lays out {@code own} fields after {@code superLaid} the way HotSpot did up to JDK 14
     * (FieldsAllocationStyle=1, CompactFields on).
     *
     * @param oopsFirst one of the core classes whose offsets the JVM hard-codes: references
     *                  first, no gap filled
     */
    static Laid jdk14(Laid superLaid, List<Slot> own, boolean contendedClass, boolean oopsFirst, Machine m) {
        int oop = m.referenceBytes();
        int offset = align(superLaid.fieldsEnd(), oop);
        if (contendedClass) {
            offset += CONTENDED_PADDING;
        }
        int longs = 0;
        int ints = 0;
        int shorts = 0;
        int bytes = 0;
        int oops = 0;
        Map<Integer, List<Slot>> groups = new LinkedHashMap<>();
        int unnamed = -1;
        for (Slot s : own) {
            if (s.group() >= 0) {
                groups.computeIfAbsent(s.group() == 0 ? unnamed-- : s.group(), g -> new ArrayList<>()).add(s);
            } else if (s.reference()) {
                oops++;
            } else {
                switch (s.bytes()) {
                    case 8 -> longs++;
                    case 4 -> ints++;
                    case 2 -> shorts++;
                    default -> bytes++;
                }
            }
        }
        if (oopsFirst) {
            offset += oops * oop;
            oops = 0;
        }
        if (longs > 0) {
            int aligned = align(offset, 8);
            int gap = aligned - offset;
            if (!oopsFirst && gap > 0) {
                if (ints > 0) {
                    ints--;
                    gap -= 4;
                }
                while (gap >= 2 && shorts > 0) {
                    shorts--;
                    gap -= 2;
                }
                while (gap > 0 && bytes > 0) {
                    bytes--;
                    gap--;
                }
                if (gap >= oop && oops > 0) {
                    oops--;
                }
            }
            offset = aligned;
        }
        offset += longs * 8 + ints * 4 + shorts * 2 + bytes;
        if (oops > 0) {
            offset = align(offset, oop) + oops * oop;
        }
        if (!groups.isEmpty()) {
            offset += CONTENDED_PADDING;
            for (Map.Entry<Integer, List<Slot>> g : groups.entrySet()) {
                for (Slot s : g.getValue()) {
                    offset = align(offset, s.bytes()) + s.bytes();
                    if (g.getKey() < 0) {
                        offset += CONTENDED_PADDING;
                    }
                }
                if (g.getKey() > 0) {
                    offset += CONTENDED_PADDING;
                }
            }
        }
        if (contendedClass) {
            offset += CONTENDED_PADDING;
        }
        int[] none = new int[0];
        // Offsets are not kept: a subclass needs only where this class's fields end.
        boolean contended = superLaid.contended() || contendedClass || !groups.isEmpty();
        return new Laid(none, none, contended, offset, m.alignInstance(offset));
    }

    private static int align(int value, int to) {
        return (value + to - 1) / to * to;
    }
}
