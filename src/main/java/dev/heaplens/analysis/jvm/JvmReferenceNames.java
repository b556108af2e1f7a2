package dev.heaplens.analysis.jvm;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.Scratch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The name of every reference in a JVM heap (field, {@code static} field, {@code [index]}), for a
 * bulk export: the graph keeps no names, so every record is read again, once, in file order, and
 * named by the same {@link JvmRecordView#links} that names a reference for {@code paths} and
 * {@code object}. One code a reference (a field name's number in a small table, or an array index) and
 * the records' order, a long an object: in the heap while it has room, else in the scratch's cells
 * (mapped beside the index), for a graph of any size.
 */
final class JvmReferenceNames implements NamedHeap.ReferenceNamer {
    /** Not named: the record did not match the graph's references (it never should). */
    private static final int UNNAMED = Integer.MIN_VALUE;

    private static final byte[] NO_VALUES = new byte[0];

    private final HeapGraph graph;
    /** By reference; released when the last row is named ({@link #release}). */
    private final IdCells codes;
    private final Scratch scratch;
    private final List<String> names = new ArrayList<>();

    /** Reads every object's record from {@code source}, in one pass. */
    JvmReferenceNames(HeapGraph graph, JvmRecordView view, HprofClasses classes, HprofSource source, Scratch scratch) {
        int idSize = classes.idSize();
        Map<Long, BasicType> arrayTypes = new HashMap<>();
        for (BasicType t : BasicType.values()) {
            arrayTypes.put(classes.primitiveArrayClass(t), t);
        }
        this.graph = graph;
        this.scratch = scratch;
        long n = graph.objectCount();
        if (!scratch.isMapped() && graph.referenceCount() > HeapGraphBuilder.MAX_OBJECTS) { // the heap's scratch: one array
            throw new HeaplensException(String.format(Locale.ROOT, "export's reference names: %,d references pass what"
                    + " one heap array holds (%,d); out of core (--memory) they are mapped", graph.referenceCount(),
                    HeapGraphBuilder.MAX_OBJECTS));
        }
        // codes are small numbers and array indexes, never past an int: narrow cells whatever the object count
        this.codes = scratch.idCellsWhereRoom(graph.referenceCount(), HeapGraphBuilder.MAX_OBJECTS);
        codes.fill(UNNAMED);
        ObjectsInFileOrder order = new ObjectsInFileOrder(scratch, n);
        Map<String, Integer> numbers = new HashMap<>();
        for (long o = 0; o < n; o++) {
            // A primitive array's record is its values; its one reference is the class pointer.
            boolean valuesOnly = HprofObjectKind.of(graph.kind(o)) == HprofObjectKind.PRIMITIVE_ARRAY;
            order.add(valuesOnly ? -1 : graph.position(o));
            if (valuesOnly) {
                name(o, view.links(o, new HprofRecords.PrimitiveArray(
                        arrayTypes.get(graph.classAddress(o)), 0, NO_VALUES)), numbers);
            }
        }
        order.sort().forEach(source, idSize, 0, (o, offset, record) -> {
            if (record != null) {
                name(o, view.links(o, record), numbers);
            }
        });
        order.release();
    }

    private void name(long o, List<JvmRecordView.Link> links, Map<String, Integer> numbers) {
        long start = graph.outStart(o);
        if (links.size() != graph.outEnd(o) - start) {
            return;
        }
        for (int p = 0; p < links.size(); p++) {
            JvmRecordView.Link link = links.get(p);
            if (link.targetId() != graph.address(graph.target(start + p))) {
                continue;
            }
            String label = link.label();
            codes.set(start + p, label.startsWith("[")
                    ? -1 - Integer.parseInt(label, 1, label.length() - 1, 10)
                    : numbers.computeIfAbsent(label, l -> {
                        names.add(l);
                        return names.size() - 1;
                    }));
        }
    }

    @Override
    public String name(long from, int position, long to) {
        long code = codes.get(graph.outStart(from) + position);
        return code == UNNAMED ? null : code < 0 ? "[" + (-1 - code) + "]" : names.get((int) code);
    }

    /** Gives the codes back (mapped ones: their disk) once every reference is named. */
    @Override
    public void release() {
        scratch.release(codes);
    }
}
