package dev.heaplens.cli;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.oracle.BruteForceRetention;
import dev.heaplens.testheap.TestHeap;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * top, retained, paths and object on seeded random heaps written once as a Ruby dump and once as
 * an HPROF dump: both runtimes must give the brute-force answer ({@link BruteForceRetention}). A
 * failure names the seed and the runtime.
 */
class BothRuntimesRetentionTest {
    private static final int SEEDS = 12;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A random heap: 3 classes, 10 to 40 objects, random references (cycles, shared objects), 1 to 3 roots. */
    private static TestHeap randomHeap(long seed) {
        Random rnd = new Random(seed);
        TestHeap h = new TestHeap();
        List<TestHeap.Cls> classes = List.of(h.cls("Node", 3, 1), h.cls("Pair", 2, 4), h.cls("Leaf", 0, 1 + rnd.nextInt(6)));
        int n = 10 + rnd.nextInt(31);
        long[] objects = new long[n];
        for (int i = 0; i < n; i++) {
            objects[i] = h.object(classes.get(rnd.nextInt(classes.size())));
        }
        for (long o : objects) {
            int fields = h.classOf(o).referenceFields();
            long[] targets = new long[rnd.nextInt(fields + 1)];
            for (int k = 0; k < targets.length; k++) {
                targets[k] = objects[rnd.nextInt(n)];
            }
            h.refs(o, targets);
        }
        int roots = 1 + rnd.nextInt(3);
        for (int r = 0; r < roots; r++) {
            h.root(objects[rnd.nextInt(n)]);
        }
        return h;
    }

    /** The heap's instances as oracle nodes. */
    private record Model(List<Long> addresses, BruteForceRetention oracle, long[] size, int[][] out) {
        static Model of(TestHeap h) {
            List<Long> addresses = h.addresses();
            Map<Long, Integer> node = new HashMap<>();
            for (int i = 0; i < addresses.size(); i++) {
                node.put(addresses.get(i), i);
            }
            int[][] out = new int[addresses.size()][];
            long[] size = new long[addresses.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = java.util.Arrays.stream(h.references(addresses.get(i))).mapToInt(a -> node.get(a)).toArray();
                size[i] = h.size(addresses.get(i));
            }
            int[] roots = h.roots().stream().mapToInt(node::get).toArray();
            return new Model(addresses, new BruteForceRetention(out, roots), size, out);
        }

        int node(String address) {
            return addresses.indexOf(Long.parseUnsignedLong(address.substring(2), 16));
        }

        /** Shortest distance from a root, in references; -1 when unreachable. */
        int depth(int target, List<Long> roots) {
            int[] depth = new int[out.length];
            java.util.Arrays.fill(depth, -1);
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            for (long r : roots) {
                int v = addresses.indexOf(r);
                if (depth[v] < 0) {
                    depth[v] = 0;
                    queue.add(v);
                }
            }
            while (!queue.isEmpty()) {
                int v = queue.poll();
                for (int t : out[v]) {
                    if (depth[t] < 0) {
                        depth[t] = depth[v] + 1;
                        queue.add(t);
                    }
                }
            }
            return depth[target];
        }
    }

    private enum Runtime {
        RUBY, HPROF
    }

    private Path write(TestHeap h, Runtime runtime, long seed) {
        return runtime == Runtime.RUBY ? h.writeRuby(dir.resolve(seed + ".json")) : h.writeHprof(dir.resolve(seed + ".hprof"));
    }

    private static JsonNode json(String... args) throws IOException {
        CliTestSupport.Result r = run(args);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return JSON.readTree(r.out());
    }

    @Test
    void bothRuntimesGiveTheBruteForceAnswer() throws IOException {
        for (long seed = 0; seed < SEEDS; seed++) {
            TestHeap h = randomHeap(seed);
            Model m = Model.of(h);
            for (Runtime runtime : Runtime.values()) {
                String at = "seed " + seed + ", " + runtime;
                String dump = write(h, runtime, seed).toString();
                checkTop(m, json("top", dump, "--top", "1000", "--format", "json"), at);
                checkRetainedByClass(h, m, json("retained", dump, "--by", "class", "--format", "json"), at);
                for (int y = 0; y < m.addresses().size(); y += 3) {
                    String address = "0x" + Long.toHexString(m.addresses().get(y));
                    checkPaths(h, m, y, json("paths", dump, address, "--format", "json"), at + ", paths to " + address);
                    if (m.oracle().isReachable(y)) {
                        checkObject(m, y, json("object", dump, address, "--format", "json"), at + ", object " + address);
                    }
                }
            }
        }
    }

    /**
     * leaks A B C: objects of C that B has and A has not. C is a random heap; each of its objects
     * is, at random, in A and B (old), in B only (leaked) or in neither (allocated after B).
     */
    @Test
    void leaksAreWhatBAddedToAAndCStillHas() throws IOException {
        int leakedInAll = 0;
        for (long seed = 100; seed < 100 + SEEDS / 2; seed++) {
            TestHeap c = randomHeap(seed);
            Random rnd = new Random(seed);
            java.util.Set<Long> notInA = new java.util.HashSet<>();
            java.util.Set<Long> notInB = new java.util.HashSet<>();
            for (long o : c.addresses()) {
                int r = rnd.nextInt(3);
                if (r == 0) {
                    notInA.add(o);
                    notInB.add(o); // allocated after B
                } else if (r == 1) {
                    notInA.add(o); // allocated between A and B: leaked when C still has it
                }
            }
            Model m = Model.of(c);
            BitSet leaked = new BitSet();
            Map<String, BitSet> byClass = new HashMap<>();
            for (int y = 0; y < m.addresses().size(); y++) {
                long o = m.addresses().get(y);
                if (notInA.contains(o) && !notInB.contains(o)) {
                    leaked.set(y);
                    byClass.computeIfAbsent(c.classOf(o).name(), k -> new BitSet()).set(y);
                }
            }
            leakedInAll += leaked.cardinality();
            for (Runtime runtime : Runtime.values()) {
                String at = "seed " + seed + ", " + runtime;
                String a = write(c.without(notInA), runtime, seed * 10 + 1).toString();
                String b = write(c.without(notInB), runtime, seed * 10 + 2).toString();
                String cPath = write(c, runtime, seed * 10 + 3).toString();
                JsonNode leaks = json("leaks", a, b, cPath, "--by", "class", "--top", "10", "--format", "json");
                assertThat(leaks.get("count").asLong()).as(at).isEqualTo(leaked.cardinality());
                assertThat(leaks.get("bytes").asLong()).as(at).isEqualTo(BruteForceRetention.bytes(leaked, m.size()));
                assertThat(leaks.get("groups").asInt()).as(at).isEqualTo(byClass.size());
                for (JsonNode row : leaks.get("rows")) {
                    BitSet members = byClass.get(row.get("key").asText());
                    assertThat(members).as("%s: group %s", at, row.get("key")).isNotNull();
                    assertThat(row.get("count").asLong()).as(at).isEqualTo(members.cardinality());
                    assertThat(row.get("bytes").asLong()).as(at).isEqualTo(BruteForceRetention.bytes(members, m.size()));
                    assertThat(row.get("retainedBytes").asLong()).as("%s: retained by %s", at, row.get("key"))
                            .isEqualTo(BruteForceRetention.bytes(m.oracle().precise(members), m.size()));
                }
            }
        }
        assertThat(leakedInAll).as("the seeds leak something").isGreaterThan(10);
    }

    private static void checkTop(Model m, JsonNode top, String at) {
        int reachable = 0;
        long reachableBytes = 0;
        for (int y = 0; y < m.addresses().size(); y++) {
            if (m.oracle().isReachable(y)) {
                reachable++;
                reachableBytes += m.size()[y];
            }
        }
        int classes = 5; // Object, Class and the 3 classes: rooted, 16 bytes each
        JsonNode reach = top.get("reachability");
        assertThat(reach.get("reachableObjects").asLong()).as(at).isEqualTo(reachable + classes);
        assertThat(reach.get("reachableBytes").asLong()).as(at).isEqualTo(reachableBytes + classes * TestHeap.CLASS_SIZE);
        assertThat(reach.get("unreachableObjects").asLong()).as(at).isEqualTo(m.addresses().size() - reachable);
        int instances = 0;
        for (JsonNode row : top.get("objects")) {
            int y = m.node(row.get("address").asText());
            if (y < 0) {
                assertThat(row.get("retainedSize").asLong()).as("%s: a class retains itself only", at).isEqualTo(TestHeap.CLASS_SIZE);
                continue;
            }
            instances++;
            BitSet retains = m.oracle().retains(y);
            assertThat(row.get("shallowSize").asLong()).as(at).isEqualTo(m.size()[y]);
            assertThat(row.get("retainedSize").asLong()).as("%s: retained by %s", at, row.get("address"))
                    .isEqualTo(BruteForceRetention.bytes(retains, m.size()));
            assertThat(row.get("retainedCount").asLong()).as("%s: retained count of %s", at, row.get("address"))
                    .isEqualTo(retains.cardinality());
        }
        assertThat(instances).as("%s: every reachable instance listed", at).isEqualTo(reachable);
    }

    private static void checkRetainedByClass(TestHeap h, Model m, JsonNode retained, String at) {
        Map<String, JsonNode> rows = new HashMap<>();
        retained.get("rows").forEach(r -> rows.put(r.get("key").asText(), r));
        for (String name : List.of("Node", "Pair", "Leaf")) {
            BitSet members = new BitSet();
            long shallow = 0;
            for (int y = 0; y < m.addresses().size(); y++) {
                if (h.classOf(m.addresses().get(y)).name().equals(name)) {
                    members.set(y);
                    shallow += m.size()[y];
                }
            }
            JsonNode row = rows.get(name);
            if (members.isEmpty()) {
                assertThat(row).as(at).isNull();
                continue;
            }
            BitSet freed = m.oracle().precise(members);
            assertThat(row.get("count").asLong()).as("%s: %s count", at, name).isEqualTo(members.cardinality());
            assertThat(row.get("bytes").asLong()).as("%s: %s shallow", at, name).isEqualTo(shallow);
            assertThat(row.get("retainedBytes").asLong()).as("%s: %s retained", at, name)
                    .isEqualTo(BruteForceRetention.bytes(freed, m.size()));
            assertThat(row.get("retainedCount").asLong()).as("%s: %s retained count", at, name).isEqualTo(freed.cardinality());
        }
    }

    private static void checkPaths(TestHeap h, Model m, int y, JsonNode paths, String at) {
        int depth = m.depth(y, h.roots());
        assertThat(paths.get("reachable").asBoolean()).as(at).isEqualTo(depth >= 0);
        if (depth < 0) {
            assertThat(paths.get("paths")).as(at).isEmpty();
            return;
        }
        assertThat(paths.get("paths")).as(at).isNotEmpty();
        for (JsonNode path : paths.get("paths")) {
            JsonNode steps = path.get("steps");
            assertThat(steps.size()).as("%s: a shortest path", at).isEqualTo(depth + 1);
            int first = m.node(steps.get(0).get("address").asText());
            assertThat(h.roots()).as("%s: starts at a root", at).contains(m.addresses().get(first));
            for (int i = 0; i + 1 < steps.size(); i++) {
                int from = m.node(steps.get(i).get("address").asText());
                int to = m.node(steps.get(i + 1).get("address").asText());
                assertThat(m.out()[from]).as("%s: step %d is a reference", at, i).contains(to);
            }
            assertThat(m.node(steps.get(steps.size() - 1).get("address").asText())).as(at).isEqualTo(y);
        }
    }

    private static void checkObject(Model m, int y, JsonNode object, String at) {
        BitSet retains = m.oracle().retains(y);
        assertThat(object.get("shallowSize").asLong()).as(at).isEqualTo(m.size()[y]);
        assertThat(object.get("retainedSize").asLong()).as(at).isEqualTo(BruteForceRetention.bytes(retains, m.size()));
        assertThat(object.get("retainedCount").asLong()).as(at).isEqualTo(retains.cardinality());
    }
}
