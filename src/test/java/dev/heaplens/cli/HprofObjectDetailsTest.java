package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.cli.CliTestSupport.Result;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.format.hprof.SelfDump;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.ref.SoftReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code object} and {@code paths} show of a JVM dump this test JVM writes of itself: field
 * names on references, String and boxed values, soft referents as weak references, and a dump cut
 * short.
 */
class HprofObjectDetailsTest {
    /** A chain held by a static field: Holder.head -> Link(alpha) -> Link(βeta) -> Link(gamma). */
    static final class Link {
        final String name;
        final Link next;
        final Integer weight;

        Link(String name, Link next, int weight) {
            this.name = name;
            this.next = next;
            this.weight = weight;
        }
    }

    static final class Holder {
        static Link head;
        static SoftReference<OnlySoftlyHeld> soft;
    }

    /** Reachable only through a SoftReference's referent. */
    static final class OnlySoftlyHeld {
        final long[] payload = new long[64];
    }

    @TempDir
    static Path dir;
    private static Path dump;
    private static JvmHeap heap;

    @BeforeAll
    static void dumpThisJvm() throws IOException {
        // Boxed values above the Integer cache: each Link holds its own Integer.
        Holder.head = new Link("alpha", new Link("\u03b2eta", new Link("gamma", null, 3_000_003), 2_000_002), 1_000_001);
        Holder.soft = new SoftReference<>(new OnlySoftlyHeld());
        dump = dir.resolve("self.hprof");
        SelfDump.write(dump);
        heap = new JvmHeap(HprofGraphReader.read(HprofSource.of(dump)));
    }

    @AfterAll
    static void cleanUp() {
        Holder.head = null;
        Holder.soft = null;
        heap = null;
    }

    private static List<String> addressesOf(Class<?> type) {
        List<String> addresses = new ArrayList<>();
        for (long o : heap.objectsOfClass(type.getName(), Integer.MAX_VALUE).first()) {
            addresses.add("0x" + Long.toHexString(heap.graph().address(o)));
        }
        return addresses;
    }

    private static JsonNode json(Result r) throws IOException {
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    /** The Link whose name is {@code name}, from {@code object}'s JSON of each Link. */
    private static String linkNamed(String name) throws IOException {
        for (String address : addressesOf(Link.class)) {
            JsonNode object = json(run("object", dump.toString(), address, "--format", "json"));
            for (JsonNode ref : object.get("referents")) {
                if (ref.get("via").asText().equals("name") && ref.get("value").asText().equals(name)) {
                    return address;
                }
            }
        }
        throw new AssertionError("no Link named " + name);
    }

    @Test
    void pathsNameTheStaticAndTheFieldsTheyGoThrough() throws IOException {
        assertThat(addressesOf(Link.class)).hasSize(3);
        String gamma = linkNamed("gamma");
        JsonNode paths = json(run("paths", dump.toString(), gamma, "--format", "json"));
        assertThat(paths.get("reachable").asBoolean()).isTrue();
        JsonNode steps = paths.get("paths").get(0).get("steps");
        List<String> via = new ArrayList<>();
        steps.forEach(s -> via.add(s.get("via").isNull() ? null : s.get("via").asText()));
        // ... -> class Holder -(static head)-> alpha -(next)-> βeta -(next)-> gamma
        assertThat(via.subList(via.size() - 3, via.size())).containsExactly("static head", "next", "next");
        assertThat(steps.get(steps.size() - 4).get("value").asText()).isEqualTo(Holder.class.getName());
        assertThat(steps.get(steps.size() - 1).get("address").asText()).isEqualTo(gamma);

        Result text = run("paths", dump.toString(), gamma);
        assertThat(text.out()).contains("static head").contains(" next ");
    }

    @Test
    void objectShowsFieldsStringsAndBoxedValues() throws IOException {
        String beta = linkNamed("\u03b2eta"); // a UTF-16 String
        JsonNode object = json(run("object", dump.toString(), beta, "--format", "json"));
        // in the dump's field order, which HotSpot writes last-declared first
        assertThat(object.get("record").asText().split(" "))
                .allMatch(f -> f.matches("(name|next|weight)=0x[0-9a-f]+")).hasSize(3);
        List<String> referents = new ArrayList<>();
        object.get("referents").forEach(r -> referents.add(r.get("via").asText() + "=" + r.get("value").asText()));
        assertThat(referents).contains("name=\u03b2eta", "weight=2000002"); // json: the value itself, the table quotes it
        assertThat(object.get("referrers").get(0).get("via").asText()).isEqualTo("next");

        Result text = run("object", dump.toString(), beta);
        assertThat(text.out()).contains("their field").contains("\"\u03b2eta\"");
    }

    @Test
    void aSoftReferentIsAWeakEdgeShownButNotFollowed() throws IOException {
        List<String> softlyHeld = addressesOf(OnlySoftlyHeld.class);
        assertThat(softlyHeld).hasSize(1);
        String address = softlyHeld.get(0);
        JsonNode object = json(run("object", dump.toString(), address, "--format", "json"));
        assertThat(object.get("retainedSize").asLong()).isZero(); // no strong path: it retains nothing
        assertThat(object.get("referrers").get(0).get("class").asText()).isEqualTo("java.lang.ref.SoftReference");
        assertThat(object.get("referrers").get(0).get("via").asText()).isEqualTo("referent (weak)");

        JsonNode paths = json(run("paths", dump.toString(), address, "--format", "json"));
        assertThat(paths.get("reachable").asBoolean()).isFalse();
        assertThat(paths.get("weaklyReachable").asBoolean()).isTrue();
        JsonNode steps = paths.get("paths").get(0).get("steps");
        assertThat(steps.get(steps.size() - 1).get("via").asText()).isEqualTo("referent (weak)");
        assertThat(run("paths", dump.toString(), address).out()).startsWith("No strong reference path reaches " + address);
    }

    @Test
    void aDumpCutShortIsReadUpToTheCutWithAWarningOrRefusedWhenStrict() throws IOException {
        byte[] whole = Files.readAllBytes(dump);
        Path cut = dir.resolve("cut.hprof");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length * 2 / 3));
        Result r = run("summary", cut.toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.errLines().get(0)).startsWith("heaplens: warning: " + cut + ": file ends at offset "
                + whole.length * 2 / 3 + " inside the HEAP DUMP SEGMENT record").endsWith("(--strict makes this fatal)");
        if (HprofGraphReader.read(HprofSource.of(cut)).graph().rootCount() > 0) {
            // JDK 21+ HotSpot writes the roots before the objects: a cut keeps them, and nothing more is said.
            assertThat(r.errLines()).hasSize(1);
            return;
        }
        // JDK 17 HotSpot writes the roots last: cut at two thirds, the dump has none, and says so.
        assertThat(r.errLines()).hasSize(2);
        assertThat(r.errLines().get(1)).startsWith("heaplens: warning: " + cut + ": the dump has no GC roots (cut before them?)");
        String someAddress = "0x" + Long.toHexString(HprofGraphReader.read(HprofSource.of(cut)).graph().address(0));
        Result paths = run("paths", cut.toString(), someAddress);
        assertThat(paths.exitCode()).as(paths.toString()).isZero();
        assertThat(paths.out()).contains("the dump has no GC roots (cut before them?)").doesNotContain("garbage");
        assertThat(run("top", cut.toString()).errLines()).anyMatch(l -> l.contains("the dump has no GC roots"));
        long objects = new ObjectMapper().readTree(r.out()).get("objects").asLong();
        assertThat(objects).isPositive().isLessThan(heap.graph().objectCount());

        Result strict = run("summary", cut.toString(), "--strict");
        assertThat(strict.exitCode()).isEqualTo(2);
        assertThat(strict.errLines()).hasSize(1);
        assertThat(strict.errLines().get(0)).startsWith("heaplens: " + cut + ": offset ").contains("(truncated?)");
    }
}
