package dev.heaplens.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.io.DumpInput;
import dev.heaplens.oracle.BruteForceRetention;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.ReadListener;
import dev.heaplens.runtime.ReadOptions;
import dev.heaplens.testheap.TestHeap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * A small heap with known answers, written as either runtime's dump, and helpers to serve it.
 *
 * <pre>
 * root -> holder(Holder) -r0-> n1(Node) -r0-> leafA(Leaf)
 *                               n1 -r1-> shared(Leaf)
 *         holder -r1-> n2(Node) -r0-> shared
 *                      n2 -r1-> leafB(Leaf)
 *         holder -r2-> big(Blob)          orphan(Leaf): reached by no root
 * </pre>
 */
final class WebFixtures {
    static final ObjectMapper JSON = new ObjectMapper();

    enum Kind { RUBY, HPROF }

    final TestHeap heap = new TestHeap();
    final long holder;
    final long n1;
    final long n2;
    final long leafA;
    final long leafB;
    final long shared;
    final long big;
    final long orphan;

    WebFixtures(String leafName) {
        TestHeap.Cls holderCls = heap.cls("Holder", 3, 0);
        TestHeap.Cls node = heap.cls("Node", 2, 1);
        TestHeap.Cls leaf = heap.cls(leafName, 0, 2);
        TestHeap.Cls blob = heap.cls("Blob", 0, 40);
        holder = heap.object(holderCls);
        n1 = heap.object(node);
        n2 = heap.object(node);
        leafA = heap.object(leaf);
        leafB = heap.object(leaf);
        shared = heap.object(leaf);
        big = heap.object(blob);
        orphan = heap.object(leaf);
        heap.refs(holder, n1, n2, big).refs(n1, leafA, shared).refs(n2, shared, leafB).root(holder);
    }

    WebFixtures() {
        this("Leaf");
    }

    Path write(Path dir, Kind kind) {
        return kind == Kind.RUBY ? heap.writeRuby(dir.resolve("heap.json")) : heap.writeHprof(dir.resolve("heap.hprof"));
    }

    static Workspace workspace(List<Path> dumps, List<String> gc) {
        List<Workspace.Source> sources = new ArrayList<>();
        for (Path p : dumps) {
            DumpInput input = DumpInput.open(p.toString(), System.in);
            sources.add(new Workspace.Source(input, HeapRuntime.of(input, new ReadOptions(false, 1, null), ReadListener.QUIET)));
        }
        return Workspace.load(sources, gc);
    }

    static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode ask(Api api, String view, String... nameValues) {
        Map<String, String> params = new java.util.TreeMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            params.put(nameValues[i], nameValues[i + 1]);
        }
        return parse(api.answer(view, params));
    }

    static String hex(long address) {
        return "0x" + Long.toHexString(address);
    }

    /** The brute-force oracle over the instances (class objects are roots of their own and retain none of them). */
    final class Oracle {
        final List<Long> addresses = heap.addresses();
        final BruteForceRetention retention;

        Oracle() {
            int n = addresses.size();
            int[][] out = new int[n][];
            for (int i = 0; i < n; i++) {
                out[i] = java.util.Arrays.stream(heap.references(addresses.get(i))).mapToInt(a -> addresses.indexOf(a)).toArray();
            }
            int[] roots = heap.roots().stream().mapToInt(addresses::indexOf).toArray();
            retention = new BruteForceRetention(out, roots);
        }

        long retained(long address) {
            BitSet set = retention.retains(addresses.indexOf(address));
            long bytes = 0;
            for (int y = set.nextSetBit(0); y >= 0; y = set.nextSetBit(y + 1)) {
                bytes += heap.size(addresses.get(y));
            }
            return bytes;
        }

        /** The immediate dominator's address, or -1 for the roots' own objects. */
        long immediateDominator(long address) {
            int d = retention.immediateDominator(addresses.indexOf(address));
            return d < 0 ? -1 : addresses.get(d);
        }
    }
}
