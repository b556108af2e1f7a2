package dev.heaplens.analysis.graph;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ClassNameSuggestionsTest {
    @Test
    void editDistanceIsLevenshteins() {
        assertThat(ClassNameSuggestions.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(ClassNameSuggestions.distance("", "abc")).isEqualTo(3);
        assertThat(ClassNameSuggestions.distance("flaw", "lawn")).isEqualTo(2);
        assertThat(ClassNameSuggestions.distance("same", "same")).isZero();
    }

    @Test
    void closestFirstAtMostThreeAndNothingFarAway() {
        List<String> names = List.of("Hash", "Array", "HashMap", "String", "Hsah", "java.util.HashMap");
        assertThat(ClassNameSuggestions.closest("hsh", names)).containsExactly("Hash", "Hsah");
        assertThat(ClassNameSuggestions.closest("Hashmap", names)).containsExactly("HashMap", "Hash"); // Hsah is 5 edits away, over max(3, 7 / 2)
        assertThat(ClassNameSuggestions.closest("Zebra", List.of("java.util.concurrent.ConcurrentHashMap"))).isEmpty();
    }
}
