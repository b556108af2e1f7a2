package dev.heaplens.graph;

import static dev.heaplens.graph.Dominators.SUPER_ROOT;
import static dev.heaplens.graph.Dominators.UNREACHABLE;
import static dev.heaplens.graph.Graphs.edges;
import static dev.heaplens.graph.Graphs.size;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DominatorsTest {

    private static int[] idoms(Dominators d) {
        int[] r = new int[(int) d.graph().objectCount()];
        for (int o = 0; o < r.length; o++) {
            r[o] = (int) d.immediateDominator(o);
        }
        return r;
    }

    private static int[] counts(Dominators d) {
        int[] r = new int[(int) d.graph().objectCount()];
        for (int o = 0; o < r.length; o++) {
            r[o] = (int) d.retainedCount(o);
        }
        return r;
    }

    @Test
    void chain() {
        Dominators d = Dominators.compute(Graphs.of(4, edges(0, 1, 1, 2, 2, 3), 0));
        assertThat(idoms(d)).containsExactly(SUPER_ROOT, 0, 1, 2);
        assertThat(counts(d)).containsExactly(4, 3, 2, 1);
        assertThat(d.retainedSize(0)).isEqualTo(size(0) + size(1) + size(2) + size(3));
        assertThat(d.retainedSize(3)).isEqualTo(size(3));
        assertThat(d.reachableCount()).isEqualTo(4);
        assertThat(d.unreachableCount()).isZero();
        assertThat(d.unreachableBytes()).isZero();
    }

    @Test
    void diamond() {
        // 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, 3 -> 4
        Dominators d = Dominators.compute(Graphs.of(5, edges(0, 1, 0, 2, 1, 3, 2, 3, 3, 4), 0));
        assertThat(idoms(d)).containsExactly(SUPER_ROOT, 0, 0, 0, 3);
        assertThat(counts(d)).containsExactly(5, 1, 1, 2, 1);
        assertThat(d.retainedSize(3)).isEqualTo(size(3) + size(4));
    }

    @Test
    void cycle() {
        // 0 -> 1 -> 2 -> 3 -> 1
        Dominators d = Dominators.compute(Graphs.of(4, edges(0, 1, 1, 2, 2, 3, 3, 1), 0));
        assertThat(idoms(d)).containsExactly(SUPER_ROOT, 0, 1, 2);
        assertThat(counts(d)).containsExactly(4, 3, 2, 1);
    }

    @Test
    void cycleEnteredTwice() {
        // 0 -> 1, 0 -> 2, 1 <-> 2: neither dominates the other
        Dominators d = Dominators.compute(Graphs.of(3, edges(0, 1, 0, 2, 1, 2, 2, 1), 0));
        assertThat(idoms(d)).containsExactly(SUPER_ROOT, 0, 0);
        assertThat(counts(d)).containsExactly(3, 1, 1);
    }

    @Test
    void selfLoop() {
        Dominators d = Dominators.compute(Graphs.of(2, edges(0, 0, 0, 1, 1, 1), 0));
        assertThat(idoms(d)).containsExactly(SUPER_ROOT, 0);
        assertThat(counts(d)).containsExactly(2, 1);
    }

    @Test
    void twoRootsSharingAChild() {
        // roots 0 and 1, both -> 2 -> 3
        Dominators d = Dominators.compute(Graphs.of(4, edges(0, 2, 1, 2, 2, 3), 0, 1));
        assertThat(idoms(d)).containsExactly(SUPER_ROOT, SUPER_ROOT, SUPER_ROOT, 2);
        assertThat(counts(d)).containsExactly(1, 1, 2, 1);
    }

    @Test
    void rootThatIsAlsoReferenced() {
        // roots 0 and 2; 0 -> 1 -> 2: 2 is held by a root, nothing dominates it
        Dominators d = Dominators.compute(Graphs.of(3, edges(0, 1, 1, 2), 0, 2));
        assertThat(idoms(d)).containsExactly(SUPER_ROOT, 0, SUPER_ROOT);
        assertThat(counts(d)).containsExactly(2, 1, 1);
    }

    @Test
    void objectZeroReachedLate() {
        // object 0 is a DFS child, not the first root
        Dominators d = Dominators.compute(Graphs.of(3, edges(2, 1, 1, 0), 2));
        assertThat(idoms(d)).containsExactly(1, 2, SUPER_ROOT);
        assertThat(counts(d)).containsExactly(1, 2, 3);
    }

    @Test
    void unreachableIsland() {
        // 0 -> 1 rooted; 2 <-> 3 and 3 -> 1 not rooted
        Dominators d = Dominators.compute(Graphs.of(4, edges(0, 1, 2, 3, 3, 2, 3, 1), 0));
        assertThat(idoms(d)).containsExactly(SUPER_ROOT, 0, UNREACHABLE, UNREACHABLE);
        assertThat(counts(d)).containsExactly(2, 1, 0, 0);
        assertThat(d.retainedSize(2)).isZero();
        assertThat(d.isReachable(1)).isTrue();
        assertThat(d.isReachable(2)).isFalse();
        assertThat(d.reachableCount()).isEqualTo(2);
        assertThat(d.reachableBytes()).isEqualTo(size(0) + size(1));
        assertThat(d.unreachableCount()).isEqualTo(2);
        assertThat(d.unreachableBytes()).isEqualTo(size(2) + size(3));
    }

    @Test
    void noRoots() {
        Dominators d = Dominators.compute(Graphs.of(2, edges(0, 1)));
        assertThat(idoms(d)).containsExactly(UNREACHABLE, UNREACHABLE);
        assertThat(d.reachableCount()).isZero();
        assertThat(d.unreachableBytes()).isEqualTo(size(0) + size(1));
    }

    @Test
    void emptyGraph() {
        Dominators d = Dominators.compute(new HeapGraphBuilder().build());
        assertThat(d.reachableCount()).isZero();
        assertThat(d.unreachableCount()).isZero();
        assertThat(d.childEnd(SUPER_ROOT) - d.childStart(SUPER_ROOT)).isZero();
    }

    @Test
    void duplicateEdgesDoNotMatter() {
        // 0 -> 1 twice, 0 -> 2, 1 -> 3 twice, 2 -> 3: 3 is dominated by 0 only
        Dominators d = Dominators.compute(Graphs.of(4, edges(0, 1, 0, 1, 0, 2, 1, 3, 1, 3, 2, 3), 0, 0));
        assertThat(idoms(d)).containsExactly(SUPER_ROOT, 0, 0, 0);
        // 0 -> 1 twice and nothing else: 1 is still dominated by 0
        Dominators single = Dominators.compute(Graphs.of(2, edges(0, 1, 0, 1), 0));
        assertThat(idoms(single)).containsExactly(SUPER_ROOT, 0);
    }

    @Test
    void danglingReferenceIsIgnored() {
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart p = b.newPart();
        p.addObject(100, (byte) 0, 0, 5);
        p.addReference(999); // absent
        p.addReference(200);
        p.addObject(200, (byte) 0, 0, 7);
        p.addReference(300); // absent
        p.addRoot("vm", 100);
        p.addRoot("vm", 12345); // absent
        HeapGraph g = b.build();
        assertThat(g.danglingReferences()).isEqualTo(2);
        assertThat(g.danglingRoots()).isEqualTo(1);
        Dominators d = Dominators.compute(g);
        assertThat(idoms(d)).containsExactly(SUPER_ROOT, 0);
        assertThat(d.retainedSize(0)).isEqualTo(12);
    }

    @Test
    void deepChainNeedsNoRecursion() {
        int n = 1_000_000;
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart p = b.newPart();
        for (int i = 0; i < n; i++) {
            p.addObject(8L * i, (byte) 0, 0, 1);
            if (i + 1 < n) {
                p.addReference(8L * (i + 1));
            }
            p.addReference(0); // back to the head: a long cycle, deep path compression
        }
        p.addRoot("r", 0);
        Dominators d = Dominators.compute(b.build());
        assertThat(d.immediateDominator(n - 1)).isEqualTo(n - 2);
        assertThat(d.retainedCount(0)).isEqualTo(n);
        assertThat(d.retainedCount(n / 2)).isEqualTo(n - n / 2);
        assertThat(d.retainedSize(1)).isEqualTo(n - 1);
    }

    @Test
    void edgeFilterSkipsReferences() {
        // 0 -> 1 -> 2, 0 -> 2 (weak): with the weak edge, 2's idom is 0; without, 1
        HeapGraph g = Graphs.of(3, edges(0, 1, 0, 2, 1, 2), 0);
        assertThat(idoms(Dominators.compute(g))).containsExactly(SUPER_ROOT, 0, 0);
        EdgeFilter strong = (source, reference, target) -> !(source == 0 && target == 2);
        Dominators d = Dominators.compute(g, strong);
        assertThat(idoms(d)).containsExactly(SUPER_ROOT, 0, 1);
        assertThat(d.filter()).isSameAs(strong);
        // no reference counts: only the root's target is reachable
        Dominators none = Dominators.compute(g, (s, r, t) -> false);
        assertThat(idoms(none)).containsExactly(SUPER_ROOT, UNREACHABLE, UNREACHABLE);
    }

    @Test
    void dominatorTreeChildrenAndPreorder() {
        Dominators d = Dominators.compute(Graphs.of(5, edges(0, 1, 0, 2, 1, 3, 2, 3, 3, 4), 0));
        assertThat(children(d, SUPER_ROOT)).containsExactly(0);
        assertThat(children(d, 0)).containsExactlyInAnyOrder(1, 2, 3);
        assertThat(children(d, 3)).containsExactly(4);
        assertThat(children(d, 4)).isEmpty();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < d.reachableCount(); i++) {
            order.add((int) d.preorderObject(i));
        }
        assertThat(order).containsExactlyInAnyOrder(0, 1, 2, 3, 4);
        assertThat(order.indexOf(3)).isGreaterThan(order.indexOf(0));
        assertThat(order.indexOf(4)).isGreaterThan(order.indexOf(3));
    }

    static List<Integer> children(Dominators d, int o) {
        List<Integer> r = new ArrayList<>();
        for (int i = (int) d.childStart(o); i < d.childEnd(o); i++) {
            r.add((int) d.child(i));
        }
        return r;
    }

    @Test
    void retainedSetOfTwoObjectsSharingAChild() {
        // 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3: removing {1, 2} frees 3 too; the dominator tree says only 1 and 2
        Dominators d = Dominators.compute(Graphs.of(4, edges(0, 1, 0, 2, 1, 3, 2, 3), 0));
        RetainedSet min = RetainedSet.minimum(d, new int[] {1, 2});
        RetainedSet precise = RetainedSet.precise(d, new int[] {1, 2});
        assertThat(min).isEqualTo(new RetainedSet(2, size(1) + size(2)));
        assertThat(precise).isEqualTo(new RetainedSet(3, size(1) + size(2) + size(3)));
        // nested members are counted once
        assertThat(RetainedSet.minimum(d, new int[] {0, 3})).isEqualTo(new RetainedSet(4, d.retainedSize(0)));
        assertThat(RetainedSet.precise(d, new int[] {0, 3})).isEqualTo(new RetainedSet(4, d.retainedSize(0)));
    }
}
