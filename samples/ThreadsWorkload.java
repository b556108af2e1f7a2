import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Three threads that hold known locals, for trying heaplens threads (README): "holder-array" holds
 * an 8 MB byte[] in holdArray, "holder-longs" a 4 MB long[], "holder-deep" an int[100] in each of
 * 20 nested frames. Run: java samples/ThreadsWorkload.java (it parks them for 60 s, then exits).
 */
public class ThreadsWorkload {
    static final CountDownLatch RELEASE = new CountDownLatch(1);
    static volatile long sink;

    static long holdArray() throws InterruptedException {
        byte[] data = new byte[8 << 20];
        // the frame's line below is what jstack and heaplens print for this thread
        RELEASE.await(60, TimeUnit.SECONDS);
        return data.length;
    }

    static long holdLongs() throws InterruptedException {
        long[] data = new long[512 << 10];
        RELEASE.await(60, TimeUnit.SECONDS);
        return data.length;
    }

    static long recurse(int depth) throws InterruptedException {
        int[] mine = new int[100];
        long below = depth > 1 ? recurse(depth - 1) : RELEASE.await(60, TimeUnit.SECONDS) ? 1 : 0;
        return below + mine.length;
    }

    interface Body {
        long run() throws InterruptedException;
    }

    static void start(String name, Body body) {
        new Thread(() -> {
            try {
                sink = body.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name).start();
    }

    public static void main(String[] args) {
        start("holder-array", ThreadsWorkload::holdArray);
        start("holder-longs", ThreadsWorkload::holdLongs);
        start("holder-deep", () -> recurse(20));
        System.out.println("pid " + ProcessHandle.current().pid() + ": three threads parked for 60 s");
    }
}
