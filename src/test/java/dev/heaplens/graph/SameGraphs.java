package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two heap graphs equal column by column (objects, references, roots and the counts beside
 * them): for tests that read one dump two ways (in parts, in chunks, on several threads) and
 * take the simple way's graph as the oracle.
 */
public final class SameGraphs {
    private SameGraphs() {
    }

    public static void assertSame(String at, HeapGraph e, HeapGraph a) {
        int n = (int) e.objectCount();
        assertThat(a.objectCount()).as("%s: objects", at).isEqualTo(n);
        assertThat(a.referenceCount()).as("%s: references", at).isEqualTo(e.referenceCount());
        assertThat(a.danglingReferences()).as("%s: dangling references", at).isEqualTo(e.danglingReferences());
        assertThat(a.danglingRoots()).as("%s: dangling roots", at).isEqualTo(e.danglingRoots());
        assertThat(a.duplicateAddresses()).as("%s: duplicates", at).isEqualTo(e.duplicateAddresses());
        assertThat(a.hasWeakReferences()).as("%s: weak", at).isEqualTo(e.hasWeakReferences());
        assertThat(a.classCount()).as("%s: classes", at).isEqualTo(e.classCount());
        assertThat(a.totalShallowSize()).as("%s: total shallow size", at).isEqualTo(e.totalShallowSize());
        for (int o = 0; o < n; o++) {
            String what = at + ": object " + o;
            assertThat(a.address(o)).as(what).isEqualTo(e.address(o));
            assertThat(a.kind(o)).as(what).isEqualTo(e.kind(o));
            assertThat(a.classAddress(o)).as(what).isEqualTo(e.classAddress(o));
            assertThat(a.classNumber(o)).as(what).isEqualTo(e.classNumber(o));
            assertThat(a.shallowSize(o)).as(what).isEqualTo(e.shallowSize(o));
            assertThat(a.position(o)).as(what).isEqualTo(e.position(o));
            assertThat(a.outStart(o)).as(what).isEqualTo(e.outStart(o));
            assertThat(a.outEnd(o)).as(what).isEqualTo(e.outEnd(o));
        }
        for (long i = 0; i < e.referenceCount(); i++) {
            assertThat(a.target(i)).as("%s: reference %d", at, i).isEqualTo(e.target(i));
            assertThat(a.isWeak(i)).as("%s: reference %d weak", at, i).isEqualTo(e.isWeak(i));
        }
        assertThat(a.rootCount()).as("%s: roots", at).isEqualTo(e.rootCount());
        for (int r = 0; r < e.rootCount(); r++) {
            assertThat(a.rootTarget(r)).as("%s: root %d", at, r).isEqualTo(e.rootTarget(r));
            assertThat(a.rootCategory(r)).as("%s: root %d", at, r).isEqualTo(e.rootCategory(r));
        }
    }
}
