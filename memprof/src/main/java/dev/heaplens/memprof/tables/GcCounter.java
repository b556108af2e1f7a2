package dev.heaplens.memprof.tables;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.NotificationEmitter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts garbage collections as they end (the JVM's GC notifications), for MEMPROF_MIN_GCS:
 * an object born at count c has survived n GCs once the count is c + n.
 */
final class GcCounter {
    private final AtomicInteger count = new AtomicInteger();

    static GcCounter start() {
        GcCounter counter = new GcCounter();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener((n, handback) -> {
                    if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                        counter.count.incrementAndGet();
                    }
                }, null, null);
            }
        }
        return counter;
    }

    int count() {
        return count.get();
    }

    /** GC notifications come on another thread, after the GC: waits (up to 2 s) until this one's has. */
    void awaitAbove(int before) {
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (count.get() <= before && System.nanoTime() < deadline) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
