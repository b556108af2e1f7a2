package dev.heaplens.format.hprof;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class HprofLayoutNamesTest {
    @Test
    void aThirtyTwoBitDumpIsNotCalledCompact() {
        assertThat(HprofLayout.JVM_32.describe(4)).isEqualTo("32bit (8,12,4,8)");
        assertThat(HprofLayout.COMPACT_64.describe(8)).isEqualTo("compact (8,12,4,8)");
    }

    @Test
    void everyLayoutHasItsOwnName() {
        Set<String> names = new HashSet<>();
        names.add(HprofLayout.JVM_32.describe(4));
        for (HprofLayout l : new HprofLayout[] {HprofLayout.COMPRESSED_64, HprofLayout.COMPRESSED_CLASSES_64,
                HprofLayout.UNCOMPRESSED_64, HprofLayout.COMPACT_64}) {
            names.add(l.describe(8));
        }
        assertThat(names).hasSize(5).allMatch(n -> n.matches("[a-z0-9-]+ \\(\\d+,\\d+,\\d,\\d+\\)"));
        assertThat(new HprofLayout(12, 16, 4, 16).describe(8)).isEqualTo("12,16,4,16");
    }
}
