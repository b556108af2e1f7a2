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

    @Test
    void tasksInTurnRunOnceEachOnFewerThreads() throws IOException {
        AtomicIntegerArray ran = new AtomicIntegerArray(40);
        java.util.Set<Thread> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        Parallel.inTurn("test", 3, 40, i -> {
            threads.add(Thread.currentThread());
            ran.incrementAndGet(i);
        });
        for (int i = 0; i < 40; i++) {
            assertThat(ran.get(i)).as("task %d", i).isEqualTo(1);
        }
        assertThat(threads.size()).isBetween(1, 3);
    }

    @Test
    void inTurnTheFirstFailingTaskWinsAndLaterTasksAreSkipped() {
        AtomicIntegerArray started = new AtomicIntegerArray(50);
        assertThatThrownBy(() -> Parallel.inTurn("test", 2, 50, i -> {
            started.incrementAndGet(i);
            if (i == 7) {
                pause(50); // fails later in time than task 9, but comes first
                throw new IOException("part 7 is bad");
            }
            if (i == 9) {
                throw new HeaplensException("part 9 is bad");
            }
        })).isInstanceOf(IOException.class).hasMessage("part 7 is bad");
        for (int i = 0; i <= 7; i++) {
            assertThat(started.get(i)).as("task %d started", i).isEqualTo(1);
        }
        int startedAfter = 0;
        for (int i = 10; i < 50; i++) {
            startedAfter += started.get(i);
        }
        assertThat(startedAfter).as("tasks after the failures").isZero(); // 9 fails before 10 is drawn
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
