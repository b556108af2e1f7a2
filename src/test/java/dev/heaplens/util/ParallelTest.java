package dev.heaplens.util;

import dev.heaplens.HeaplensException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParallelTest {
    @Test
    void runsEveryIndexOnceAndWaitsForAll() throws IOException {
        AtomicIntegerArray ran = new AtomicIntegerArray(5);
        Parallel.run("test", 5, i -> {
            pause(10L * (5 - i)); // later indices finish first
            ran.incrementAndGet(i);
        });
        for (int i = 0; i < 5; i++) {
            assertThat(ran.get(i)).as("index %d", i).isEqualTo(1);
        }
    }

    @Test
    void theLowestFailingIndexWinsAfterEveryTaskEnded() {
        AtomicIntegerArray ended = new AtomicIntegerArray(4);
        assertThatThrownBy(() -> Parallel.run("test", 4, i -> {
            try {
                if (i == 3) {
                    throw new HeaplensException("third part is bad");
                }
                if (i == 1) {
                    pause(50); // fails later in time, but earlier in the file
                    throw new IOException("first part is bad");
                }
            } finally {
                ended.incrementAndGet(i);
            }
        })).isInstanceOf(IOException.class).hasMessage("first part is bad");
        for (int i = 0; i < 4; i++) {
            assertThat(ended.get(i)).as("index %d ended", i).isEqualTo(1);
        }
    }

    @Test
    void errorsInWorkersAreNotSwallowed() {
        assertThatThrownBy(() -> Parallel.runUnchecked("test", 2, i -> {
            if (i == 1) {
                throw new StackOverflowError("deep");
            }
        })).isInstanceOf(StackOverflowError.class);
    }

    @Test
    void oneTaskRunsOnTheCallingThread() throws IOException {
        Thread[] seen = new Thread[1];
        Parallel.run("test", 1, i -> seen[0] = Thread.currentThread());
        assertThat(seen[0]).isSameAs(Thread.currentThread());
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
