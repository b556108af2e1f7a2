package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.RetainedSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The running JVM as oracle for retained sizes: builds an object graph whose retention is known by
 * construction, dumps its own heap and checks the dominators heaplens computes from the dump.
 *
 * <p>{@link CacheRoot#CACHE} holds a {@link Holder} owning an {@code Entry[N]}; each {@link Entry}
 * owns a fresh {@code byte[100]} and a fresh chain of three {@link Node}s. Both holders (the second
 * one in {@link OtherRoot#OTHER}, with one entry of its own) point at the same {@link Shared}, which
 * therefore neither retains alone. Nothing else refers to any of these objects, and no local
 * variable does while the heap is dumped (a stack frame would be a GC root of its own).
 */
class HprofKnownRetentionTest {
    private static final int N = 500;
    private static final int CHAIN = 3;
    private static final int PAYLOAD = 100;
    private static final int OTHER_ENTRIES = 1;

    /** 12 header + reference + int = 20, aligned to 24. */
    static final class Node {
        final Node next;
        final int value;

        Node(Node next, int value) {
            this.next = next;
            this.value = value;
        }
    }

    /** 12 header + 2 references = 20, aligned to 24. */
    static final class Entry {
        final byte[] payload;
        final Node chain;

        Entry(byte[] payload, Node chain) {
            this.payload = payload;
            this.chain = chain;
        }
    }

    /** 12 header + 2 references = 20, aligned to 24. */
    static final class Holder {
        final Entry[] entries;
        final Shared shared;

        Holder(Entry[] entries, Shared shared) {
            this.entries = entries;
            this.shared = shared;
        }
    }

    /** Same shape as {@link Holder}, a class of its own so that the two are told apart by class. */
    static final class OtherHolder {
        final Entry[] entries;
        final Shared shared;

        OtherHolder(Entry[] entries, Shared shared) {
            this.entries = entries;
            this.shared = shared;
        }
    }

    /** 12 header + 2 references = 20, aligned to 24; owns a byte[1000] and a chain of three nodes. */
    static final class Shared {
        final byte[] blob;
        final Node chain;

        Shared(byte[] blob, Node chain) {
            this.blob = blob;
            this.chain = chain;
        }
    }

    static final class CacheRoot {
        static Holder CACHE;
    }

    static final class OtherRoot {
        static OtherHolder OTHER;
    }

    @TempDir
    static Path dir;
    static HprofGraphReader.Result result;
    static Dominators dominators;

    @BeforeAll
    static void dumpOwnHeap() throws Exception {
        build();
        Path dump = dir.resolve("known.hprof");
        SelfDump.write(dump);
        result = HprofGraphReader.read(HprofSource.of(dump));
        dominators = Dominators.compute(result.graph());
    }

    /** In a method of its own: its locals are gone before the dump. */
    private static void build() {
        Shared shared = new Shared(new byte[1000], chain());
        CacheRoot.CACHE = new Holder(entries(N), shared);
        OtherRoot.OTHER = new OtherHolder(entries(OTHER_ENTRIES), shared);
    }

    private static Entry[] entries(int n) {
        Entry[] entries = new Entry[n];
        for (int i = 0; i < n; i++) {
            entries[i] = new Entry(new byte[PAYLOAD], chain());
        }
        return entries;
    }

    private static Node chain() {
        Node head = null;
        for (int i = 0; i < CHAIN; i++) {
            head = new Node(head, i);
        }
        return head;
    }

    @AfterAll
    static void release() {
        CacheRoot.CACHE = null;
        OtherRoot.OTHER = null;
        result = null;
        dominators = null;
    }

    private static String className(long o) {
        return result.classes().name(result.graph().classAddress(o));
    }

    /** The only instance of {@code type} in the dump. */
    private static int only(Class<?> type) {
        HeapGraph g = result.graph();
        List<Integer> found = new ArrayList<>();
        for (int o = 0; o < g.objectCount(); o++) {
            if (HprofObjectKind.of(g.kind(o)) == HprofObjectKind.INSTANCE && type.getName().equals(className(o))) {
                found.add(o);
            }
        }
        assertThat(found).as("instances of %s", type.getName()).hasSize(1);
        return found.get(0);
    }

    /** The objects {@code o} references whose class is {@code className}. */
    private static List<Integer> referenced(long o, String className) {
        HeapGraph g = result.graph();
        List<Integer> out = new ArrayList<>();
        for (long i = g.outStart(o); i < g.outEnd(o); i++) {
            if (className.equals(className(g.target(i)))) {
                out.add((int) g.target(i));
            }
        }
        return out;
    }

    /** The one object {@code o} references of class {@code className}. */
    private static int single(long o, String className) {
        List<Integer> found = referenced(o, className);
        assertThat(found).as("%s referenced by %s", className, className(o)).hasSize(1);
        return found.get(0);
    }

    /** A node chain of exactly {@code CHAIN} nodes from {@code head}, added to {@code into}. */
    private static void addChain(int head, BitSet into) {
        int node = head;
        for (int i = 0; i < CHAIN; i++) {
            assertThat(className(node)).isEqualTo(Node.class.getName());
            into.set(node);
            List<Integer> next = referenced(node, Node.class.getName());
            if (i < CHAIN - 1) {
                assertThat(next).hasSize(1);
                node = next.get(0);
            } else {
                assertThat(next).as("end of the chain").isEmpty();
            }
        }
    }

    /**
     * What a holder owns, found by following the references of the dump from it: the holder, its
     * Entry[], every Entry, its byte[] and its nodes (not the Shared object).
     */
    private static BitSet owned(int holder, int entries) {
        HeapGraph g = result.graph();
        BitSet owned = new BitSet();
        owned.set(holder);
        int array = single(holder, Entry.class.getName() + "[]");
        owned.set(array);
        assertThat(g.outDegree(array)).isEqualTo(entries + 1); // the entries, then the array's class
        for (long i = g.outStart(array); i < g.outEnd(array) - 1; i++) {
            long entry = g.target(i);
            assertThat(className(entry)).isEqualTo(Entry.class.getName());
            owned.set((int) entry);
            owned.set(single(entry, "byte[]"));
            addChain(single(entry, Node.class.getName()), owned);
        }
        assertThat(owned.cardinality()).isEqualTo(2 + entries * (2 + CHAIN));
        return owned;
    }

    /** The objects {@code o} dominates, itself included, found by walking every object's dominator chain. */
    private static BitSet dominatedBy(int o) {
        BitSet set = new BitSet();
        for (int y = 0; y < result.graph().objectCount(); y++) {
            for (long d = y; d >= 0; d = dominators.immediateDominator(d)) {
                if (d == o) {
                    set.set(y);
                    break;
                }
            }
        }
        return set;
    }

    private static long shallow(BitSet objects) {
        long sum = 0;
        for (int o = objects.nextSetBit(0); o >= 0; o = objects.nextSetBit(o + 1)) {
            sum += result.graph().shallowSize(o);
        }
        return sum;
    }

    @Test
    void holderRetainsExactlyWhatItOwns() {
        int holder = only(Holder.class);
        BitSet owned = owned(holder, N);
        assertThat(dominators.retainedCount(holder)).as("retained count").isEqualTo(1 + 1 + N * (1 + 1 + CHAIN));
        assertThat(dominatedBy(holder)).as("dominated objects").isEqualTo(owned);
        assertThat(dominators.retainedSize(holder)).as("retained size").isEqualTo(shallow(owned));
    }

    @Test
    void otherHolderRetainsExactlyWhatItOwns() {
        int other = only(OtherHolder.class);
        BitSet owned = owned(other, OTHER_ENTRIES);
        assertThat(dominators.retainedCount(other)).as("retained count").isEqualTo(1 + 1 + OTHER_ENTRIES * (1 + 1 + CHAIN));
        assertThat(dominatedBy(other)).as("dominated objects").isEqualTo(owned);
        assertThat(dominators.retainedSize(other)).as("retained size").isEqualTo(shallow(owned));
    }

    @Test
    void sizesFromFirstPrinciples() throws Exception {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        Assumptions.assumeTrue("true".equals(vm.getVMOption("UseCompressedOops").getValue())
                && "true".equals(vm.getVMOption("UseCompressedClassPointers").getValue()),
                "object sizes below assume compressed oops and class pointers");
        assertThat(result.layout()).isEqualTo(HprofLayout.COMPRESSED_64);
        long instance = 24; // 12 header + two 4-byte fields, aligned to 8
        long payload = 120; // byte[100]: 16 header + 100 = 116, aligned to 8
        long array = 16 + 4L * N; // Entry[N]: 16 header + 4 per element (already aligned for N = 500)
        long entry = instance + payload + CHAIN * instance;
        assertThat(dominators.retainedSize(only(Holder.class))).isEqualTo(instance + array + N * entry);
        assertThat(dominators.retainedSize(only(Holder.class))).isEqualTo(110_040);
        // Entry[1]: 16 + 4 = 20, aligned to 24
        assertThat(dominators.retainedSize(only(OtherHolder.class))).isEqualTo(instance + 24 + OTHER_ENTRIES * entry);
        // Shared owns a byte[1000] (16 + 1000 = 1016) and three nodes
        assertThat(dominators.retainedSize(only(Shared.class))).isEqualTo(instance + 1016 + CHAIN * instance);
    }

    @Test
    void sharedStructureIsRetainedByNeitherHolderAlone() {
        HeapGraph g = result.graph();
        int holder = only(Holder.class);
        int other = only(OtherHolder.class);
        int shared = only(Shared.class);
        assertThat(single(holder, Shared.class.getName())).isEqualTo(shared);
        assertThat(single(other, Shared.class.getName())).isEqualTo(shared);
        assertThat(g.inDegree(shared)).as("referrers of the Shared object").isEqualTo(2);

        BitSet sharedOwns = new BitSet();
        sharedOwns.set(shared);
        sharedOwns.set(single(shared, "byte[]"));
        addChain(single(shared, Node.class.getName()), sharedOwns);
        assertThat(dominators.retainedCount(shared)).isEqualTo(2 + CHAIN);
        assertThat(dominatedBy(shared)).isEqualTo(sharedOwns);
        assertThat(dominators.retainedSize(shared)).isEqualTo(shallow(sharedOwns));

        assertThat(dominatedBy(holder).intersects(sharedOwns)).isFalse();
        assertThat(dominatedBy(other).intersects(sharedOwns)).isFalse();
        long idom = dominators.immediateDominator(shared);
        assertThat(idom).isNotIn((long) holder, (long) other);

        // Together the two holders free the Shared object too; apart, neither does.
        BitSet both = new BitSet();
        both.set(holder);
        both.set(other);
        long ownedCount = dominators.retainedCount(holder) + dominators.retainedCount(other);
        long ownedBytes = dominators.retainedSize(holder) + dominators.retainedSize(other);
        assertThat(RetainedSet.minimum(dominators, both)).isEqualTo(new RetainedSet(ownedCount, ownedBytes));
        assertThat(RetainedSet.precise(dominators, both)).isEqualTo(new RetainedSet(
                ownedCount + dominators.retainedCount(shared), ownedBytes + dominators.retainedSize(shared)));
    }
}
