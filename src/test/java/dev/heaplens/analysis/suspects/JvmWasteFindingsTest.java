package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.analysis.suspects.probe.WasteProbe;
import java.nio.file.Path;
import java.util.ArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM keeps known waste ({@link WasteProbe}): 150,000 empty byte arrays, 50,000 empty
 * Object arrays, 60,000 empty ArrayLists and 20,000 cleared HashMaps, beside 40,000 int arrays and
 * 10,000 lists of one element. Each finding counts at least what the program made of each class
 * and at most 1% more (the JDK's own), and leaves the near misses out. Read from the dump and
 * through the index alike.
 */
class JvmWasteFindingsTest {
    @TempDir
    static Path dir;
    private static Path dump;

    @BeforeAll
    static void keepAndDump() throws Exception {
        dump = dir.resolve("empty.hprof");
        WasteFindings.dumpChild(WasteProbe.class, dump, "64m");
    }

    private static JsonNode finding(String check, String... extra) throws Exception {
        return WasteFindings.finding(dump, check, extra);
    }

    @Test
    void theArraysTheProgramKeptAreCountedByClassAndTheOneElementArraysAreNot() throws Exception {
        JsonNode f = finding("zero-length-arrays", "--no-index");
        long bytes = count(f, "byte[]");
        long objects = count(f, "java.lang.Object[]");
        assertThat(bytes).isBetween((long) WasteProbe.EMPTY_BYTES, WasteProbe.EMPTY_BYTES * 101L / 100);
        assertThat(objects).isBetween((long) WasteProbe.EMPTY_OBJECTS, WasteProbe.EMPTY_OBJECTS * 101L / 100);
        assertThat(f.get("classes").toString()).doesNotContain("int[] (4"); // the 40,000 one-element int arrays
        assertThat(f.get("objects").asLong()).isLessThan(bytes + objects + WasteProbe.ONE_INT / 10);
        // a zero-length array is its header alone: 16 bytes with this JVM's compressed layout
        assertThat(f.get("bytes").asLong()).isEqualTo(16 * f.get("objects").asLong());
        assertThat(f.get("text").asText()).contains("arrays have no element");
        assertThat(finding("zero-length-arrays")).isEqualTo(f); // writes the index
        assertThat(finding("zero-length-arrays")).isEqualTo(f); // reads it
    }

    /**
     * In a layout where an array of one element takes what an empty one takes (uncompressed, JDK 22:
     * 20 header bytes aligned to 24), the size does not say the length: the candidates' records are
     * read in file order, and the one-element int arrays, of an empty one's size there, are left out.
     */
    @Test
    void whereTheSizeDoesNotSayTheLengthTheRecordsDo() throws Exception {
        JsonNode f = finding("zero-length-arrays", "--no-index", "--layout", "uncompressed-jdk22");
        assertThat(count(f, "byte[]")).isBetween((long) WasteProbe.EMPTY_BYTES, WasteProbe.EMPTY_BYTES * 101L / 100);
        assertThat(count(f, "java.lang.Object[]")).isBetween((long) WasteProbe.EMPTY_OBJECTS, WasteProbe.EMPTY_OBJECTS * 101L / 100);
        assertThat(f.get("classes").toString()).doesNotContain("int[] (4");
        assertThat(f.get("bytes").asLong()).isEqualTo(24 * f.get("objects").asLong());
    }

    @Test
    void theEmptyAndClearedCollectionsAreCountedByClassAndTheListsOfOneAreNot() throws Exception {
        JsonNode f = finding("empty-collections", "--no-index");
        long lists = count(f, "java.util.ArrayList");
        long maps = count(f, "java.util.HashMap");
        // the lists of one would take the count past 1% more than the program made
        assertThat(lists).isBetween((long) WasteProbe.EMPTY_LISTS, WasteProbe.EMPTY_LISTS * 101L / 100);
        assertThat(maps).isBetween((long) WasteProbe.CLEARED_MAPS, WasteProbe.CLEARED_MAPS * 101L / 100);
        // a cleared HashMap keeps its 16-slot table: it retains more than its own 48 bytes
        assertThat(f.get("bytes").asLong()).isGreaterThan(24L * WasteProbe.EMPTY_LISTS + 48L * WasteProbe.CLEARED_MAPS);
        assertThat(f.get("text").asText()).contains("collections are empty");
        assertThat(finding("empty-collections")).isEqualTo(f);
        assertThat(finding("empty-collections")).isEqualTo(f);
    }

    private static long count(JsonNode finding, String cls) {
        return WasteFindings.count(finding, cls);
    }
}
