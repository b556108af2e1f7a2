import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The threads benchmark's workload (bench/threads.sh): a heap of about 3 million objects held by a
 * static map, and 200 threads, each 10 frames deep, each frame holding a list of 10 small arrays
 * (24,000 objects held by thread locals only), parked until the process is killed.
 * Run: java bench/ThreadsBench.java
 */
public class ThreadsBench {
    static final Map<String, List<Object>> SHARED = new HashMap<>();
    static final CountDownLatch NEVER = new CountDownLatch(1);
    static final CountDownLatch PARKED = new CountDownLatch(200);

    static int hold(int depth) throws InterruptedException {
        List<Object> mine = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            mine.add(new long[8]);
        }
        if (depth > 1) {
            return hold(depth - 1) + mine.size();
        }
        PARKED.countDown();
        NEVER.await();
        return mine.size();
    }

    public static void main(String[] args) throws InterruptedException {
        for (int i = 0; i < 500_000; i++) {
            List<Object> values = new ArrayList<>();
            values.add(new int[4]);
            SHARED.put("key-" + i, values);
        }
        for (int t = 0; t < 200; t++) {
            new Thread(() -> {
                try {
                    hold(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "worker-" + t).start();
        }
        PARKED.await();
        System.out.println("pid " + ProcessHandle.current().pid() + " ready");
    }
}
