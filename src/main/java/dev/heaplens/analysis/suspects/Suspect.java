package dev.heaplens.analysis.suspects;

import java.util.List;

/**
 * One leak suspect, every name resolved: a single object or a group of objects of one class that
 * the GC roots hold directly (the top of the dominator tree) and that retain more than the
 * threshold, with where their memory accumulates, how a GC root keeps it, and what to do about it.
 *
 * @param object the suspect object (single) or the largest instance (group)
 * @param accumulation where the memory gathers; null when no single object holds most of it
 * @param path the shortest chain of references from a GC root to the accumulation point (or to
 *             the object when there is none), root first
 * @param held what the accumulation point holds, grouped by class, most retained first
 * @param location the allocation site of the accumulation point (or of the object), or null
 * @param loader the class loader of the object's class (JVM: {@code <bootstrap>} or its class @ address), or null
 */
public record Suspect(Kind kind, String className, ObjectRef object, long instances, long retainedBytes, double share,
                      ObjectRef accumulation, List<PathStep> path, List<HeldClass> held, String location, String loader, String text,
                      List<String> keywords) {

    public enum Kind {
        SINGLE, GROUP;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * An object as a suspect names it: its id in the graph, address, class, own and retained size,
     * and how the words call it ({@code name}: {@code class Foo} for a class object, else its class).
     */
    public record ObjectRef(long object, long address, String className, String name, long shallowBytes, long retainedBytes) {
        public String hexAddress() {
            return "0x" + Long.toHexString(address);
        }
    }

    /**
     * One step of a path: the object and what leads to it from the step before (a field, an index,
     * or for the first step the GC root's kind).
     */
    public record PathStep(ObjectRef object, String via) {
    }

    /** Objects of one class directly under the accumulation point in the dominator tree. */
    public record HeldClass(String className, long objects, long retainedBytes) {
    }
}
