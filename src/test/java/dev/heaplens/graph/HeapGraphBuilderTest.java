package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HeapGraphBuilderTest {

    private static List<Long> targetAddresses(HeapGraph g, int o) {
        List<Long> r = new ArrayList<>();
        for (long i = g.outStart(o); i < g.outEnd(o); i++) {
            r.add(g.address(g.target(i)));
        }
        return r;
    }

    private static List<Integer> sources(HeapGraph g, int o) {
        List<Integer> r = new ArrayList<>();
        for (long i = g.inStart(o); i < g.inEnd(o); i++) {
            r.add((int) g.source(i));
        }
        return r;
    }

    /**
     * A graph answers its first lookups by a binary search, then from the index it makes once they are
     * many: the first object at each address either way (duplicates and absent addresses among them),
     * as a walk back from {@link Arrays#binarySearch} finds it.
     */
    @Test
    void lookupsBySearchThenByIndexFindTheFirstObject() {
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart p = b.newPart();
        Random rnd = new Random(28);
        long[] a = new long[20_000];
        for (int i = 0; i < a.length; i++) {
            a[i] = 16L * rnd.nextInt(15_000) - 16L * 5_000; // repeats, and negative addresses
            p.addObject(a[i], (byte) 0, 0, 1);
        }
        b.keepGraphOrder(); // toGraphOrder after the build
        HeapGraph g = b.build();
        Arrays.sort(a);
        for (int k = 0; k < 3 * AddressIndex.SEARCHES_FIRST; k++) {
            long probe = 8L * rnd.nextInt(40_000) - 16L * 6_000;
            int at = Arrays.binarySearch(a, probe);
            while (at > 0 && a[at - 1] == probe) {
                at--;
            }
            assertThat(g.objectOf(probe)).as("lookup %d of %d", k, probe).isEqualTo(at < 0 ? -1 : at);
        }
    }

    @Test
    void sortedSinglePart() {
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart p = b.newPart();
        p.addObject(10, (byte) 1, 500, 40);
        p.addReference(20);
        p.addReference(30);
        p.addObject(20, (byte) 2, 500, 80);
        p.addObject(30, (byte) 3, 600, 120);
        p.addReference(10);
        p.addReference(10);
        p.addRoot("vm", 10);
        p.addRoot("machine context", 30);
        p.addRoot("vm", 20);
        b.keepGraphOrder(); // toGraphOrder after the build
        HeapGraph g = b.build();
        assertThat(g.objectCount()).isEqualTo(3);
        assertThat(g.address(1)).isEqualTo(20);
        assertThat(g.kind(2)).isEqualTo((byte) 3);
        assertThat(g.classAddress(2)).isEqualTo(600);
        assertThat(g.shallowSize(1)).isEqualTo(80);
        assertThat(g.totalShallowSize()).isEqualTo(240);
        assertThat(b.toGraphOrder(List.of(new IntColumn()))).isNull(); // a column never set costs nothing
        assertThat(g.referenceCount()).isEqualTo(4);
        assertThat(g.outDegree(0)).isEqualTo(2);
        assertThat(g.outDegree(1)).isZero();
        assertThat(targetAddresses(g, 0)).containsExactly(20L, 30L);
        assertThat(targetAddresses(g, 2)).containsExactly(10L, 10L); // duplicates kept
        assertThat(g.objectOf(30)).isEqualTo(2);
        assertThat(g.objectOf(25)).isEqualTo(-1);
        assertThat(g.objectOf(5)).isEqualTo(-1);
        assertThat(g.objectOf(99)).isEqualTo(-1);
        assertThat(g.rootCount()).isEqualTo(3);
        assertThat(g.rootTarget(1)).isEqualTo(2);
        assertThat(g.rootCategory(1)).isEqualTo("machine context");
        assertThat(g.rootCategory(2)).isEqualTo("vm");
        assertThat(g.rootCategories()).containsExactly("vm", "machine context");
        assertThat(g.danglingReferences()).isZero();
        assertThat(g.inDegree(0)).isEqualTo(2);
        assertThat(sources(g, 0)).containsExactly(2, 2);
        assertThat(sources(g, 1)).containsExactly(0);
    }

    @Test
    void unsortedPartsAreSortedWithTheirColumnsAndReferences() {
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart first = b.newPart();
        HeapGraphPart second = b.newPart();
        IntColumn firstSites = new IntColumn();
        IntColumn secondSites = new IntColumn();
        IntColumn firstGenerations = new IntColumn();
        second.addObject(-5, (byte) 4, 0, 4); // negative addresses sort first
        second.addReference(300);
        secondSites.set(second.lastObject(), 44);
        first.addObject(300, (byte) 1, 0, 1);
        first.addReference(100);
        first.addReference(200);
        firstGenerations.set(first.lastObject(), 7);
        first.addObject(100, (byte) 2, 0, 2);
        first.addReference(300);
        first.addObject(200, (byte) 3, 0, 3);
        firstSites.set(first.lastObject(), 9);
        first.addRoot("a", 200);
        second.addRoot("b", -5);
        b.keepGraphOrder(); // toGraphOrder after the build
        HeapGraph g = b.build();
        assertThat(addresses(g)).containsExactly(-5L, 100L, 200L, 300L);
        assertThat(g.kind(0)).isEqualTo((byte) 4);
        assertThat(g.shallowSize(3)).isEqualTo(1);
        assertThat(g.kind(2)).isEqualTo((byte) 3);
        NarrowInts site = b.toGraphOrder(List.of(firstSites, secondSites));
        NarrowInts generation = b.toGraphOrder(List.of(firstGenerations, new IntColumn()));
        assertThat(site.get(0)).isEqualTo(44);
        assertThat(site.get(2)).isEqualTo(9);
        assertThat(site.get(3)).isEqualTo(-1);
        assertThat(generation.get(3)).isEqualTo(7);
        assertThat(generation.get(0)).isEqualTo(-1);
        assertThat(targetAddresses(g, 3)).containsExactly(100L, 200L);
        assertThat(targetAddresses(g, 1)).containsExactly(300L);
        assertThat(targetAddresses(g, 0)).containsExactly(300L);
        assertThat(targetAddresses(g, 2)).isEmpty();
        assertThat(g.rootTarget(0)).isEqualTo(2);
        assertThat(g.rootCategory(0)).isEqualTo("a");
        assertThat(g.rootTarget(1)).isEqualTo(0);
        assertThat(g.rootCategory(1)).isEqualTo("b");
    }

    private static List<Long> addresses(HeapGraph g) {
        List<Long> r = new ArrayList<>();
        for (int o = 0; o < g.objectCount(); o++) {
            r.add(g.address(o));
        }
        return r;
    }

    @Test
    void danglingReferencesAndRootsAreCountedAndDropped() {
        for (boolean sorted : new boolean[] {true, false}) {
            HeapGraphBuilder b = new HeapGraphBuilder();
            HeapGraphPart p = b.newPart();
            p.addObject(sorted ? 1 : 3, (byte) 0, 0, 1);
            p.addReference(2);
            p.addReference(77);
            p.addReference(3);
            p.addObject(2, (byte) 0, 0, 1);
            p.addReference(78);
            p.addObject(sorted ? 3 : 1, (byte) 0, 0, 1);
            p.addReference(79);
            p.addReference(2);
            p.addRoot("x", 1);
            p.addRoot("x", 80);
            b.keepGraphOrder(); // toGraphOrder after the build
            HeapGraph g = b.build();
            assertThat(g.danglingReferences()).isEqualTo(3);
            assertThat(g.danglingRoots()).isEqualTo(1);
            assertThat(g.referenceCount()).isEqualTo(3);
            assertThat(g.rootCount()).isEqualTo(1);
            if (sorted) {
                assertThat(targetAddresses(g, 0)).containsExactly(2L, 3L);
                assertThat(targetAddresses(g, 1)).isEmpty();
                assertThat(targetAddresses(g, 2)).containsExactly(2L);
            } else {
                // the object at 3 came first in the file, the object at 1 last
                assertThat(targetAddresses(g, 0)).containsExactly(2L);
                assertThat(targetAddresses(g, 1)).isEmpty();
                assertThat(targetAddresses(g, 2)).containsExactly(2L, 3L);
            }
        }
    }

    @Test
    void manyPartsAcrossChunkAndPageBoundariesMatchOnePart() {
        Random rnd = new Random(42);
        int n = 70_000; // several 16K chunks per column
        long[] address = new long[n];
        for (int i = 0; i < n; i++) {
            address[i] = 0x1000L + 40L * i;
        }
        int[][] out = new int[n][];
        for (int i = 0; i < n; i++) {
            out[i] = new int[rnd.nextInt(4)];
            for (int k = 0; k < out[i].length; k++) {
                out[i][k] = rnd.nextInt(n);
            }
        }
        HeapGraph one = feed(new HeapGraphBuilder(), address, out, 1).graph();
        Fed fed = feed(new HeapGraphBuilder(5), address, out, 7); // 32-int pages
        HeapGraph many = fed.graph();
        HeapGraph searched = feed(new HeapGraphBuilder(IntPages.DEFAULT_SHIFT, 0), address, out, 2).graph(); // no hash table
        assertThat(many.objectCount()).isEqualTo(n);
        assertThat(many.referenceCount()).isEqualTo(one.referenceCount());
        for (int o = 0; o < n; o++) {
            assertThat(many.address(o)).isEqualTo(address[o]);
            assertThat(many.shallowSize(o)).isEqualTo(o % 100);
            assertThat(fed.sites().get(o)).isEqualTo(o % 3 == 0 ? o : -1);
            assertThat(many.outStart(o)).isEqualTo(one.outStart(o));
            assertThat(many.outDegree(o)).isEqualTo(out[o].length);
            for (int k = 0; k < out[o].length; k++) {
                assertThat(many.target(many.outStart(o) + k)).isEqualTo(out[o][k]);
                assertThat(searched.target(searched.outStart(o) + k)).isEqualTo(out[o][k]);
            }
        }
        assertInboundMatchesOutbound(many);
    }

    /** A graph and the site column its readers kept beside it. */
    private record Fed(HeapGraph graph, NarrowInts sites) {
    }

    private static Fed feed(HeapGraphBuilder b, long[] address, int[][] out, int parts) {
        int n = address.length;
        HeapGraphPart[] ps = new HeapGraphPart[parts];
        List<IntColumn> sites = new ArrayList<>();
        for (int i = 0; i < parts; i++) {
            ps[i] = b.newPart();
            sites.add(new IntColumn());
        }
        for (int o = 0; o < n; o++) {
            int k = (int) ((long) o * parts / n);
            HeapGraphPart p = ps[k];
            p.addObject(address[o], (byte) 0, 0, o % 100);
            if (o % 3 == 0) {
                sites.get(k).set(p.lastObject(), o);
            }
            for (int t : out[o]) {
                p.addReference(address[t]);
            }
        }
        b.keepGraphOrder(); // toGraphOrder after the build
        HeapGraph g = b.build();
        return new Fed(g, b.toGraphOrder(sites));
    }

    @Test
    void partsFilledFromThreadsKeepFileOrder() throws InterruptedException {
        HeapGraphBuilder b = new HeapGraphBuilder();
        int parts = 4;
        int per = 20_000;
        HeapGraphPart[] ps = new HeapGraphPart[parts];
        for (int i = 0; i < parts; i++) {
            ps[i] = b.newPart();
        }
        Thread[] threads = new Thread[parts];
        for (int t = 0; t < parts; t++) {
            int part = t;
            threads[t] = new Thread(() -> {
                for (int i = 0; i < per; i++) {
                    long a = 8L * (part * per + i);
                    ps[part].addObject(a, (byte) part, 0, 1);
                    ps[part].addReference((a + 8) % (8L * parts * per));
                    ps[part].addRoot(part % 2 == 0 ? "even" : "odd", a);
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        b.keepGraphOrder(); // toGraphOrder after the build
        HeapGraph g = b.build();
        assertThat(g.objectCount()).isEqualTo(parts * per);
        for (int o = 0; o < g.objectCount(); o++) {
            assertThat(g.address(o)).isEqualTo(8L * o);
            assertThat(g.kind(o)).isEqualTo((byte) (o / per));
            assertThat(g.target(g.outStart(o))).isEqualTo((o + 1) % g.objectCount());
            assertThat(g.rootTarget(o)).isEqualTo(o);
        }
        assertThat(g.rootCategories()).containsExactly("even", "odd");
        assertThat(g.rootCategory(per)).isEqualTo("odd");
    }

    @Test
    void inboundMatchesOutboundOnRandomGraphs() {
        for (long seed = 0; seed < 200; seed++) {
            DominatorsOracleTest.Case c = new DominatorsOracleTest.Case(seed);
            assertInboundMatchesOutbound(c.graph);
            for (int i = 0; i < c.n; i++) {
                assertThat(c.object[i]).as("seed %d", seed).isGreaterThanOrEqualTo(0);
            }
            for (int o = 1; o < c.graph.objectCount(); o++) {
                assertThat(c.graph.address(o)).as("seed %d", seed).isGreaterThan(c.graph.address(o - 1));
            }
        }
    }

    static void assertInboundMatchesOutbound(HeapGraph g) {
        int n = (int) g.objectCount();
        long[] in = new long[n];
        List<Long> outPairs = new ArrayList<>();
        for (int o = 0; o < n; o++) {
            for (long i = g.outStart(o); i < g.outEnd(o); i++) {
                outPairs.add(((long) o << 32) | g.target(i));
                in[(int) g.target(i)]++;
            }
        }
        List<Long> inPairs = new ArrayList<>();
        for (int o = 0; o < n; o++) {
            assertThat(g.inDegree(o)).isEqualTo(in[o]);
            int previous = -1;
            for (long i = g.inStart(o); i < g.inEnd(o); i++) {
                int s = (int) g.source(i);
                assertThat(s).isGreaterThanOrEqualTo(previous);
                previous = s;
                inPairs.add(((long) s << 32) | o);
            }
        }
        outPairs.sort(null);
        inPairs.sort(null);
        assertThat(inPairs).isEqualTo(outPairs);
    }

    @Test
    void duplicateAddressesResolveToTheFirst() {
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart p = b.newPart();
        p.addObject(50, (byte) 1, 0, 1);
        p.addObject(10, (byte) 2, 0, 1);
        p.addReference(50);
        p.addObject(50, (byte) 3, 0, 1);
        b.keepGraphOrder(); // toGraphOrder after the build
        HeapGraph g = b.build();
        assertThat(g.duplicateAddresses()).isEqualTo(1);
        assertThat(g.objectOf(50)).isEqualTo(1);
        assertThat(g.kind(1)).isEqualTo((byte) 1); // stable: file order among equals
        assertThat(g.target(g.outStart(0))).isEqualTo(1);
    }

    @Test
    void misuseIsRejected() {
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart p = b.newPart();
        assertThatThrownBy(() -> p.addReference(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(p::lastObject).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> p.setPosition(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> b.toGraphOrder(List.of(new IntColumn()))).isInstanceOf(IllegalStateException.class);
        b.keepGraphOrder();
        b.build();
        assertThatThrownBy(() -> b.toGraphOrder(List.of())).isInstanceOf(IllegalArgumentException.class);
        b.releaseGraphOrder();
        assertThatThrownBy(() -> b.toGraphOrder(List.of(new IntColumn()))).isInstanceOf(IllegalStateException.class)
                .hasMessage("graph order released");
        assertThatThrownBy(b::build).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(b::newPart).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void addressSortIsStableAndSigned() {
        Random rnd = new Random(7);
        for (int trial = 0; trial < 120; trial++) {
            int n = rnd.nextInt(3000);
            long[] keys = new long[n];
            for (int i = 0; i < n; i++) {
                keys[i] = switch (trial % 4) {
                    case 0 -> rnd.nextLong();
                    case 1 -> 0x7f12_0000_0000L + 40L * rnd.nextInt(500); // clustered, with repeats
                    case 2 -> rnd.nextInt(20) - 10;
                    // aligned, spans of every width: digits of every size and count
                    default -> (rnd.nextLong() >> (trial % 64)) << (trial % 5);
                };
            }
            long[] original = keys.clone();
            long[] expected = keys.clone();
            Arrays.sort(expected);
            int[] perm = AddressSort.sort(keys);
            assertThat(keys).as("trial %d", trial).isEqualTo(expected);
            for (int i = 0; i < n; i++) {
                assertThat(original[perm[i]]).isEqualTo(keys[i]);
                if (i > 0 && keys[i] == keys[i - 1]) {
                    assertThat(perm[i]).isGreaterThan(perm[i - 1]);
                }
            }
        }
    }

    @Test
    void addressIndexAndTableFindEveryAddressAndNothingElse() {
        Random rnd = new Random(11);
        for (int trial = 0; trial < 30; trial++) {
            int n = 1 + rnd.nextInt(5000);
            long[] a = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = switch (trial % 6) {
                    case 0 -> rnd.nextLong();
                    // two far clusters, like two heap regions
                    case 1 -> (rnd.nextBoolean() ? 0x1000L : 0x7fff_0000_0000L) + 40L * rnd.nextInt(100_000);
                    case 2 -> Long.MIN_VALUE + rnd.nextInt(3) + (rnd.nextBoolean() ? 0 : Long.MAX_VALUE);
                    // one region of 40-byte slots, as a Ruby heap: the packed table takes these
                    case 3 -> 0x7f00_0000_0000L + 40L * rnd.nextInt(100_000);
                    // the widest span the packed table takes, across zero, with 8-byte alignment
                    case 4 -> -8L * rnd.nextInt(1 << 30) + 8L * rnd.nextInt(1 << 30) + (rnd.nextBoolean() ? 0 : 8L * 0x7fff_ffffL);
                    // unaligned, few and repeated
                    default -> 1 + rnd.nextInt(50);
                };
            }
            Arrays.sort(a);
            AddressIndex index = new AddressIndex(a);
            AddressTable wide = new AddressTable(a);
            PackedAddressTable packed = PackedAddressTable.of(a);
            assertThat(packed != null).as("trial %d packed", trial).isEqualTo(trial % 6 >= 3);
            AddressLookup table = trial % 2 == 0 || packed == null ? wide : packed;
            if (packed != null) {
                long[] probes = new long[2000];
                for (int k = 0; k < probes.length; k++) {
                    probes[k] = a[rnd.nextInt(n)] + rnd.nextInt(17) - 8;
                    assertThat(packed.find(probes[k])).as("trial %d probe %d", trial, probes[k]).isEqualTo(wide.find(probes[k]));
                }
                int count = rnd.nextInt(probes.length);
                long[] found = new long[probes.length];
                packed.findAll(probes, count, found);
                for (int k = 0; k < count; k++) {
                    assertThat(found[k]).as("trial %d findAll %d", trial, k).isEqualTo(wide.find(probes[k]));
                }
            }
            for (int i = 0; i < n; i++) {
                int found = (int) index.find(a[i]);
                assertThat(found).isBetween(0, i);
                assertThat(a[found]).isEqualTo(a[i]);
                assertThat(found == 0 || a[found - 1] != a[i]).isTrue();
                assertThat(table.find(a[i])).isEqualTo(found);
                assertThat(AddressIndex.search(a, a[i])).isEqualTo(found);
            }
            for (int k = 0; k < 2000; k++) {
                long probe = rnd.nextBoolean() ? rnd.nextLong() : a[rnd.nextInt(n)] + 1;
                int expected = Arrays.binarySearch(a, probe) >= 0 ? 1 : -1;
                assertThat(index.find(probe) >= 0 ? 1 : -1).as("trial %d probe %d", trial, probe).isEqualTo(expected);
                assertThat(table.find(probe) >= 0 ? 1 : -1).as("trial %d probe %d", trial, probe).isEqualTo(expected);
                assertThat(AddressIndex.search(a, probe)).as("trial %d search %d", trial, probe).isEqualTo(index.find(probe));
            }
        }
        assertThat(new AddressIndex(new long[0]).find(0)).isEqualTo(-1);
        assertThat(new AddressTable(new long[0]).find(0)).isEqualTo(-1);
        assertThat(PackedAddressTable.of(new long[0])).isNull();
    }

    @Test
    void intPagesSpanPages() {
        IntPages p = new IntPages(100, 3);
        assertThat(p.pages.length).isEqualTo(13);
        assertThat(p.pages[12].length).isEqualTo(4);
        for (int i = 0; i < 100; i++) {
            p.set(i, i * 7);
        }
        for (int i = 0; i < 100; i++) {
            assertThat(p.get(i)).isEqualTo(i * 7);
        }
        assertThat(new IntPages(0, 30).length()).isZero();
    }
}
