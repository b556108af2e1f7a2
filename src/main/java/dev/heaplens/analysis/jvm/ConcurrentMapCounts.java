package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * A {@code ConcurrentHashMap}'s size as {@code size()} counts it: {@code baseCount} plus the
 * {@code value} of each {@code CounterCell} in {@code counterCells} (threads that collide on the
 * base count add to a cell instead). {@link UnusedCapacity} reads the maps' records; this resolves
 * their {@code table} and counter cells from those records, then reads the cells' records in one
 * more pass in file order and adds their values to the maps' counts.
 */
final class ConcurrentMapCounts {
    private final JvmHeap heap;
    private final HeapGraph g;
    private final Scratch scratch;
    private final int idSize;
    /** The counter cells met: each cell object and the candidate (map) it counts for, in the scratch. */
    private final IdList cells;
    private final IdList owners;

    ConcurrentMapCounts(JvmHeap heap, Scratch scratch) {
        this.heap = heap;
        this.g = heap.graph();
        this.scratch = scratch;
        this.idSize = heap.read().classes().idSize();
        this.cells = new IdList(scratch, g.objectCount());
        this.owners = new IdList(scratch, g.objectCount());
    }

    /**
     * The map's table from its record ({@code tableAt}: the {@code table} field's offset), or -1
     * when it has none the graph knows; notes its counter cells ({@code cellsAt}) for candidate {@code c}.
     */
    long table(long c, byte[] data, int length, int tableAt, int cellsAt) {
        long table = objectAt(data, length, tableAt, HprofObjectKind.OBJECT_ARRAY);
        long cellArray = objectAt(data, length, cellsAt, HprofObjectKind.OBJECT_ARRAY);
        if (cellArray >= 0) {
            for (long i = g.outStart(cellArray), end = g.outEnd(cellArray); i < end; i++) {
                long cell = g.target(i);
                if (HprofObjectKind.of(g.kind(cell)) == HprofObjectKind.INSTANCE && g.position(cell) >= 0) {
                    cells.add(cell);
                    owners.add(c);
                }
            }
        }
        return table >= 0 && g.position(table) >= 0 ? table : -1;
    }

    /**
     * Adds each counter cell's {@code value} to its map's count in {@code counts} (by candidate; -1: not
     * judged, kept), their records read in file order; the cells' lists given back.
     */
    void addCounterCells(LongCells counts) {
        FileOrder order = new FileOrder(scratch, cells.size());
        for (long i = 0, n = cells.size(); i < n; i++) {
            order.add(g.position(cells.get(i)));
        }
        cells.release();
        Map<Long, Integer> valueAt = new HashMap<>(); // by the cell's class: its long value's offset, -1 if none
        HprofClasses classes = heap.read().classes();
        order.sort().visit(heap, new HprofVisitor() {
            @Override
            public void instance(long id, long classId, byte[] data, int length, long offset) {
                long owner = owners.get(order.current());
                int valueOffset = valueAt.computeIfAbsent(classId, k -> valueOffset(classes, k));
                long value = valueOffset < 0 ? -1 : longAt(data, length, valueOffset);
                if (counts.get(owner) >= 0) {
                    counts.set(owner, value < 0 ? -1 : counts.get(owner) + value); // a cell not read: the map not judged
                }
            }
        });
        order.release();
        owners.release();
    }

    private static int valueOffset(HprofClasses classes, long cellClass) {
        for (HprofClasses.Field f : classes.instanceFields(cellClass)) {
            if (f.name().equals("value") && f.type() == BasicType.LONG) {
                return f.offset();
            }
        }
        return -1;
    }

    /** The object the id at {@code at} refers to when it is of {@code kind}, else -1 (null, or not in the graph). */
    private long objectAt(byte[] data, int length, int at, HprofObjectKind kind) {
        if (at < 0 || at + idSize > length) {
            return -1;
        }
        long id = idSize == 4 ? ByteBuffer.wrap(data, at, 4).getInt() & 0xFFFFFFFFL : ByteBuffer.wrap(data, at, 8).getLong();
        long o = id == 0 ? -1 : g.objectOf(id);
        return o >= 0 && HprofObjectKind.of(g.kind(o)) == kind ? o : -1;
    }

    static long longAt(byte[] data, int length, int at) {
        return at + 8 <= length ? ByteBuffer.wrap(data, at, 8).getLong() : -1;
    }

    /**
     * The bytes past their headers of a concurrent map's object arrays other than {@code chosen}: the
     * table may be any of them until its record is read, so all count toward the most it could waste.
     */
    static long otherArrayBytes(HeapGraph g, long map, long chosen, long headerBytes) {
        long bytes = 0;
        for (long i = g.outStart(map), end = g.outEnd(map); i < end; i++) {
            long t = g.target(i);
            if (t != chosen && HprofObjectKind.of(g.kind(t)) == HprofObjectKind.OBJECT_ARRAY) {
                bytes += Math.max(0, g.shallowSize(t) - headerBytes);
            }
        }
        return bytes;
    }
}
