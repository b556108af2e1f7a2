package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.analysis.suspects.probe.ReferencesProbe;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM keeps 20,000 arrays of 1,000 bytes behind soft references, 2,000 objects waiting for
 * a finalizer thread stuck in the first, and one class loaded by two loaders of its own besides the application's
 * ({@link ReferencesProbe}). The weakly-reachable finding holds at least those arrays, the finalizers
 * finding at least the objects that wait (all but the one running), and the classes-loaded-twice
 * finding names the class with its three loaders.
 */
class JvmReferenceFindingsTest {
    @TempDir
    static Path dir;
    private static Path dump;

    @BeforeAll
    static void keepAndDump() throws Exception {
        dump = dir.resolve("references.hprof");
        WasteFindings.dumpChild(ReferencesProbe.class, dump, "256m", List.of());
    }

    @Test
    void softlyHeldArraysAreWeaklyReachable() throws Exception {
        JsonNode f = WasteFindings.finding(dump, "weakly-reachable", "--no-index");
        // each array is a 16-byte header and its 1,000 bytes with this JVM's compressed layout
        assertThat(f.get("objects").asLong()).isGreaterThanOrEqualTo(ReferencesProbe.SOFT);
        assertThat(f.get("bytes").asLong()).isGreaterThanOrEqualTo(1016L * ReferencesProbe.SOFT);
    }

    @Test
    void objectsWaitingForTheStuckFinalizerAreCounted() throws Exception {
        JsonNode f = WasteFindings.finding(dump, "finalizers", "--no-index");
        assertThat(f.get("objects").asLong()).isGreaterThanOrEqualTo(ReferencesProbe.FINALIZABLE - 1L);
        assertThat(f.get("text").asText()).contains("wait for finalization");
    }

    @Test
    void theClassLoadedByTwoLoadersIsNamed() throws Exception {
        JsonNode f = WasteFindings.finding(dump, "classes-loaded-twice", "--no-index");
        // the application's loader (the probe names Twice.class) and the probe's two
        assertThat(f.get("classes").toString()).contains(ReferencesProbe.Twice.class.getName() + " (3 loaders)");
    }
}
