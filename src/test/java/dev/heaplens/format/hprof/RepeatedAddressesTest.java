package dev.heaplens.format.hprof;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Repeats counted against a known number: exact for small dumps, a close estimate past the sample. */
class RepeatedAddressesTest {
    private static final long BASE = 0x7f00_0000_0000L;

    @Test
    void smallDumpsAreCountedExactly() {
        RepeatedAddresses r = new RepeatedAddresses();
        for (int i = 0; i < 15_000; i++) {
            r.offer(BASE + 16L * i);
        }
        for (int i = 0; i < 1_234; i++) {
            r.offer(BASE + 16L * i * 7);
        }
        assertThat(r.exact()).isTrue();
        assertThat(r.repeats()).isEqualTo(1_234);
    }

    @Test
    void pastTheSampleTheEstimateIsCloseAndNeverInventsRepeats() {
        RepeatedAddresses clean = new RepeatedAddresses();
        RepeatedAddresses repeated = new RepeatedAddresses();
        int objects = 3_000_000;
        int segment = 60_000; // a heap segment written twice
        for (int i = 0; i < objects; i++) {
            long address = BASE + 24L * i;
            clean.offer(address);
            repeated.offer(address);
            if (i == objects / 2) {
                for (int k = 0; k < segment; k++) {
                    repeated.offer(BASE + 24L * (k + 1000));
                }
            }
        }
        assertThat(clean.exact()).isFalse();
        assertThat(clean.repeats()).isZero(); // only an address met twice counts: sampling cannot invent one
        assertThat(repeated.exact()).isFalse();
        assertThat(repeated.repeats()).isBetween(segment * 8L / 10, segment * 12L / 10);
    }

    @Test
    void partsOfOneDumpAddUpAcrossTheirSamples() {
        RepeatedAddresses first = new RepeatedAddresses();
        RepeatedAddresses second = new RepeatedAddresses();
        for (int i = 0; i < 1_000_000; i++) {
            first.offer(BASE + 16L * i);
        }
        for (int i = 900_000; i < 1_100_000; i++) { // 100,000 overlap the first part
            second.offer(BASE + 16L * i);
        }
        first.addAll(second);
        assertThat(first.repeats()).isBetween(80_000L, 120_000L);
    }
}
