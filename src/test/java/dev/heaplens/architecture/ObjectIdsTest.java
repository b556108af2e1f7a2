package dev.heaplens.architecture;

import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.ruby.RubyHeap;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.EdgeFilter;
import dev.heaplens.graph.HeapGraph;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Object ids and object counts cross the graph's API as {@code long}s (docs/architecture.md, "Object
 * ids"): a public method of the graph, the dominators, an edge filter or a runtime's named heap that
 * took an {@code int} id, or gave one back, would narrow ids again where the storage could not see it.
 * The {@code int}s these classes may take are roots, class numbers, field positions and how many of a
 * class's objects to keep in an array, by name.
 */
class ObjectIdsTest {
    /** Method name and parameter index of the {@code int}s that are not object ids. */
    private static final Set<String> NOT_IDS = Set.of("classAddressOf#0", "rootTarget#0", "rootCategory#0",
            "rootCategoryId#0", "renameRootCategory#0", "edgeLabel#1", "objectsOfClass#1");
    /** Methods whose result is an object id or an object count. */
    private static final Set<String> GIVE_IDS = Set.of("objectCount", "target", "source", "objectOf", "rootTarget",
            "inDegree", "immediateDominator", "preorderObject", "child", "childStart", "childEnd", "reachableCount",
            "unreachableCount", "retainedCount");

    @Test
    void theGraphsApiTakesAndGivesObjectIdsAsLongs() {
        List<String> narrowed = new ArrayList<>();
        for (Class<?> c : List.of(HeapGraph.class, Dominators.class, EdgeFilter.class, NamedHeap.class,
                JvmHeap.class, RubyHeap.class)) {
            narrowed.addAll(intIds(c));
        }
        assertThat(narrowed).isEmpty();
    }

    @Test
    void anIntIdInTheApiIsFound() {
        assertThat(intIds(Narrowing.class)).containsExactlyInAnyOrder(
                "Narrowing.address(parameter 0: int)", "Narrowing.objectOf(returns int)");
    }

    /** The public methods of {@code c} that take or give an object id as an {@code int}. */
    private static List<String> intIds(Class<?> c) {
        List<String> found = new ArrayList<>();
        for (Method m : c.getDeclaredMethods()) {
            if (!Modifier.isPublic(m.getModifiers()) || m.isSynthetic()) {
                continue;
            }
            Class<?>[] types = m.getParameterTypes();
            for (int i = 0; i < types.length; i++) {
                if (types[i] == int.class && !NOT_IDS.contains(m.getName() + "#" + i)) {
                    found.add(c.getSimpleName() + "." + m.getName() + "(parameter " + i + ": int)");
                }
            }
            if (GIVE_IDS.contains(m.getName()) && m.getReturnType() != long.class) {
                found.add(c.getSimpleName() + "." + m.getName() + "(returns " + m.getReturnType() + ")");
            }
        }
        return found;
    }

    /** A deliberate break: what the check must name. */
    @SuppressWarnings("unused")
    public static final class Narrowing {
        public long address(int o) {
            return o;
        }

        public int objectOf(long address) {
            return -1;
        }

        public long rootTarget(int r) {
            return r;
        }
    }
}
