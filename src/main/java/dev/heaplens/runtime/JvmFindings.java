package dev.heaplens.runtime;

import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.jvm.JvmWasteChecks;
import dev.heaplens.analysis.suspects.Finding;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The JVM's findings beside the suspects ({@link JvmWasteChecks}). Their duplicate strings and the
 * heap's classes need no dominator tree, so a load for suspects works them out on a second thread
 * while the tree is computed ({@link #besideDominators}); the checks then take them instead of
 * making them.
 */
final class JvmFindings implements GraphLoad.Findings {
    /** What was worked out ahead, by heap, until the checks take it. */
    private final Map<LoadedHeap, JvmWasteChecks.Ahead> workedAhead = Collections.synchronizedMap(new WeakHashMap<>());

    @Override
    public void besideDominators(LoadedHeap heap) {
        workedAhead.put(heap, JvmWasteChecks.ahead(jvm(heap), heap.scratch()));
    }

    /** The heaps given here are the JVM load's own ({@link GraphLoad#namer} checked them on the way in). */
    private static JvmHeap jvm(LoadedHeap heap) {
        return (JvmHeap) heap.namer();
    }

    @Override
    public List<Finding> of(LoadedHeap heap, long analysedBytes) {
        return JvmWasteChecks.of(jvm(heap), heap.dominators(), heap.weakOnly(), analysedBytes, workedAhead.remove(heap),
                heap.scratch());
    }
}
