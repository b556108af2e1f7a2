package dev.heaplens.analysis.graph;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.graph.Dominators;

/** One object as reports show it, every name resolved. */
public record ObjectRow(long address, String kind, String className, long shallowSize, long retainedSize,
                        long retainedCount, String location, String value) {

    /** Describes object {@code o}; retained figures are 0 for objects no root reaches. */
    public static ObjectRow of(int o, Dominators d, ObjectNamer namer) {
        return new ObjectRow(d.graph().address(o), namer.kind(o), namer.group(o, GroupBy.CLASS),
                d.graph().shallowSize(o), d.retainedSize(o), d.retainedCount(o), namer.location(o), namer.shortValue(o));
    }

    /** The address as Ruby and JVM tools print it. */
    public String hexAddress() {
        return "0x" + Long.toHexString(address);
    }
}
