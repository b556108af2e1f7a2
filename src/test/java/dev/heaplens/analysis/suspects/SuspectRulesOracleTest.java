package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.oracle.BruteForceRetention;
import dev.heaplens.testheap.TestHeap;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MAT's suspect rules (single and group suspects, the accumulation point of each) on seeded random
 * heaps written once as a Ruby dump and once as an HPROF dump, against a brute-force answer:
 * dominators from {@link BruteForceRetention} (retained sets by removing each object), shortest
 * paths from a plain breadth-first search, and the rules applied to them directly. A failure
 * names the seed, the threshold and the runtime.
 */
class SuspectRulesOracleTest {
    private static final int SEEDS = 40;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /**
     * A random heap shaped to have suspects: some chains and fans under a few roots, so that one
     * object or many of one class hold most of it, with random extra references (cycles, sharing).
     */
    private static TestHeap randomHeap(Random rnd, List<TestHeap.Cls> classes) {
        TestHeap h = new TestHeap();
        classes.addAll(List.of(h.cls("Node", 3, 1 + rnd.nextInt(8)), h.cls("Pair", 2, 4),
                h.cls("Leaf", 0, 1 + rnd.nextInt(30))));
        int n = 10 + rnd.nextInt(31);
        long[] objects = new long[n];
        for (int i = 0; i < n; i++) {
            objects[i] = h.object(classes.get(rnd.nextInt(classes.size())));
        }
        for (int i = 0; i < n; i++) {
            int fields = h.classOf(objects[i]).referenceFields();
            long[] targets = new long[rnd.nextInt(fields + 1)];
            for (int k = 0; k < targets.length; k++) {
                // mostly forward references (trees and chains), sometimes anywhere (sharing, cycles)
                targets[k] = rnd.nextInt(4) == 0 || i == n - 1 ? objects[rnd.nextInt(n)] : objects[i + 1 + rnd.nextInt(n - i - 1)];
            }
            h.refs(objects[i], targets);
        }
        if (rnd.nextBoolean()) {
            sharedLeaves(h, classes.get(0), classes.get(1), classes.get(2), 6 + rnd.nextInt(15));
        }
        int roots = 1 + rnd.nextInt(6);
        for (int r = 0; r < roots; r++) {
            h.root(objects[rnd.nextInt(n)]);
        }
        return h;
    }

    /**
     * Leaf objects held twice, so that they are top objects of one class (a group suspect): by a
     * Node whose three lists (Pair: element, next) share them out, and by a longer list under a
     * second root. Their shortest paths all pass through the Node, then split three ways: the
     * Node is where they accumulate, unless a random reference or root shortens some paths.
     */
    private static void sharedLeaves(TestHeap h, TestHeap.Cls node, TestHeap.Cls pair, TestHeap.Cls leaf, int count) {
        long[] leaves = new long[count];
        for (int i = 0; i < count; i++) {
            leaves[i] = h.object(leaf);
        }
        long[] heads = new long[3];
        for (int part = 0; part < 3; part++) {
            heads[part] = list(h, pair, leaves, part * count / 3, (part + 1) * count / 3, 0);
        }
        long holder = h.object(node);
        h.refs(holder, heads);
        h.root(holder);
        h.root(list(h, pair, leaves, 0, count, count)); // padded: longer than any path through the Node
    }

    /** A list of {@code leaves[from, to)} after {@code padding} empty nodes; its head. */
    private static long list(TestHeap h, TestHeap.Cls pair, long[] leaves, int from, int to, int padding) {
        long next = 0;
        for (int i = to - 1; i >= from - padding; i--) {
            long n = h.object(pair);
            h.refs(n, i >= from ? leaves[i] : 0, next);
            next = n;
        }
        return next;
    }

    @Test
    void bothRuntimesFollowMatsRulesAsBruteForceAppliesThem() throws IOException {
        double[] thresholds = {3, 5, 10, 20, 30};
        int singles = 0;
        int groups = 0;
        int groupPoints = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            Random rnd = new Random(seed);
            List<TestHeap.Cls> classes = new ArrayList<>();
            TestHeap h = randomHeap(rnd, classes);
            double threshold = thresholds[rnd.nextInt(thresholds.length)];
            for (String runtime : List.of("ruby", "hprof")) {
                Path dump = runtime.equals("ruby") ? h.writeRuby(dir.resolve(seed + ".json")) : h.writeHprof(dir.resolve(seed + ".hprof"));
                String classOfClasses = runtime.equals("ruby") ? "Class" : "java.lang.Class";
                String at = "seed " + seed + ", threshold " + threshold + "%, " + runtime;
                CliTestSupport.Result r = CliTestSupport.run("suspects", dump.toString(), "--threshold", Double.toString(threshold),
                        "--format", "json", "--no-index");
                assertThat(r.exitCode()).as(at + ": " + r).isZero();
                JsonNode actual = JSON.readTree(r.out());
                List<String> expected = new Oracle(h, classOfClasses, classes).suspects(threshold, actual.get("analysedBytes").asLong());
                List<String> got = new ArrayList<>();
                for (JsonNode s : actual.get("suspects")) {
                    JsonNode acc = s.get("accumulationPoint");
                    got.add(s.get("kind").asText() + " " + s.get("class").asText() + " x" + s.get("instances").asLong() + " "
                            + s.get("retainedBytes").asLong() + " at " + (s.get("kind").asText().equals("single") ? s.get("address").asText() : "-")
                            + " acc " + (acc.isNull() ? "none" : acc.get("address").asText()));
                }
                assertThat(got).as(at).containsExactlyElementsOf(expected);
                singles += (int) got.stream().filter(g -> g.startsWith("single")).count();
                groups += (int) got.stream().filter(g -> g.startsWith("group")).count();
                groupPoints += (int) got.stream().filter(g -> g.startsWith("group") && !g.endsWith("none")).count();
            }
        }
        // the seeds must exercise both rules, or the test proves little
        assertThat(singles).isGreaterThan(20);
        assertThat(groups).isGreaterThan(5);
        assertThat(groupPoints).isGreaterThan(5);
    }

    /**
     * What an index stores for suspects (the paths to the top objects and accumulation points, not
     * to every object) answers as the search does, at any threshold: the run that writes the index
     * and the run that reopens it print what a run without an index prints.
     */
    @Test
    void theIndexsStoredPathsAnswerAsTheSearchAtAnyThreshold() throws IOException {
        double[] thresholds = {0.5, 1, 3, 10};
        for (long seed = 100; seed < 100 + SEEDS / 2; seed++) {
            Random rnd = new Random(seed);
            TestHeap h = randomHeap(rnd, new ArrayList<>());
            for (String runtime : List.of("ruby", "hprof")) {
                Path dump = runtime.equals("ruby") ? h.writeRuby(dir.resolve(seed + ".json")) : h.writeHprof(dir.resolve(seed + ".hprof"));
                for (double threshold : thresholds) {
                    String[] args = {"suspects", dump.toString(), "--threshold", Double.toString(threshold), "--format", "json"};
                    String at = "seed " + seed + ", threshold " + threshold + "%, " + runtime;
                    CliTestSupport.Result searched = CliTestSupport.run(append(args, "--no-index"));
                    assertThat(searched.exitCode()).as(at).isZero();
                    assertThat(CliTestSupport.run(args).out()).as(at + ", written or reopened").isEqualTo(searched.out());
                    assertThat(CliTestSupport.run(args).out()).as(at + ", reopened").isEqualTo(searched.out());
                }
            }
        }
    }

    private static String[] append(String[] args, String more) {
        String[] all = Arrays.copyOf(args, args.length + 1);
        all[args.length] = more;
        return all;
    }

    /** The rules applied to brute-force dominators and a plain breadth-first search. */
    private static final class Oracle {
        private final TestHeap h;
        private final String classOfClasses;
        private final List<Long> addresses;
        private final int[][] out;
        private final long[] size;
        private final BruteForceRetention brute;
        private final long[] retained;
        private final int[] retainedCount;
        private final int[] idom;

        private final List<Long> classAddresses = new ArrayList<>();

        /** @param classes the instance classes; Object's and Class's class objects come before them, 0x100 apart */
        Oracle(TestHeap h, String classOfClasses, List<TestHeap.Cls> classes) {
            this.h = h;
            long first = classes.get(0).address();
            classAddresses.addAll(List.of(first - 0x200, first - 0x100));
            classes.forEach(c -> classAddresses.add(c.address()));
            this.classOfClasses = classOfClasses;
            addresses = h.addresses();
            Map<Long, Integer> node = new HashMap<>();
            for (int i = 0; i < addresses.size(); i++) {
                node.put(addresses.get(i), i);
            }
            int n = addresses.size();
            out = new int[n][];
            size = new long[n];
            for (int i = 0; i < n; i++) {
                out[i] = Arrays.stream(h.references(addresses.get(i))).mapToInt(node::get).toArray();
                size[i] = h.size(addresses.get(i));
            }
            brute = new BruteForceRetention(out, h.roots().stream().mapToInt(node::get).toArray());
            retained = new long[n];
            retainedCount = new int[n];
            idom = new int[n];
            for (int i = 0; i < n; i++) {
                if (brute.isReachable(i)) {
                    BitSet set = brute.retains(i);
                    retained[i] = BruteForceRetention.bytes(set, size);
                    retainedCount[i] = set.cardinality();
                    idom[i] = brute.immediateDominator(i);
                } else {
                    idom[i] = -2;
                }
            }
        }

        /** A top object: an instance (node >= 0) or a class object (node -1), each 16 bytes and held by a root. */
        private record Top(int node, long address, String cls, long retained, int count) {
        }

        List<String> suspects(double thresholdPercent, long analysedBytes) {
            long reachable = 0;
            for (int i = 0; i < size.length; i++) {
                reachable += brute.isReachable(i) ? size[i] : 0;
            }
            assertThat(analysedBytes).as("the heap the GC roots reach").isEqualTo(reachable + TestHeap.CLASS_SIZE * classAddresses.size());
            long threshold = (long) (thresholdPercent * analysedBytes / 100);
            List<Top> tops = new ArrayList<>();
            classAddresses.forEach(a -> tops.add(new Top(-1, a, classOfClasses, TestHeap.CLASS_SIZE, 1)));
            for (int i = 0; i < size.length; i++) {
                if (idom[i] == -1) {
                    tops.add(new Top(i, addresses.get(i), h.classOf(addresses.get(i)).name(), retained[i], retainedCount[i]));
                }
            }
            Comparator<Top> ranked = Comparator.comparingLong(Top::retained).reversed()
                    .thenComparing(Comparator.comparingInt(Top::count).reversed()).thenComparingLong(Top::address);
            List<String> result = new ArrayList<>();
            java.util.Set<String> singleClasses = new java.util.HashSet<>();
            tops.stream().filter(t -> t.retained > threshold).sorted(ranked).forEach(t -> {
                singleClasses.add(t.cls);
                int acc = t.node < 0 ? -1 : accumulation(t.node);
                long accAddress = t.node < 0 ? t.address : addresses.get(acc);
                result.add("single " + t.cls + " x1 " + t.retained + " at " + hex(t.address) + " acc " + hex(accAddress));
            });
            Map<String, List<Top>> byClass = new LinkedHashMap<>();
            tops.forEach(t -> byClass.computeIfAbsent(t.cls, k -> new ArrayList<>()).add(t));
            List<Map.Entry<String, List<Top>>> groups = new ArrayList<>(byClass.entrySet());
            groups.removeIf(e -> singleClasses.contains(e.getKey()) || sum(e.getValue()) <= threshold);
            groups.sort(Comparator.comparingLong((Map.Entry<String, List<Top>> e) -> sum(e.getValue())).reversed()
                    .thenComparing(Map.Entry::getKey));
            for (Map.Entry<String, List<Top>> g : groups) {
                String acc = g.getKey().equals(classOfClasses) ? "none" : groupAccumulation(g.getValue());
                result.add("group " + g.getKey() + " x" + g.getValue().size() + " " + sum(g.getValue()) + " at - acc " + acc);
            }
            return result;
        }

        private static long sum(List<Top> tops) {
            return tops.stream().mapToLong(Top::retained).sum();
        }

        /** Walk down to the biggest child while it keeps at least 70% of its parent. */
        private int accumulation(int node) {
            int at = node;
            while (true) {
                int best = -1;
                for (int c = 0; c < idom.length; c++) {
                    if (idom[c] == at && (best < 0 || retained[c] > retained[best]
                            || retained[c] == retained[best] && (retainedCount[c] > retainedCount[best]
                            || retainedCount[c] == retainedCount[best] && c < best))) {
                        best = c;
                    }
                }
                if (best < 0 || (double) retained[best] / retained[at] < 0.7) {
                    return at;
                }
                at = best;
            }
        }

        /** Merged shortest paths: follow the branch most paths take while more than 80% do; stop at a 70% drop. */
        private String groupAccumulation(List<Top> members) {
            int[] parent = bfsParents();
            List<int[]> paths = new ArrayList<>();
            List<Long> sizes = new ArrayList<>();
            for (Top t : members) {
                List<Integer> chain = new ArrayList<>();
                for (int v = t.node; v >= 0; v = parent[v]) {
                    chain.add(0, v);
                }
                paths.add(chain.stream().mapToInt(Integer::intValue).toArray());
                sizes.add(t.retained);
            }
            int limit = (int) (0.8 * members.size());
            List<Integer> current = new ArrayList<>();
            for (int i = 0; i < paths.size(); i++) {
                current.add(i);
            }
            int depth = 0;
            int[] branch = biggestBranch(paths, sizes, current, depth);
            while (branch != null && branch[1] > limit) {
                List<Integer> through = members(paths, current, depth, branch[0]);
                int[] next = biggestBranch(paths, sizes, through, depth + 1);
                if (next == null || (double) retainedOf(paths, sizes, through, depth + 1, next[0])
                        / retainedOf(paths, sizes, through, depth, branch[0]) < 0.7) {
                    return hex(addresses.get(branch[0]));
                }
                current = through;
                branch = next;
                depth++;
            }
            return "none";
        }

        /** {node, paths through it} of the node most paths take at {@code depth}; ties: more retained, lower node. */
        private static int[] biggestBranch(List<int[]> paths, List<Long> sizes, List<Integer> among, int depth) {
            Map<Integer, int[]> count = new HashMap<>();
            for (int p : among) {
                if (paths.get(p).length > depth) {
                    count.computeIfAbsent(paths.get(p)[depth], k -> new int[1])[0]++;
                }
            }
            int[] best = null;
            for (Map.Entry<Integer, int[]> e : count.entrySet()) {
                int node = e.getKey();
                int c = e.getValue()[0];
                if (best == null || c > best[1] || c == best[1] && (retainedOf(paths, sizes, among, depth, node)
                        > retainedOf(paths, sizes, among, depth, best[0])
                        || retainedOf(paths, sizes, among, depth, node) == retainedOf(paths, sizes, among, depth, best[0]) && node < best[0])) {
                    best = new int[] {node, c};
                }
            }
            return best;
        }

        private static List<Integer> members(List<int[]> paths, List<Integer> among, int depth, int node) {
            return among.stream().filter(p -> paths.get(p).length > depth && paths.get(p)[depth] == node).toList();
        }

        private static long retainedOf(List<int[]> paths, List<Long> sizes, List<Integer> among, int depth, int node) {
            return members(paths, among, depth, node).stream().mapToLong(sizes::get).sum();
        }

        /** Breadth-first from the roots in their order, references in field order: the first to reach a node is its parent. */
        private int[] bfsParents() {
            int[] parent = new int[out.length];
            Arrays.fill(parent, -2);
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            for (long r : h.roots()) {
                int v = addresses.indexOf(r);
                if (parent[v] == -2) {
                    parent[v] = -1;
                    queue.add(v);
                }
            }
            while (!queue.isEmpty()) {
                int v = queue.poll();
                for (int t : out[v]) {
                    if (parent[t] == -2) {
                        parent[t] = v;
                        queue.add(t);
                    }
                }
            }
            return parent;
        }

        private static String hex(long address) {
            return "0x" + Long.toHexString(address);
        }
    }
}
