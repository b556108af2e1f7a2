package dev.heaplens.fuzz;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HostileRunTest {
    @Test
    void aChildJvmRunsTheCliWithItsOwnHeap(@TempDir Path dir) throws Exception {
        Path garbage = Files.write(dir.resolve("garbage.bin"), new byte[] {1, 2, 3});
        HostileRun.Outcome o = HostileRun.child(Duration.ofSeconds(30), 64, "summary", garbage.toString()).assertHeld("garbage");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).startsWith("heaplens: ");
    }

    @Test
    void aStackTraceIsCaught() {
        HostileRun.Outcome traced = new HostileRun.Outcome(1, "", "Exception in thread \"main\"\n\tat x.y(Z.java:1)\n",
                Duration.ZERO, false);
        assertThatThrownBy(() -> traced.assertHeld("trace")).isInstanceOf(AssertionError.class);
        HostileRun.Outcome late = new HostileRun.Outcome(-1, "", "", Duration.ofSeconds(9), true);
        assertThatThrownBy(() -> late.assertHeld("hang")).isInstanceOf(AssertionError.class);
    }
}
