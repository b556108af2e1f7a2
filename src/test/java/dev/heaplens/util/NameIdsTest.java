package dev.heaplens.util;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NameIdsTest {
    @Test
    void namesGetIdsInTheOrderFirstMet() {
        NameIds ids = new NameIds();
        assertThat(ids.idOf("b")).isEqualTo(0);
        assertThat(ids.idOf("a")).isEqualTo(1);
        assertThat(ids.idOf("b")).isEqualTo(0);
        assertThat(ids.idOf("")).isEqualTo(2);
        assertThat(ids.size()).isEqualTo(3);
        assertThat(ids.names()).containsExactly("b", "a", "");
        assertThat(ids.name(1)).isEqualTo("a");
    }

    @Test
    void findGivesNoIdToANewName() {
        NameIds ids = new NameIds();
        ids.idOf("x");
        assertThat(ids.find("x")).isZero();
        assertThat(ids.find("y")).isEqualTo(-1);
        assertThat(ids.size()).isEqualTo(1);
    }

    @Test
    void theNamesAreAViewThatCannotBeChanged() {
        NameIds ids = new NameIds();
        List<String> names = ids.names();
        ids.idOf("later");
        assertThat(names).containsExactly("later");
        assertThatThrownBy(() -> names.add("z")).isInstanceOf(UnsupportedOperationException.class);
    }
}
