package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * leaks decides identity per pair of records: by generation when both have one, by type and
 * class when either lacks it. Hand-built dumps; the answers are worked out in the comments.
 */
class LeaksIdentityTest {
    @TempDir
    Path dir;

    private static final String CLASS = "{\"address\":\"0x100\", \"type\":\"CLASS\", \"class\":\"0x900\", \"name\":\"String\", \"memsize\":1000}";

    /** A STRING at {@code address}; {@code generation} < 0 writes no allocation info. */
    private static String string(String address, int generation) {
        String info = generation < 0 ? "" : ", \"file\":\"app.rb\", \"line\":" + generation + ", \"method\":\"m\", \"generation\":" + generation;
        return "{\"address\":\"" + address + "\", \"type\":\"STRING\", \"class\":\"0x100\"" + info + ", \"memsize\":40}";
    }

    private Path dump(String name, String... objects) {
        List<String> lines = new ArrayList<>();
        StringBuilder refs = new StringBuilder("\"0x100\"");
        for (String o : objects) {
            refs.append(", \"").append(o, o.indexOf("0x"), o.indexOf('"', o.indexOf("0x"))).append('"');
        }
        lines.add("{\"type\":\"ROOT\", \"root\":\"vm\", \"references\":[" + refs + "]}");
        lines.add(CLASS);
        lines.addAll(List.of(objects));
        return CliTestSupport.writeDump(dir, name, lines.toArray(String[]::new));
    }

    private JsonNode leaks(Path a, Path b, Path c) throws Exception {
        Result r = CliTestSupport.run("leaks", "--format", "json", a.toString(), b.toString(), c.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void aBatchTwoRecordInAReusedSlotIsNotLeakedWhenOldObjectsLackGenerations() throws Exception {
        // Old objects (0x1000, 0x1028) were allocated before tracing started: no generation in any dump.
        // A: batch 1 at 0x2000 (gen 5). B: 0x2000 freed and reused by batch 2 (gen 8), batch 2 also at
        // 0x3000..0x3050. C: batch 2's 0x2000 record freed and the slot reused by batch 3 (gen 12), same
        // type and class. Leaked: the three batch-2 records still alive in C, 120 bytes. A rule of
        // address + type + class for everything would count 0x2000 too: 4 records.
        Path a = dump("a.json", string("0x1000", -1), string("0x1028", -1), string("0x2000", 5));
        Path b = dump("b.json", string("0x1000", -1), string("0x1028", -1), string("0x2000", 8),
                string("0x3000", 8), string("0x3028", 8), string("0x3050", 8));
        Path c = dump("c.json", string("0x1000", -1), string("0x1028", -1), string("0x2000", 12),
                string("0x3000", 8), string("0x3028", 8), string("0x3050", 8));
        JsonNode json = leaks(a, b, c);
        assertThat(json.get("count").asLong()).isEqualTo(3);
        assertThat(json.get("bytes").asLong()).isEqualTo(120);
    }

    @Test
    void recordsWhoseGenerationWasClearedAreMatchedByTypeAndClass() throws Exception {
        // Tracing was cleared between B and C: C has no generations. B's new records 0x3000 and 0x3028
        // (gen 8) are still there in C with the same type and class: 2 leaked, 80 bytes. The old
        // object 0x1000 was in A, so it is not new in B.
        Path a = dump("a.json", string("0x1000", 3));
        Path b = dump("b.json", string("0x1000", 3), string("0x3000", 8), string("0x3028", 8));
        Path c = dump("c.json", string("0x1000", -1), string("0x3000", -1), string("0x3028", -1));
        JsonNode json = leaks(a, b, c);
        assertThat(json.get("count").asLong()).isEqualTo(2);
        assertThat(json.get("bytes").asLong()).isEqualTo(80);
    }
}
