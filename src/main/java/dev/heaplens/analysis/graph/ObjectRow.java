package dev.heaplens.analysis.graph;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.RetainedSet;

/** One object as reports show it, every name resolved. */
public record ObjectRow(long address, String kind, String className, long shallowSize, long retainedSize,
                        long retainedCount, String location, ShownValue value) {

    /** Describes object {@code o}; retained figures are 0 for objects no root reaches. */
    public static ObjectRow of(long o, Dominators d, ObjectNamer namer) {
        return of(o, d.graph(), new RetainedSet(d.retainedCount(o), d.retainedSize(o)), namer);
    }

    /**
     * Describes object {@code o} of {@code g}, whose retained set is {@code retained}, or null when
     * not computed (for a rendering that does not show it): the retained figures are then -1.
     */
    public static ObjectRow of(long o, HeapGraph g, RetainedSet retained, ObjectNamer namer) {
        return new ObjectRow(g.address(o), namer.kind(o), namer.group(o, GroupBy.CLASS), g.shallowSize(o),
                retained == null ? -1 : retained.bytes(), retained == null ? -1 : retained.count(), namer.location(o),
                namer.value(o));
    }

    /** The address as Ruby and JVM tools print it. */
    public String hexAddress() {
        return "0x" + Long.toHexString(address);
    }
}
