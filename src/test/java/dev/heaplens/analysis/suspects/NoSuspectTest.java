package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.testheap.TestHeap;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A heap where no object and no class holds more than the threshold gets no suspect, said as such, in both runtimes. */
class NoSuspectTest {
    @TempDir
    Path dir;

    @Test
    void aHeapOfManySmallHoldersHasNoSuspect() throws IOException {
        TestHeap h = new TestHeap();
        List<TestHeap.Cls> classes = new ArrayList<>();
        for (int c = 0; c < 20; c++) {
            classes.add(h.cls("Holder" + c, 1, 40));
        }
        for (TestHeap.Cls c : classes) {
            for (int i = 0; i < 5; i++) {
                long holder = h.object(c);
                h.root(holder); // 5 of 20 classes' objects: each class 5%, each object 1%
            }
        }
        for (Path dump : List.of(h.writeRuby(dir.resolve("flat.json")), h.writeHprof(dir.resolve("flat.hprof")))) {
            CliTestSupport.Result json = CliTestSupport.run("suspects", dump.toString(), "--format", "json", "--no-index");
            assertThat(json.exitCode()).as(json.toString()).isZero();
            assertThat(new ObjectMapper().readTree(json.out()).get("suspects")).as(dump.toString()).isEmpty();
            CliTestSupport.Result text = CliTestSupport.run("suspects", dump.toString(), "--no-index");
            assertThat(text.out()).contains("No suspect: no object and no class that the GC roots hold retains more than 10.0%");
            // the same heap at a lower threshold has group suspects: the test can fail
            CliTestSupport.Result low = CliTestSupport.run("suspects", dump.toString(), "--threshold", "4", "--format", "json",
                    "--no-index");
            assertThat(new ObjectMapper().readTree(low.out()).get("suspects").size()).isEqualTo(20);
        }
    }
}
