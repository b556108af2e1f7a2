package com.example.memprof;

import dev.heaplens.memprof.MemProf;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Allocation from every place that could re-enter the profiler or deadlock with it, all while
 * the main thread logs: finalizers that allocate, class initializers that allocate, ThreadLocal
 * initial values that allocate, threads started while logging, and an Appendable that allocates
 * inside the log call (which must never be seen).
 */
public final class Hostile {
    static final List<Object> KEPT = new ArrayList<>();
    static final AtomicBoolean STOP = new AtomicBoolean();

    static final class Finalizable {
        final byte[] payload = new byte[64];

        @Override
        @SuppressWarnings({"deprecation", "removal"})
        protected void finalize() {
            synchronized (KEPT) {
                if (KEPT.size() < 10_000) {
                    KEPT.add(new int[4]);
                }
            }
        }
    }

    static final ThreadLocal<long[]> LOCAL = ThreadLocal.withInitial(() -> new long[16]);

    /** Loads and initialises a fresh class (each allocates in its static initializer) on demand. */
    static final class Lazy1 {
        static final Object[] DATA = new Object[32];
    }

    static final class Lazy2 {
        static final List<String> DATA = new ArrayList<>(List.of("a", "b"));
    }

    /** Allocates on every append: inside a log call, none of it may be recorded. */
    static final class AllocatingAppendable implements Appendable {
        final StringBuilder text = new StringBuilder();
        final List<Object> junk = new ArrayList<>();

        @Override
        public Appendable append(CharSequence s) {
            junk.add(new byte[100_000]); // site: appendable
            text.append(s);
            return this;
        }

        @Override
        public Appendable append(CharSequence s, int start, int end) {
            return append(s.subSequence(start, end));
        }

        @Override
        public Appendable append(char c) {
            return append(String.valueOf(c));
        }
    }

    public static void main(String[] args) throws Exception {
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            Thread worker = new Thread(Hostile::churn, "churn-" + t);
            worker.start();
            threads.add(worker);
        }
        Thread spawner = new Thread(() -> {
            while (!STOP.get()) {
                Thread child = new Thread(() -> LOCAL.get()[0]++);
                child.start();
                try {
                    child.join();
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "spawner");
        spawner.start();
        AllocatingAppendable out = new AllocatingAppendable();
        try {
            for (int round = 0; round < 3; round++) {
                MemProf.logAllocations(out);
                MemProf.prettyLogAllocations(out);
                if (round == 1) {
                    Object touch = Lazy1.DATA;
                    touch = Lazy2.DATA;
                    KEPT.add(touch);
                    MemProf.logObjectCounts(out);
                }
            }
        } finally {
            STOP.set(true);
        }
        for (Thread t : threads) {
            t.join();
        }
        spawner.join();
        System.out.println("appendable allocations: " + out.junk.size());
        MemProf.logAllocations(System.out);
    }

    private static void churn() {
        long n = 0;
        while (!STOP.get()) {
            new Finalizable();
            LOCAL.get()[1]++;
            if (++n % 1000 == 0) {
                Thread.yield();
            }
        }
    }
}
