package dev.heaplens.analysis.gc;

import dev.heaplens.gc.GcEvents;
import dev.heaplens.gc.GcLog;
import dev.heaplens.gc.GcRuntime;
import dev.heaplens.gc.GcSamples;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Ruby advice on hand-built series whose answer is known. */
class RubyRulesTest {
    private static GcLog series(String version, long[][] countsAndSlots, boolean perHeap) {
        GcSamples s = new GcSamples();
        for (int i = 0; i < countsAndSlots.length; i++) {
            s.add(i * 1_000_000L, true);
            s.set("count", countsAndSlots[i][0]);
            s.set("minor_gc_count", countsAndSlots[i][0]);
            s.set("major_gc_count", 0);
            s.set("heap_available_slots", countsAndSlots[i][1]);
            if (perHeap) {
                s.set("stat_heap.0.slot_size", 40);
                s.set("stat_heap.0.heap_eden_slots", countsAndSlots[i][1] * 3 / 4);
                s.set("stat_heap.1.slot_size", 80);
                s.set("stat_heap.1.heap_eden_slots", countsAndSlots[i][1] / 4);
            }
        }
        return new GcLog(GcRuntime.RUBY, "Ruby RGenGC", version, false, new GcEvents(), s, null, 0, 0, List.of("x"), List.of());
    }

    @Test
    void heapGrowthDuringWarmUpAsksForTheSlotsReached() {
        long[][] growing = {{2, 10_000}, {4, 16_000}, {6, 24_000}, {8, 40_000}, {9, 40_000}};
        List<Finding> f = RubyGcAnalysis.of(series("3.1.7", growing, false)).findings();
        assertThat(f).extracting(Finding::setting, Finding::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("RUBY_GC_HEAP_INIT_SLOTS", "40000"));
        assertThat(f.get(0).evidence()).isEqualTo("heap_available_slots grew from 10,000 to 40,000 over 6 GCs");

        List<Finding> perHeap = RubyGcAnalysis.of(series("3.3.0", growing, true)).findings();
        assertThat(perHeap).extracting(Finding::setting, Finding::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("RUBY_GC_HEAP_0_INIT_SLOTS", "30000"),
                org.assertj.core.groups.Tuple.tuple("RUBY_GC_HEAP_1_INIT_SLOTS", "10000"));
    }

    @Test
    void growthOverTooFewGcsOrTooLittleIsNoFinding() {
        long[][] fewGcs = {{2, 10_000}, {4, 40_000}, {6, 40_000}};       // 2 GCs while growing
        long[][] little = {{2, 10_000}, {20, 14_000}};                   // +40% only
        assertThat(RubyGcAnalysis.of(series("3.1.7", fewGcs, false)).findings()).isEmpty();
        assertThat(RubyGcAnalysis.of(series("3.1.7", little, false)).findings()).isEmpty();
    }
}
