package dev.heaplens.format.gclog;

import dev.heaplens.gc.GcEventType;
import dev.heaplens.gc.GcEvents;
import dev.heaplens.gc.GcLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Unified Serial and CMS logs of JDK 9 to 11 (no such JDK here: lines written after their
 * GenCollectedHeap, where a young collection that falls back to a full one logs the full GC inside
 * the young's "Pause Young" under the same GC id): one stop, counted once, as a full GC.
 */
class UnifiedNestedFullTest {
    @Test
    void aFullGcNestedInAYoungOneIsOneFullGc(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("gc.log"), String.join("\n",
                "[0.004s][info][gc] Using Serial",
                "[0.500s][info][gc] GC(4) Pause Young (Allocation Failure) 30M->10M(64M) 5.000ms",
                "[1.000s][info][gc,start] GC(5) Pause Young (Allocation Failure)",
                "[1.020s][info][gc,start] GC(5) Pause Full (Allocation Failure)",
                "[1.080s][info][gc] GC(5) Pause Full (Allocation Failure) 60M->30M(64M) 60.000ms",
                "[1.081s][info][gc] GC(5) Pause Young (Allocation Failure) 62M->30M(64M) 81.000ms",
                "[2.000s][info][gc] GC(6) Pause Full (System.gc()) 40M->20M(64M) 30.000ms",
                "[2.500s][info][gc] GC(7) Pause Young (Allocation Failure) 50M->25M(64M) 4.000ms", ""));
        GcLog log = GcLogReader.read(List.of(GcInput.open(f.toString())));
        GcEvents e = log.events();
        assertThat(e.size()).isEqualTo(4);
        assertThat(e.type(1)).isEqualTo(GcEventType.FULL);
        assertThat(e.duration(1)).isEqualTo(81_000);
        assertThat(e.time(1)).isEqualTo(1_081_000);
        assertThat(e.before(1)).isEqualTo(62L << 20);
        assertThat(e.collectorName(e.collector(1))).isEqualTo("MarkSweepCompact");
        // a full GC under its own id, and a young one after it, stay two events
        assertThat(e.type(2)).isEqualTo(GcEventType.FULL);
        assertThat(e.type(3)).isEqualTo(GcEventType.YOUNG);
    }
}
