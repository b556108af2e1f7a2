package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.ruby.RubyDumpWriter;
import dev.heaplens.format.ruby.RubyDumpWriter.Flag;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.testheap.RubyLines;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.heaplens.cli.CliTestSupport.run;
import static dev.heaplens.cli.CliTestSupport.runWithStdin;
import static dev.heaplens.cli.CliTestSupport.text;
import static dev.heaplens.cli.CliTestSupport.writeDump;
import static dev.heaplens.cli.CliTestSupport.writeGzipDump;
import static dev.heaplens.testheap.RubyLines.address;
import static dev.heaplens.testheap.RubyLines.line;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The graph commands ({@code top}, {@code retained}, {@code object}, {@code paths}, {@code graph}) on
 * a small hand-written Ruby 3.1 dump whose dominator tree is worked out by hand below.
 */
class GraphCommandsTest {
    // ----- addresses -----
    static final String CLASS_C = "0x7f0000000100";   // CLASS Class (its class is itself: a self-edge)
    static final String ARRAY_C = "0x7f0000000200";   // CLASS Array
    static final String HASH_C = "0x7f0000000300";    // CLASS Hash
    static final String STRING_C = "0x7f0000000400";  // CLASS String
    static final String OBJECT_C = "0x7f0000000500";  // CLASS Object
    static final String A = "0x7f0000001000";         // ARRAY
    static final String B1 = "0x7f0000001100";        // HASH
    static final String B2 = "0x7f0000001200";        // HASH
    static final String S1 = "0x7f0000001300";        // STRING
    static final String S2 = "0x7f0000001400";        // STRING
    static final String S3 = "0x7f0000001500";        // STRING (shared by B1 and B2)
    static final String C = "0x7f0000001600";         // OBJECT
    static final String X = "0x7f0000001700";         // OBJECT (cycle X <-> Y)
    static final String Y = "0x7f0000001800";         // OBJECT (also references itself)
    static final String M = "0x7f0000001900";         // IMEMO env, "class" field = U2 (not a class: no edge)
    static final String U1 = "0x7f0000001a00";        // OBJECT, unreachable
    static final String U2 = "0x7f0000001b00";        // STRING, unreachable
    static final String DANGLING = "0x7f0000009000";  // referenced by C, not in the dump
    static final String DANGLING_ROOT = "0x7f0000008000";

    static final String ROOT_VM = line(w -> w.root("vm", address(CLASS_C), address(ARRAY_C), address(HASH_C),
            address(STRING_C), address(OBJECT_C), address(A), address(X)));
    static final String ROOT_GLOBALS = line(w -> w.root("global_tbl", address(C), address(M), address(DANGLING_ROOT)));
    static final String ROOT_MACHINE = line(w -> w.root("machine_context", address(X), address(X), address(M)));
    static final String L_CLASS = cls(CLASS_C, "Class", null, 120);
    static final String L_ARRAY = cls(ARRAY_C, "Array", OBJECT_C, 110);
    static final String L_HASH = cls(HASH_C, "Hash", OBJECT_C, 100);
    static final String L_STRING = cls(STRING_C, "String", OBJECT_C, 90);
    static final String L_OBJECT = cls(OBJECT_C, "Object", null, 130);
    static final String L_A = line(w -> w.object(address(A), RubyType.ARRAY).cls(address(ARRAY_C)).length(2)
            .references(address(B1), address(B2)).allocated("/app/models/cart.rb", 12, "items", 5)
            .memsize(40).flags(Flag.WB_PROTECTED).write());
    static final String L_B1 = line(w -> w.object(address(B1), RubyType.HASH).cls(address(HASH_C)).size(3)
            .references(address(S1), address(S3), address(S3))
            .allocated("/usr/lib/ruby/gems/3.1.0/gems/rack-3.0.8/lib/rack/utils.rb", 88, "escape", 7)
            .memsize(160).flags(Flag.WB_PROTECTED).write());
    static final String L_B2 = line(w -> w.object(address(B2), RubyType.HASH).cls(address(HASH_C)).size(2)
            .references(address(S2), address(S3)).memsize(200).flags(Flag.WB_PROTECTED).write());
    static final String L_S1 = str(S1, "alpha", 50);
    static final String L_S2 = str(S2, "beta", 60);
    static final String L_S3 = str(S3, "shared", 70);
    static final String L_M = line(w -> w.object(address(M), RubyType.IMEMO).cls(address(U2)).imemoType("env")
            .memsize(80).flags(Flag.WB_PROTECTED).write());
    static final String L_C = obj(C, List.of(S2, DANGLING), 40);
    static final String L_Y = obj(Y, List.of(X, Y), 48);
    static final String L_X = obj(X, List.of(Y), 40);
    static final String L_U1 = obj(U1, List.of(U2), 40);
    static final String L_U2 = str(U2, "garbage", 45);

    /*
     * 20 lines: 3 ROOT lines, 5 classes, 12 objects (written slightly out of address order: M before C, Y before X).
     *
     * References as heaplens sees them (dump "references" + the implicit edge to the object's class, last;
     * none for the IMEMO; C's reference to 0x7f0000009000 is dangling and dropped):
     *   Class  -> Class(self)             Array/Hash/String -> Object (superclass), Class     Object -> Class
     *   A  -> B1, B2, Array               B1 -> S1, S3, S3, Hash      B2 -> S2, S3, Hash
     *   S1/S2/S3/U2 -> String             C -> S2, Object             X -> Y, Object
     *   Y  -> X, Y, Object                M -> (nothing)              U1 -> U2, Object
     * Roots: vm -> Class, Array, Hash, String, Object, A, X; global_tbl -> C, M (+ one dangling root);
     *        machine_context -> X, X, M.
     *
     * Dominator tree (SR = super-root):
     *   SR -> Class, Array, Hash, String, Object (all rooted; instances pointing at them change nothing)
     *   SR -> A -> B1 -> S1;  A -> B2;  A -> S3 (reached through B1 and B2: neither alone dominates it)
     *   SR -> S2 (reached via A..B2 and via C, independent roots)
     *   SR -> C;  SR -> X -> Y;  SR -> M
     *   U1, U2 unreachable (M's "class" field names U2 but is not an edge).
     *
     * shallow / retained (bytes, count):
     *   Class 120/120,1  Array 110/110,1  Hash 100/100,1  String 90/90,1  Object 130/130,1
     *   A 40 / 40+160+200+50+70 = 520, 5   B1 160 / 160+50 = 210, 2   B2 200/200,1
     *   S1 50/50,1  S2 60/60,1  S3 70/70,1  C 40/40,1  X 40 / 88,2  Y 48/48,1  M 80/80,1
     * Reachable: 15 objects, 550 (classes) + 788 (others) = 1338 bytes. Unreachable: U1 40 + U2 45 = 2 objects, 85 bytes.
     */
    static final String[] DUMP = {ROOT_VM, ROOT_GLOBALS, ROOT_MACHINE, L_CLASS, L_ARRAY, L_HASH, L_STRING, L_OBJECT,
            L_A, L_B1, L_B2, L_S1, L_S2, L_S3, L_M, L_C, L_Y, L_X, L_U1, L_U2};

    /** The references heaplens follows, from the table above (for checking paths step by step). */
    static final Map<String, List<String>> REFS = Map.ofEntries(
            Map.entry(CLASS_C, List.of(CLASS_C)),
            Map.entry(ARRAY_C, List.of(OBJECT_C, CLASS_C)),
            Map.entry(HASH_C, List.of(OBJECT_C, CLASS_C)),
            Map.entry(STRING_C, List.of(OBJECT_C, CLASS_C)),
            Map.entry(OBJECT_C, List.of(CLASS_C)),
            Map.entry(A, List.of(B1, B2, ARRAY_C)),
            Map.entry(B1, List.of(S1, S3, S3, HASH_C)),
            Map.entry(B2, List.of(S2, S3, HASH_C)),
            Map.entry(S1, List.of(STRING_C)), Map.entry(S2, List.of(STRING_C)), Map.entry(S3, List.of(STRING_C)),
            Map.entry(C, List.of(S2, OBJECT_C)),
            Map.entry(X, List.of(Y, OBJECT_C)),
            Map.entry(Y, List.of(X, Y, OBJECT_C)),
            Map.entry(M, List.of()),
            Map.entry(U1, List.of(U2, OBJECT_C)),
            Map.entry(U2, List.of(STRING_C)));
    static final Map<String, List<String>> ROOTS = Map.of(
            "vm", List.of(CLASS_C, ARRAY_C, HASH_C, STRING_C, OBJECT_C, A, X),
            "global_tbl", List.of(C, M),
            "machine_context", List.of(X, M));

    /** top --top 5: A 520, B1 210, B2 200, Object 130, Class 120 (no ties). */
    static final String TOP5_TSV = """
            address\ttype\tclass\tshallow_bytes\tretained_bytes\tretained_count\tlocation
            0x7f0000001000\tARRAY\tArray\t40\t520\t5\t/app/models/cart.rb:12
            0x7f0000001100\tHASH\tHash\t160\t210\t2\t/usr/lib/ruby/gems/3.1.0/gems/rack-3.0.8/lib/rack/utils.rb:88
            0x7f0000001200\tHASH\tHash\t200\t200\t1\t
            0x7f0000000500\tCLASS\tClass\t130\t130\t1\t
            0x7f0000000100\tCLASS\tClass\t120\t120\t1\t
            """;

    /*
     * retained --by class, MAT set semantics (what is freed once every member is gone):
     *   Class  {5 classes}        shallow 550  -> nothing else depends on them only: 550, 5
     *   Array  {A}                shallow 40   -> A's subtree: 520, 5
     *   Hash   {B1, B2}           shallow 360  -> B1, B2, S1 and S3 (S3 needs both gone; S2 still held by C): 480, 4
     *                                            (the sum of the dominator subtrees would be only 410, 3)
     *   String {S1, S2, S3, U2}   shallow 225  -> S1, S2, S3 (U2 was never reachable): 180, 3
     *   Object {C, X, Y, U1}      shallow 168  -> C, X, Y (S2 still held by B2): 128, 3
     *   <env> (IMEMO) {M}         shallow 80   -> 80, 1
     */
    static final String RETAINED_BY_CLASS_TSV = """
            count\tbytes\tretained_bytes\tretained_count\tclass
            5\t550\t550\t5\tClass
            1\t40\t520\t5\tArray
            2\t360\t480\t4\tHash
            4\t225\t180\t3\tString
            4\t168\t128\t3\tObject
            1\t80\t80\t1\t<env> (IMEMO)
            """;
    static final String RETAINED_BY_TYPE_TSV = """
            count\tbytes\tretained_bytes\tretained_count\ttype
            5\t550\t550\t5\tCLASS
            1\t40\t520\t5\tARRAY
            2\t360\t480\t4\tHASH
            4\t225\t180\t3\tSTRING
            4\t168\t128\t3\tOBJECT
            1\t80\t80\t1\tIMEMO
            """;

    /* graph --class Hash: targets B1, B2 (the Hash class object itself counts as Class); their only referrer is A,
     * which B1 is reference [0] of and B2 reference [1] of, both level 0; nothing refers to A. */
    static final String GRAPH_HASH_MERMAID = """
            %% 2 objects of Hash, 2 drawn, 5 levels
            graph LR
              0x7f0000001100["0x7f0000001100 Hash"]
              0x7f0000001200["0x7f0000001200 Hash"]
              0x7f0000001000["0x7f0000001000 Array"]
              0x7f0000001000 --"[0],0"--> 0x7f0000001100
              0x7f0000001000 --"[1],0"--> 0x7f0000001200
            """;
    static final String GRAPH_HASH_DOT = """
            // 2 objects of Hash, 2 drawn, 5 levels
            digraph heaplens {
              rankdir=LR;
              node [shape=box, fontname="monospace"];
              "0x7f0000001100" [label="0x7f0000001100 Hash"];
              "0x7f0000001200" [label="0x7f0000001200 Hash"];
              "0x7f0000001000" [label="0x7f0000001000 Array"];
              "0x7f0000001000" -> "0x7f0000001100" [label="[0],0"];
              "0x7f0000001000" -> "0x7f0000001200" [label="[1],0"];
            }
            """;

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path dump;

    @BeforeEach
    void writeTheDump() {
        dump = writeDump(dir, "heap.json", DUMP);
    }

    private static String cls(String address, String name, String superclass, int memsize) {
        return line(w -> {
            RubyDumpWriter.Line l = w.object(address(address), RubyType.CLASS).cls(address(CLASS_C));
            if (superclass != null) {
                l.superclass(address(superclass)).name(name).references(address(superclass));
            } else {
                l.name(name);
            }
            l.memsize(memsize).flags(Flag.WB_PROTECTED, Flag.OLD, Flag.UNCOLLECTIBLE, Flag.MARKED).write();
        });
    }

    private static String str(String address, String value, int memsize) {
        return line(w -> w.object(address(address), RubyType.STRING).cls(address(STRING_C)).embedded()
                .bytesize(value.length()).value(value).encoding("UTF-8").memsize(memsize).write());
    }

    private static String obj(String address, List<String> refs, int memsize) {
        return line(w -> w.object(address(address), RubyType.OBJECT).cls(address(OBJECT_C)).ivars(3)
                .references(refs.stream().mapToLong(RubyLines::address).toArray()).memsize(memsize).write());
    }

    private Result ok(String... args) {
        Result r = run(args);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertNoStackTrace(r);
        return r;
    }

    private static JsonNode json(Result r) {
        try {
            return JSON.readTree(r.out());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void assertFailsWith(Result r, String... expectedStderrLines) {
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        assertThat(r.out()).as(r.toString()).isEmpty();
        assertThat(r.errLines()).as(r.toString()).containsExactly(expectedStderrLines);
        assertNoStackTrace(r);
    }

    private static void assertNoStackTrace(Result r) {
        assertThat(r.err()).as(r.toString()).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(r.out()).as(r.toString()).doesNotContain("\tat ").doesNotContain("Exception");
    }

    private static List<String> addresses(JsonNode rows) {
        List<String> out = new ArrayList<>();
        rows.forEach(n -> out.add(n.get("address").asText()));
        return out;
    }

    // ===================================================================== top

    @Test
    void topTsvHasExactHeaderAndRows() {
        assertThat(ok("top", dump.toString(), "--top", "5", "--format", "tsv").out()).isEqualTo(TOP5_TSV);
    }

    @Test
    void topListsEveryReachableObjectAndNoUnreachableOne() {
        Result r = ok("top", dump.toString(), "--top", "100", "--format", "tsv");
        List<String> order = new ArrayList<>();
        for (String line : r.outLines().subList(1, r.outLines().size())) {
            order.add(line.split("\t")[0] + " " + line.split("\t")[4] + " " + line.split("\t")[5]);
        }
        // retained sizes all differ, so the order is fully determined
        assertThat(order).containsExactly(
                A + " 520 5", B1 + " 210 2", B2 + " 200 1", OBJECT_C + " 130 1", CLASS_C + " 120 1",
                ARRAY_C + " 110 1", HASH_C + " 100 1", STRING_C + " 90 1", X + " 88 2", M + " 80 1",
                S3 + " 70 1", S2 + " 60 1", S1 + " 50 1", Y + " 48 1", C + " 40 1");
    }

    @Test
    void topJsonHasTheReachabilityFigures() {
        JsonNode j = json(ok("top", dump.toString(), "--top", "5", "--format", "json"));
        assertThat(j.get("dump").asText()).isEqualTo(dump.toString());
        JsonNode reach = j.get("reachability");
        assertThat(reach.get("reachableObjects").asLong()).isEqualTo(15);
        assertThat(reach.get("reachableBytes").asLong()).isEqualTo(1338);
        assertThat(reach.get("unreachableObjects").asLong()).isEqualTo(2);
        assertThat(reach.get("unreachableBytes").asLong()).isEqualTo(85);
        assertThat(reach.get("danglingReferences").asLong()).isEqualTo(1); // C -> 0x7f0000009000
        assertThat(reach.get("danglingRoots").asLong()).isEqualTo(1);      // global_tbl -> 0x7f0000008000
        // by bytes, largest first: U2 (STRING, 45), U1 (OBJECT, 40)
        assertThat(reach.get("unreachableByType").toString()).isEqualTo(
                "[{\"type\":\"STRING\",\"count\":1,\"bytes\":45},{\"type\":\"OBJECT\",\"count\":1,\"bytes\":40}]");
        JsonNode objects = j.get("objects");
        assertThat(addresses(objects)).containsExactly(A, B1, B2, OBJECT_C, CLASS_C);
        JsonNode a = objects.get(0);
        assertThat(a.get("type").asText()).isEqualTo("ARRAY");
        assertThat(a.get("class").asText()).isEqualTo("Array");
        assertThat(a.get("shallowSize").asLong()).isEqualTo(40);
        assertThat(a.get("retainedSize").asLong()).isEqualTo(520);
        assertThat(a.get("retainedCount").asLong()).isEqualTo(5);
        assertThat(a.get("location").asText()).isEqualTo("/app/models/cart.rb:12");
        assertThat(a.get("value").isNull()).isTrue();
        assertThat(a.get("length").asLong()).isEqualTo(2);
        assertThat(objects.get(2).get("location").isNull()).isTrue();
    }

    @Test
    void topTableHasTheReachabilityLine() {
        Result r = ok("top", dump.toString(), "--top", "5");
        assertThat(r.outLines().get(0)).isEqualTo("Largest retained sizes in " + dump);
        assertThat(r.outLines()).last().isEqualTo("reachable from GC roots: 15 objects, 1.3 KB; unreachable: 2 objects, 85 B"
                + " (not in any retained size); 1 reference to addresses not in the dump");
        // header + 5 rows + reachability line
        assertThat(r.outLines()).hasSize(8);
        assertThat(r.outLines().get(2).trim()).startsWith("520 B").contains(A).contains("38.9%").contains("length 2");
    }

    // ===================================================================== retained

    @Test
    void retainedByClassHasMatSetSemantics() {
        assertThat(ok("retained", dump.toString(), "--by", "class", "--format", "tsv").out()).isEqualTo(RETAINED_BY_CLASS_TSV);
    }

    @Test
    void retainedByType() {
        assertThat(ok("retained", dump.toString(), "--by", "type", "--format", "tsv").out()).isEqualTo(RETAINED_BY_TYPE_TSV);
    }

    @Test
    void retainedJsonMarksExactRowsAndCountsAllGroups() {
        JsonNode j = json(ok("retained", dump.toString(), "--by", "class", "--top", "3", "--format", "json"));
        assertThat(j.get("by").asText()).isEqualTo("class");
        assertThat(j.get("groups").asLong()).isEqualTo(6);
        assertThat(j.get("rows").toString()).isEqualTo("["
                + "{\"key\":\"Class\",\"count\":5,\"bytes\":550,\"retainedBytes\":550,\"retainedCount\":5,\"exact\":true},"
                + "{\"key\":\"Array\",\"count\":1,\"bytes\":40,\"retainedBytes\":520,\"retainedCount\":5,\"exact\":true},"
                + "{\"key\":\"Hash\",\"count\":2,\"bytes\":360,\"retainedBytes\":480,\"retainedCount\":4,\"exact\":true}]");
    }

    @Test
    void retainedTableSaysHowManyGroupsAreNotShown() {
        Result r = ok("retained", dump.toString(), "--by", "class", "--top", "2");
        assertThat(r.outLines().get(0)).isEqualTo("Retained size per class in " + dump + " (of each group's objects together)");
        assertThat(r.outLines()).last().isEqualTo("4 more groups not shown");
    }

    // ===================================================================== object

    @Test
    void objectJsonOfAHashDominatedByTheArray() {
        JsonNode j = json(ok("object", dump.toString(), B1, "--format", "json"));
        assertThat(j.get("address").asText()).isEqualTo(B1);
        assertThat(j.get("type").asText()).isEqualTo("HASH");
        assertThat(j.get("class").asText()).isEqualTo("Hash");
        assertThat(j.get("shallowSize").asLong()).isEqualTo(160);
        assertThat(j.get("retainedSize").asLong()).isEqualTo(210);   // B1 + S1
        assertThat(j.get("retainedCount").asLong()).isEqualTo(2);
        assertThat(j.get("location").asText()).isEqualTo("/usr/lib/ruby/gems/3.1.0/gems/rack-3.0.8/lib/rack/utils.rb:88");
        assertThat(j.get("length").asLong()).isEqualTo(3);
        assertThat(j.get("record").asText()).isEqualTo(L_B1);
        assertThat(j.get("gcRoots").size()).isZero();
        assertThat(addresses(j.get("dominators"))).containsExactly(A);
        assertThat(j.get("dominators").get(0).get("retainedSize").asLong()).isEqualTo(520);
        assertThat(j.get("referrerCount").asLong()).isEqualTo(1);
        assertThat(addresses(j.get("referrers"))).containsExactly(A);
        // S1, S3, S3 from "references", then the implicit edge to its class: 3 distinct objects
        assertThat(j.get("referentCount").asLong()).isEqualTo(3);
        assertThat(addresses(j.get("referents"))).containsExactly(S1, S3, HASH_C);
    }

    @Test
    void objectJsonOfTheSharedString() {
        JsonNode j = json(ok("object", dump.toString(), S3, "--format", "json"));
        assertThat(j.get("retainedSize").asLong()).isEqualTo(70);
        assertThat(j.get("retainedCount").asLong()).isEqualTo(1);
        assertThat(j.get("value").asText()).isEqualTo("shared");
        assertThat(j.get("valueComplete").asBoolean()).isTrue();
        assertThat(addresses(j.get("dominators"))).containsExactly(A); // neither Hash alone
        assertThat(addresses(j.get("referrers"))).containsExactly(B1, B2); // B1 listed once
        assertThat(j.get("referrerCount").asLong()).isEqualTo(2);          // distinct referrers
        assertThat(addresses(j.get("referents"))).containsExactly(STRING_C);
    }

    @Test
    void objectJsonOfARootedObjectWithADanglingReference() {
        JsonNode j = json(ok("object", dump.toString(), C, "--format", "json"));
        assertThat(j.get("gcRoots").toString()).isEqualTo("[\"global_tbl\"]");
        assertThat(j.get("dominators").size()).isZero();
        assertThat(j.get("referrerCount").asLong()).isZero();
        assertThat(j.get("referentCount").asLong()).isEqualTo(2); // S2 and Object; 0x7f0000009000 is dropped
        assertThat(addresses(j.get("referents"))).containsExactly(S2, OBJECT_C);
        assertThat(j.get("location").isNull()).isTrue();
    }

    @Test
    void objectJsonOfTheCycle() {
        JsonNode y = json(ok("object", dump.toString(), Y, "--format", "json"));
        assertThat(addresses(y.get("dominators"))).containsExactly(X);
        assertThat(addresses(y.get("referrers"))).containsExactly(X, Y); // Y references itself
        assertThat(addresses(y.get("referents"))).containsExactly(X, Y, OBJECT_C);
        assertThat(y.get("retainedSize").asLong()).isEqualTo(48);
        JsonNode x = json(ok("object", dump.toString(), X, "--format", "json"));
        assertThat(x.get("gcRoots").toString()).isEqualTo("[\"vm\",\"machine_context\"]"); // held twice by machine_context
        assertThat(x.get("retainedSize").asLong()).isEqualTo(88);
        assertThat(x.get("retainedCount").asLong()).isEqualTo(2);
    }

    @Test
    void objectJsonOfTheImemoHasNoClassEdge() {
        JsonNode j = json(ok("object", dump.toString(), M, "--format", "json"));
        assertThat(j.get("class").asText()).isEqualTo("<env> (IMEMO)");
        assertThat(j.get("gcRoots").toString()).isEqualTo("[\"global_tbl\",\"machine_context\"]");
        assertThat(j.get("referentCount").asLong()).isZero();
        JsonNode u2 = json(ok("object", dump.toString(), U2, "--format", "json"));
        assertThat(u2.get("retainedSize").asLong()).isZero();
        assertThat(u2.get("retainedCount").asLong()).isZero();
        assertThat(u2.get("dominators").size()).isZero();
        assertThat(addresses(u2.get("referrers"))).containsExactly(U1);
    }

    @Test
    void objectJsonOfTheClassClass() {
        JsonNode j = json(ok("object", dump.toString(), CLASS_C, "--format", "json"));
        assertThat(j.get("class").asText()).isEqualTo("Class");
        assertThat(j.get("value").asText()).isEqualTo("Class");
        assertThat(j.get("gcRoots").toString()).isEqualTo("[\"vm\"]");
        assertThat(addresses(j.get("referrers"))).containsExactly(CLASS_C, ARRAY_C, HASH_C, STRING_C, OBJECT_C);
        assertThat(addresses(j.get("referents"))).containsExactly(CLASS_C);
    }

    @Test
    void objectNeighboursLimitsTheLists() {
        JsonNode j = json(ok("object", dump.toString(), B1, "--format", "json", "--neighbours", "1"));
        assertThat(addresses(j.get("referents"))).containsExactly(S1);
        assertThat(j.get("referentCount").asLong()).isEqualTo(3);
    }

    @Test
    void objectTableOfAnUnreachableObject() {
        Result r = ok("object", dump.toString(), U2);
        assertThat(r.outLines().get(0)).isEqualTo(U2 + "  STRING  String");
        assertThat(r.out()).contains("nothing: no GC root reaches it").contains("  (unreachable)\n").contains(L_U2);
    }

    @Test
    void objectAddressWithoutPrefixOrUppercase() {
        String expected = ok("object", dump.toString(), B1, "--format", "json").out();
        assertThat(ok("object", dump.toString(), "7f0000001100", "--format", "json").out()).isEqualTo(expected);
        assertThat(ok("object", dump.toString(), "0X7F0000001100", "--format", "json").out()).isEqualTo(expected);
    }

    @Test
    void objectUnknownAddress() {
        assertFailsWith(run("object", dump.toString(), "0x7f0000009999"),
                "heaplens: no object at address 0x7f0000009999 in " + dump);
        // referenced by C but not in the dump
        assertFailsWith(run("object", dump.toString(), DANGLING, "--format", "json"),
                "heaplens: no object at address 0x7f0000009000 in " + dump);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0xZZZ", "hello", "0x", "-1000"})
    void objectMalformedAddress(String address) {
        assertFailsWith(run("object", dump.toString(), address),
                "heaplens: not an address: '" + address + "' (expected hex like 0x7f84e29f8008)");
    }

    @Test
    void objectHasNoDelimitedFormat() {
        assertFailsWith(run("object", dump.toString(), B1, "--format", "tsv"),
                "heaplens: object is written as table or json, not tsv");
    }

    // ===================================================================== paths

    /** Paths in the table output: each "Path i of n" block as [root category, address...]. */
    private static List<List<String>> parsePaths(Result r) {
        List<List<String>> paths = new ArrayList<>();
        List<String> current = null;
        for (String line : r.outLines()) {
            if (line.startsWith("Path ")) {
                current = new ArrayList<>();
                paths.add(current);
            } else if (line.startsWith("  ROOT ")) {
                assertThat(current).as("ROOT line comes first in a path: " + r).isEmpty();
                current.add(line.substring("  ROOT ".length()));
            } else if (line.startsWith("  -> ")) {
                assertThat(current).as("step before its ROOT line: " + r).isNotEmpty();
                current.add(java.util.Arrays.stream(line.trim().split("\\s+")).filter(t -> t.startsWith("0x"))
                        .findFirst().orElseThrow());
            } else {
                assertThat(line).as(r.toString()).isEmpty();
            }
        }
        return paths;
    }

    /** Every step of a path is a reference of the dump: the root holds the first object, each object the next. */
    private static void assertRealPath(List<String> path, String target) {
        String root = path.get(0);
        assertThat(ROOTS).containsKey(root);
        assertThat(ROOTS.get(root)).as("root " + root + " holds " + path.get(1)).contains(path.get(1));
        for (int i = 1; i + 1 < path.size(); i++) {
            assertThat(REFS.get(path.get(i))).as(path.get(i) + " references " + path.get(i + 1)).contains(path.get(i + 1));
        }
        assertThat(path).last().isEqualTo(target);
    }

    @Test
    void pathsToTheSharedStringAreBothShortestOnes() {
        Result r = ok("paths", dump.toString(), S3, "--max", "2");
        List<List<String>> paths = parsePaths(r);
        paths.forEach(p -> assertRealPath(p, S3));
        assertThat(paths).containsExactly(List.of("vm", A, B1, S3), List.of("vm", A, B2, S3));
        assertThat(r.outLines().get(0)).isEqualTo("Path 1 of 2 (3 steps)");
        assertThat(r.outLines().get(1)).isEqualTo("  ROOT vm");
        assertThat(r.outLines().get(2).trim().split("\\s+")).containsExactly("->", A, "ARRAY", "Array", "length", "2");
        assertThat(r.outLines().get(4).trim().split("\\s+")).containsExactly("->", "[1]", S3, "STRING", "String", "\"shared\"");
        // B1 holds S3 twice: still only two distinct paths, even when more are allowed
        assertThat(parsePaths(ok("paths", dump.toString(), S3, "--max", "5"))).hasSize(2);
        assertThat(parsePaths(ok("paths", dump.toString(), S3, "--max", "1"))).containsExactly(List.of("vm", A, B1, S3));
    }

    @Test
    void pathsToS2OnlyTheShortestThroughC() {
        // vm -> A -> B2 -> S2 has 3 steps; global_tbl -> C -> S2 has 2: only that one is shortest
        Result r = ok("paths", dump.toString(), S2, "--max", "2");
        List<List<String>> paths = parsePaths(r);
        assertThat(paths).containsExactly(List.of("global_tbl", C, S2));
        paths.forEach(p -> assertRealPath(p, S2));
        assertThat(r.outLines().get(0)).isEqualTo("Path 1 of 1 (2 steps)");
    }

    @Test
    void pathsThroughTheCycleAndToRootedObjects() {
        List<List<String>> toY = parsePaths(ok("paths", dump.toString(), Y));
        assertThat(toY).containsExactly(List.of("vm", X, Y));
        toY.forEach(p -> assertRealPath(p, Y));
        Result toM = ok("paths", dump.toString(), M);
        assertThat(parsePaths(toM)).containsExactly(List.of("global_tbl", M));
        assertThat(toM.outLines().get(0)).isEqualTo("Path 1 of 1 (1 step)");
        assertThat(parsePaths(ok("paths", dump.toString(), S1))).containsExactly(List.of("vm", A, B1, S1));
    }

    @Test
    void pathsJson() {
        JsonNode j = json(ok("paths", dump.toString(), S3, "--format", "json"));
        assertThat(j.get("address").asText()).isEqualTo(S3);
        assertThat(j.get("reachable").asBoolean()).isTrue();
        assertThat(j.get("paths").size()).isEqualTo(2);
        assertThat(j.get("paths").get(0).get("root").asText()).isEqualTo("vm");
        assertThat(addresses(j.get("paths").get(0).get("steps"))).containsExactly(A, B1, S3);
        assertThat(addresses(j.get("paths").get(1).get("steps"))).containsExactly(A, B2, S3);
        assertThat(j.get("paths").get(0).get("steps").get(1).get("retainedSize").asLong()).isEqualTo(210);
    }

    @Test
    void pathsToUnreachableObject() {
        Result r = ok("paths", dump.toString(), U2);
        assertThat(r.out()).isEqualTo("No GC root reaches " + U2 + " (String): it is garbage that the next GC frees.\n");
        JsonNode j = json(ok("paths", dump.toString(), U1, "--format", "json"));
        assertThat(j.toString()).isEqualTo("{\"address\":\"" + U1 + "\",\"reachable\":false,\"weaklyReachable\":false,\"paths\":[]}");
    }

    @Test
    void pathsUnknownAndMalformedAddress() {
        assertFailsWith(run("paths", dump.toString(), "0x7f0000009999"),
                "heaplens: no object at address 0x7f0000009999 in " + dump);
        assertFailsWith(run("paths", dump.toString(), "0xnope"),
                "heaplens: not an address: '0xnope' (expected hex like 0x7f84e29f8008)");
    }

    // ===================================================================== graph

    @Test
    void graphOfHashMermaid() {
        assertThat(ok("graph", dump.toString(), "--class", "Hash", "--format", "mermaid").out()).isEqualTo(GRAPH_HASH_MERMAID);
        assertThat(ok("graph", dump.toString(), "--class", "Hash").out()).isEqualTo(GRAPH_HASH_MERMAID);
    }

    @Test
    void graphOfHashDot() {
        assertThat(ok("graph", dump.toString(), "--class", "Hash", "--format", "dot").out()).isEqualTo(GRAPH_HASH_DOT);
    }

    /*
     * graph --class String: targets S1, S2, S3, U2 (address order).
     * level 0: B1 -[0]-> S1; B2 -[0]-> S2; C -[0]-> S2; B1 -[1]-> S3 (its second reference to S3 drawn once);
     *          B2 -[1]-> S3; U1 -[0]-> U2 (M's "class" field is no edge)
     * level 1: A -[0]-> B1; A -[1]-> B2 (C and U1 have no referrer)
     * level 2: nothing refers to A.
     */
    private static final String STRING_NODES = """
              0x7f0000001300["0x7f0000001300 String"]
              0x7f0000001400["0x7f0000001400 String"]
              0x7f0000001500["0x7f0000001500 String"]
              0x7f0000001b00["0x7f0000001b00 String"]
              0x7f0000001100["0x7f0000001100 Hash"]
              0x7f0000001200["0x7f0000001200 Hash"]
              0x7f0000001600["0x7f0000001600 Object"]
              0x7f0000001a00["0x7f0000001a00 Object"]
            """;
    private static final String STRING_LEVEL0_EDGES = """
              0x7f0000001100 --"[0],0"--> 0x7f0000001300
              0x7f0000001200 --"[0],0"--> 0x7f0000001400
              0x7f0000001600 --"[0],0"--> 0x7f0000001400
              0x7f0000001100 --"[1],0"--> 0x7f0000001500
              0x7f0000001200 --"[1],0"--> 0x7f0000001500
              0x7f0000001a00 --"[0],0"--> 0x7f0000001b00
            """;

    @Test
    void graphLevels() {
        assertThat(ok("graph", dump.toString(), "--class", "String").out()).isEqualTo(
                "%% 4 objects of String, 4 drawn, 5 levels\ngraph LR\n" + STRING_NODES
                        + "  0x7f0000001000[\"0x7f0000001000 Array\"]\n" + STRING_LEVEL0_EDGES
                        + "  0x7f0000001000 --\"[0],1\"--> 0x7f0000001100\n"
                        + "  0x7f0000001000 --\"[1],1\"--> 0x7f0000001200\n");
        // level 0 = until nothing new: the same picture
        assertThat(ok("graph", dump.toString(), "--class", "String", "--level", "0").out()).isEqualTo(
                ok("graph", dump.toString(), "--class", "String").out().replace("5 levels", "all levels"));
    }

    @Test
    void graphLevelOne() {
        Result r = ok("graph", dump.toString(), "--class", "String", "--level", "1");
        // the comment line says "1 levels" (see report); check everything after it
        assertThat(r.outLines().get(0)).startsWith("%% 4 objects of String, 4 drawn, 1 level");
        assertThat(r.out().substring(r.out().indexOf('\n') + 1)).isEqualTo("graph LR\n" + STRING_NODES + STRING_LEVEL0_EDGES);
    }

    @Test
    void graphLimitOne() {
        assertThat(ok("graph", dump.toString(), "--class", "String", "--limit", "1").out()).isEqualTo("""
                %% 4 objects of String, 1 drawn, 5 levels
                graph LR
                  0x7f0000001300["0x7f0000001300 String"]
                  0x7f0000001100["0x7f0000001100 Hash"]
                  0x7f0000001000["0x7f0000001000 Array"]
                  0x7f0000001100 --"[0],0"--> 0x7f0000001300
                  0x7f0000001000 --"[0],1"--> 0x7f0000001100
                """);
    }

    /** All objects asked for ({@code --limit 0}) draws at most 10,000, the first in address order, and says it cut. */
    @Test
    void graphOfAllDrawsAtMostTenThousandAndSaysSo() {
        String rails = Path.of("samples/rails-ish.json.gz").toString();
        List<String> strings = ok("graph", rails, "--class", "String", "--limit", "0", "--no-index").outLines();
        assertThat(strings.get(0)).isEqualTo("%% 25,313 objects of String, 10,000 drawn, 5 levels; cut at 10,000 objects; cut at 1,000 edges");
        List<String> targets = strings.subList(2, 2 + 10_000);
        assertThat(targets).allMatch(l -> l.endsWith(" String\"]"));
        List<Long> addresses = targets.stream().map(l -> Long.parseLong(l.substring(4, l.indexOf('['))
                .trim(), 16)).toList();
        assertThat(addresses).isSorted().doesNotHaveDuplicates();
        assertThat(strings.get(2 + 10_000)).doesNotEndWith(" String\"]"); // the referrers follow

        String hashes = ok("graph", rails, "--class", "Hash", "--limit", "0", "--level", "1", "--no-index").outLines().get(0);
        assertThat(hashes).isEqualTo("%% 9,846 objects of Hash, 9,846 drawn, 1 level; cut at 1,000 edges");
    }

    @Test
    void graphEscapesClassNamesInLabels() {
        assertThat(ok("graph", dump.toString(), "--class", "<env> (IMEMO)").out()).isEqualTo("""
                %% 1 object of <env> (IMEMO), 1 drawn, 5 levels
                graph LR
                  0x7f0000001900["0x7f0000001900 &lt;env&gt; (IMEMO)"]
                """);
    }

    @Test
    void graphUnknownClassSuggests() {
        assertFailsWith(run("graph", dump.toString(), "--class", "Hsh"),
                "heaplens: no objects of class 'Hsh' in " + dump + "; did you mean Hash?");
        assertFailsWith(run("graph", dump.toString(), "--class", "Zzzzzzzzzzzz"),
                "heaplens: no objects of class 'Zzzzzzzzzzzz' in " + dump);
    }

    /** The label is the position among the references the graph keeps: a dangling one is not drawn nor counted. */
    @Test
    void graphIndexCountsOnlyReferencesInTheGraph() {
        Path p = writeDump(dir, "dangling-first.json", ROOT_GLOBALS, L_OBJECT, L_CLASS, L_STRING, L_S2,
                obj(C, List.of(DANGLING, S2), 40));
        Result r = ok("graph", p.toString(), "--class", "String");
        assertThat(r.out()).contains("  0x7f0000001600 --\"[0],0\"--> 0x7f0000001400\n");
    }

    // ===================================================================== gzip, threads, stdin

    /** Outputs that do not name the dump, so different files can be compared. */
    private static final List<List<String>> NAMELESS = List.of(
            List.of("top", "--top", "20", "--format", "tsv"),
            List.of("retained", "--by", "class", "--format", "tsv"),
            List.of("retained", "--by", "type", "--format", "tsv"),
            List.of("object", B1, "--format", "json"),
            List.of("object", S3),
            List.of("paths", S3, "--format", "json"),
            List.of("paths", S2),
            List.of("graph", "--class", "String", "--format", "dot"));

    private static String[] args(List<String> command, Path dump, String... more) {
        List<String> args = new ArrayList<>();
        args.add(command.get(0));
        args.add(dump.toString());
        args.addAll(command.subList(1, command.size()));
        args.addAll(List.of(more));
        return args.toArray(new String[0]);
    }

    @Test
    void gzipAndThreadCountsGiveIdenticalOutput() {
        Path gz = writeGzipDump(dir, "heap.json.gz", DUMP);
        for (List<String> command : NAMELESS) {
            String plain = ok(args(command, dump, "--threads", "1")).out();
            assertThat(ok(args(command, dump, "--threads", "4")).out()).as(command.toString()).isEqualTo(plain);
            assertThat(ok(args(command, gz, "--threads", "1")).out()).as(command.toString()).isEqualTo(plain);
            assertThat(ok(args(command, gz, "--threads", "4")).out()).as(command.toString()).isEqualTo(plain);
        }
        assertThat(ok("top", gz.toString(), "--top", "5", "--format", "tsv").out()).isEqualTo(TOP5_TSV);
        assertThat(json(ok("object", gz.toString(), B1, "--format", "json")).get("record").asText()).isEqualTo(L_B1);
    }

    /**
     * The same dump with 110,000 unreachable filler strings (about 19 MB) between B1 and B2, so that two
     * reading threads split it into two chunks: A and B1 in the first, B2 and the rest in the second.
     */
    @Test
    void twoReadingChunksGiveTheSameResults() throws IOException {
        Path big = dir.resolve("big.json");
        String filler = "f".repeat(100);
        try (var w = Files.newBufferedWriter(big, StandardCharsets.UTF_8)) {
            for (int i = 0; i < 10; i++) {
                w.write(DUMP[i] + "\n"); // roots, classes, A, B1
            }
            for (int i = 0; i < 110_000; i++) {
                w.write("{\"address\":\"0x" + Long.toHexString(0x7f0001000000L + 40L * i) + "\", \"type\":\"STRING\", \"class\":\""
                        + STRING_C + "\", \"bytesize\":100, \"value\":\"" + filler + "\", \"memsize\":141}\n");
            }
            for (int i = 10; i < DUMP.length; i++) {
                w.write(DUMP[i] + "\n");
            }
        }
        assertThat(Files.size(big)).isGreaterThan(2L * 8 * 1024 * 1024);
        assertThat(ok("top", big.toString(), "--top", "5", "--format", "tsv", "--threads", "2").out()).isEqualTo(TOP5_TSV);
        for (List<String> command : List.of(
                List.of("object", B2, "--format", "json"),
                List.of("retained", "--by", "class", "--format", "tsv"))) {
            assertThat(ok(args(command, big, "--threads", "2")).out()).as(command.toString())
                    .isEqualTo(ok(args(command, big, "--threads", "1")).out());
        }
        JsonNode b2 = json(ok("object", big.toString(), B2, "--format", "json", "--threads", "2"));
        assertThat(b2.get("record").asText()).isEqualTo(L_B2);
        assertThat(addresses(b2.get("referrers"))).containsExactly(A);
        assertThat(addresses(b2.get("dominators"))).containsExactly(A);
    }

    /** Standard input is read once: the commands work, without values and record text. */
    @Test
    void graphCommandsReadStandardInput() {
        Result r = runWithStdin(text(DUMP), "top", "-", "--top", "5", "--format", "tsv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).isEqualTo(TOP5_TSV);
        Result gz = runWithStdin(CliTestSupport.gzip(text(DUMP)), "object", "-", B1, "--format", "json");
        assertThat(gz.exitCode()).as(gz.toString()).isZero();
        assertThat(json(gz).get("record").isNull()).isTrue();
    }

    /** retained and graph never read records back, so they do work on standard input. */
    @Test
    void retainedAndGraphReadStandardInput() {
        Result r = runWithStdin(CliTestSupport.gzip(text(DUMP)), "retained", "-", "--by", "class", "--format", "tsv");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).isEqualTo(RETAINED_BY_CLASS_TSV);
        Result g = runWithStdin(text(DUMP), "graph", "-", "--class", "Hash", "--format", "dot");
        assertThat(g.exitCode()).as(g.toString()).isZero();
        assertThat(g.out()).isEqualTo(GRAPH_HASH_DOT);
    }
}
