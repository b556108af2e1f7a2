package dev.heaplens.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A value worked out once whoever asks: eight threads asking at once while the work is held get
 * one run and the same value; what the work threw reaches every asker as it was thrown.
 */
class WorkedOnceTest {
    @Test
    void manyAskersGetOneRunAndOneValue() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch begun = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        WorkedOnce<Object> once = new WorkedOnce<>(() -> {
            runs.incrementAndGet();
            begun.countDown();
            release.await(30, TimeUnit.SECONDS);
            return new Object();
        });
        List<Object> got = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> askers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Thread t = new Thread(() -> got.add(once.get()));
            askers.add(t);
            t.start();
        }
        assertThat(begun.await(30, TimeUnit.SECONDS)).isTrue();
        release.countDown();
        for (Thread t : askers) {
            t.join(30_000);
        }
        assertThat(runs).hasValue(1);
        assertThat(got).hasSize(8).containsOnly(got.get(0));
        assertThat(once.get()).isSameAs(got.get(0));
        assertThat(runs).hasValue(1);
    }

    @Test
    void whatTheWorkThrewReachesEveryAsker() {
        OutOfMemoryError error = new OutOfMemoryError("Java heap space");
        WorkedOnce<Object> failing = new WorkedOnce<>(() -> {
            throw error;
        });
        assertThatThrownBy(failing::get).isSameAs(error);
        assertThatThrownBy(failing::get).isSameAs(error);

        IllegalArgumentException runtime = new IllegalArgumentException("bad");
        WorkedOnce<Object> refused = new WorkedOnce<>(() -> {
            throw runtime;
        });
        assertThatThrownBy(refused::get).isSameAs(runtime);
    }
}
