package dev.heaplens.web;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.ReadListener;
import dev.heaplens.runtime.ReadOptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.heaplens.web.WebFixtures.ask;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web's key menus (app.js keyOption) offer the runtime's keys with the runtime's meaning of each as
 * their hover text: /api/info carries both, as HeapRuntime says them (the oracle), for both runtimes.
 */
class KeyMenusTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(WebFixtures.Kind.class)
    void infoOffersTheRuntimesKeysWithTheirMeanings(WebFixtures.Kind kind) {
        Path dump = new WebFixtures().write(dir, kind);
        HeapRuntime runtime = HeapRuntime.of(DumpInput.open(dump.toString(), System.in), ReadOptions.defaults(), ReadListener.QUIET);
        JsonNode served = ask(new Api(WebFixtures.workspace(List.of(dump), List.of())), "info").get("dumps").get(0);
        List<String> keys = new ArrayList<>();
        served.get("keys").forEach(k -> keys.add(k.asText()));
        Map<String, String> meanings = new LinkedHashMap<>();
        served.get("keyMeanings").fields().forEachRemaining(e -> meanings.put(e.getKey(), e.getValue().asText()));
        Map<String, String> expected = new LinkedHashMap<>();
        for (GroupBy key : runtime.graphKeys()) {
            expected.put(key.label(), runtime.keyMeaning(key));
        }
        assertThat(keys).containsExactlyElementsOf(expected.keySet());
        assertThat(meanings).containsExactlyEntriesOf(expected);
    }
}
