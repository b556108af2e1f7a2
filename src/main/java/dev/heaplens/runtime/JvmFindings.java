package dev.heaplens.runtime;

import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.jvm.JvmWasteChecks;
import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.analysis.suspects.Finding;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The JVM's findings beside the suspects ({@link JvmWasteChecks}). Their duplicate strings need no
 * dominator tree, so a load for suspects groups them on a second thread while the tree is
 * computed ({@link #besideDominators}); the checks then take that grouping instead of making it.
 */
final class JvmFindings implements GraphLoad.Findings {
    /** Strings grouped ahead, by heap, until the checks take them. */
    private final Map<LoadedHeap, DuplicateStrings> groupedAhead = Collections.synchronizedMap(new WeakHashMap<>());

    @Override
    public void besideDominators(LoadedHeap heap) {
        groupedAhead.put(heap, JvmWasteChecks.duplicateStrings(jvm(heap)));
    }

    /** The heaps given here are the JVM load's own ({@link GraphLoad#namer} checked them on the way in). */
    private static JvmHeap jvm(LoadedHeap heap) {
        return (JvmHeap) heap.namer();
    }

    @Override
    public List<Finding> of(LoadedHeap heap, long analysedBytes) {
        return JvmWasteChecks.of(jvm(heap), heap.dominators(), heap.weakOnly(), analysedBytes, groupedAhead.remove(heap));
    }
}
