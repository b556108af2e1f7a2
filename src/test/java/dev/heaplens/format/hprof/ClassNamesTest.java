package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClassNamesTest {
    @Test
    void convertsJvmNames() {
        assertThat(ClassNames.javaName("java/lang/String")).isEqualTo("java.lang.String");
        assertThat(ClassNames.javaName("[I")).isEqualTo("int[]");
        assertThat(ClassNames.javaName("[[J")).isEqualTo("long[][]");
        assertThat(ClassNames.javaName("[Ljava/lang/Object;")).isEqualTo("java.lang.Object[]");
        assertThat(ClassNames.javaName("[[Ljava/util/Map$Entry;")).isEqualTo("java.util.Map$Entry[][]");
        assertThat(ClassNames.javaName("a/B$$Lambda$12+0x800000010")).isEqualTo("a.B$$Lambda$12/0x800000010");
        assertThat(ClassNames.javaName("[Q")).isEqualTo("[Q");
    }
}
