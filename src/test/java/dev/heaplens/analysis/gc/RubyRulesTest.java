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

    /**
     * One snapshot a second for {@code seconds}: {@code gcsPerSecond} GCs a second, {@code gcMillisPerSecond}
     * of GC time a second, every {@code majorEvery}-th GC a major one by {@code majorBy}.
     */
    private static GcLog busy(int seconds, int gcsPerSecond, int gcMillisPerSecond, int majorEvery, String majorBy) {
        GcSamples s = new GcSamples();
        for (int i = 0; i <= seconds; i++) {
            s.add(i * 1_000_000L, true);
            long count = (long) i * gcsPerSecond;
            s.set("count", count);
            s.set("major_gc_count", count / majorEvery);
            s.set("minor_gc_count", count - count / majorEvery);
            s.set("time", (long) i * gcMillisPerSecond);
            s.set("heap_available_slots", 40_000);
            s.setText("latest_gc_info.major_by", i > 0 && i % 2 == 0 ? majorBy : "nil");
            s.setText("latest_gc_info.gc_by", "newobj");
        }
        return new GcLog(GcRuntime.RUBY, "Ruby RGenGC", "3.1.7", false, new GcEvents(), s, null, 0, 0, List.of("x"), List.of());
    }

    @Test
    void muchTimeInGcAndFrequentGcsEachGetTheirSetting() {
        // 60 s, 12 GCs a second (720 a minute), 129 ms of GC a second (12.9%)
        List<Finding> f = RubyGcAnalysis.of(busy(60, 12, 129, 1000, "nil")).findings();
        assertThat(f).extracting(Finding::rule, Finding::setting, Finding::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("gc-time-share", "RUBY_GC_HEAP_FREE_SLOTS_GOAL_RATIO", "0.60"),
                org.assertj.core.groups.Tuple.tuple("frequent-gcs", "RUBY_GC_HEAP_GROWTH_FACTOR", "2.0"));
        assertThat(f.get(0).threshold()).isEqualTo("GC time ≥ 10% of wall time");
        assertThat(f.get(0).evidence()).isEqualTo("GC ran 7,740 ms of 60,000 ms (12.9%)");
        assertThat(f.get(1).threshold()).isEqualTo("≥ 600 GCs a minute");
        assertThat(f.get(1).evidence()).isEqualTo("720 GCs a minute (720 over 60,000 ms)");
        // just under both thresholds: nothing
        assertThat(RubyGcAnalysis.of(busy(60, 9, 99, 1000, "nil")).findings()).isEmpty();
        // the same rates over a burst of 9 s: not judged
        assertThat(RubyGcAnalysis.of(busy(9, 12, 129, 1000, "nil")).findings()).isEmpty();
    }

    @Test
    void nofreeAndForcedMajorGcsEachGetTheirSetting() {
        List<Finding> nofree = RubyGcAnalysis.of(busy(20, 1, 1, 2, "nofree")).findings();
        assertThat(nofree).extracting(Finding::rule, Finding::setting, Finding::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("nofree-majors", "RUBY_GC_HEAP_FREE_SLOTS_MIN_RATIO", "0.30"));
        assertThat(nofree.get(0).evidence()).isEqualTo("10 of 10 major GCs with a known cause ran because a sweep left "
                + "too few free slots");
        List<Finding> force = RubyGcAnalysis.of(busy(20, 1, 1, 2, "force")).findings();
        assertThat(force).extracting(Finding::rule, Finding::setting, Finding::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("forced-majors", "RUBY_GC_HEAP_INIT_SLOTS", "40000"));
    }
}
