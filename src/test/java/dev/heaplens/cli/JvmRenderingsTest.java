package dev.heaplens.cli;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.testheap.TestHeap;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table renderings of a small hand-built JVM heap, literally. The heap (sizes under the
 * compressed-oops layout, the dump's fallback for so few objects):
 *
 * <pre>
 *   a (Node, 24) -> b, c      b (Node, 24) -> d      c, d, u (Leaf, 24)      root: a (JNI global)
 *   classes Object, Class, Node, Leaf: 16 bytes each, sticky roots
 * </pre>
 *
 * a retains a, b, c, d (96 B); b retains b, d (48 B); u is unreachable (24 B). 9 objects, 184 B;
 * reachable 8 objects, 160 B.
 */
class JvmRenderingsTest {
    @TempDir
    Path dir;
    String dump;
    long a;
    long b;
    long d;

    @BeforeEach
    void writeHeap() {
        TestHeap h = new TestHeap();
        TestHeap.Cls node = h.cls("Node", 2, 1);
        TestHeap.Cls leaf = h.cls("Leaf", 0, 3);
        a = h.object(node);
        b = h.object(node);
        long c = h.object(leaf);
        d = h.object(leaf);
        h.object(leaf); // unreachable
        h.refs(a, b, c).refs(b, d).root(a);
        dump = h.writeHprof(dir.resolve("heap.hprof")).toString();
    }

    private String out(String... args) {
        CliTestSupport.Result r = run(args);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).as(r.toString()).isEmpty();
        return r.out().replace(dump, "heap.hprof");
    }

    private static String hex(long address) {
        return "0x" + Long.toHexString(address);
    }

    @Test
    void summary() {
        assertThat(out("summary", dump)).isEqualTo("""
                Summary of heap.hprof (JAVA PROFILE 1.0.2, 8-byte ids)
                  objects       9 objects, 184 B shallow
                  classes       4 classes, 1 class loader (the bootstrap loader counts as one)
                  sizes         layout compressed (12,16,4,8): object header 12 B, array header 16 B, references 4 B, alignment 8
                                assumed: objects are not packed enough to tell (4 of 4 neighbours fit at best) (--layout overrides)
                                field layout: not HotSpot's (no java.lang.Thread or String in the dump): header plus field sizes, no injected fields
                                checked against where objects sit: no class has 3 instances mostly packed one after another
                  reachability  reachable from GC roots: 8 objects, 160 B; unreachable: 1 object, 24 B (not in any retained size)

                Biggest classes (shallow bytes)
                  count  count%  bytes  bytes%  class
                      3   33.3%   72 B   39.1%  Leaf
                      4   44.4%   64 B   34.8%  java.lang.Class
                      2   22.2%   48 B   26.1%  Node

                Kinds
                  count  bytes  kind
                      5  120 B  instance
                      0    0 B  object array
                      0    0 B  primitive array
                      4   64 B  class

                GC roots
                  roots  objects  kind
                      4        4  sticky class
                      1        1  JNI global

                Unreachable objects by class (most bytes first; not in any retained size)
                  count  bytes  class
                      1   24 B  Leaf

                Classes loaded by more than one loader
                  (none)
                """);
    }

    @Test
    void histogram() {
        assertThat(out("histogram", dump)).isEqualTo("""
                Objects by class in heap.hprof, by bytes
                count  count%  bytes  bytes%  class
                    3   33.3%   72 B   39.1%  Leaf
                    4   44.4%   64 B   34.8%  java.lang.Class
                    2   22.2%   48 B   26.1%  Node
                    9  100.0%  184 B  100.0%  TOTAL (3 groups)
                """);
    }

    @Test
    void top() {
        assertThat(out("top", dump)).isEqualTo("""
                Largest retained sizes in heap.hprof
                retained  retained%  objects  shallow  address         type      class            location  value
                    96 B      60.0%        4     24 B  0x7f0010000000  instance  Node             -
                    48 B      30.0%        2     24 B  0x7f0010000018  instance  Node             -
                    24 B      15.0%        1     24 B  0x7f0010000030  instance  Leaf             -
                    24 B      15.0%        1     24 B  0x7f0010000048  instance  Leaf             -
                    16 B      10.0%        1     16 B  0x7f0000010000  class     java.lang.Class  -         java.lang.Object
                    16 B      10.0%        1     16 B  0x7f0000010100  class     java.lang.Class  -         java.lang.Class
                    16 B      10.0%        1     16 B  0x7f0000010200  class     java.lang.Class  -         Node
                    16 B      10.0%        1     16 B  0x7f0000010300  class     java.lang.Class  -         Leaf
                reachable from GC roots: 8 objects, 160 B; unreachable: 1 object, 24 B (not in any retained size)
                """);
    }

    @Test
    void retainedByClass() {
        assertThat(out("retained", dump, "--by", "class")).isEqualTo("""
                Retained size per class in heap.hprof (of each group's objects together)
                retained  retained%  retained objects  count  shallow  class
                    96 B      60.0%                 4      2     48 B  Node
                    64 B      40.0%                 4      4     64 B  java.lang.Class
                    48 B      30.0%                 2      3     72 B  Leaf
                """);
    }

    @Test
    void paths() {
        assertThat(out("paths", dump, hex(d))).isEqualTo("""
                Path 1 of 1 (3 steps)
                  ROOT JNI global
                  ->       0x7f0010000000  instance  Node
                  ->  r0   0x7f0010000018  instance  Node
                  ->  r0   0x7f0010000048  instance  Leaf
                """);
    }

    @Test
    void object() {
        assertThat(out("object", dump, hex(b))).isEqualTo("""
                0x7f0010000018  instance  Node
                  shallow size  24 B (24 bytes)
                  retained      48 B (48 bytes) in 2 objects
                  allocated at  (no allocation info)

                Record
                  r0=0x7f0010000048 r1=null i0=0

                Dominated by (nearest first, up to the GC roots)
                  address         type      class  retained  value
                  0x7f0010000000  instance  Node       96 B

                Referrers (1)
                  their field  address         type      class  retained  value
                  r0           0x7f0010000000  instance  Node       96 B

                References (2)
                  field    address         type      class            retained  value
                  r0       0x7f0010000048  instance  Leaf                 24 B
                  <class>  0x7f0000010200  class     java.lang.Class      16 B  Node
                """);
    }
}
