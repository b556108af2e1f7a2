package dev.heaplens.format.hprof.probe;

import java.lang.reflect.Method;
import java.util.concurrent.CountDownLatch;

/**
 * Run in a child JVM: parks threads that hold known locals in known frames, prints its pid and
 * "ready", and waits (for jcmd Thread.print and GC.heap_dump) until its standard input closes.
 * "holder-array" holds an 8 MB byte[] in {@link #holdArray}, "holder-longs" a 4 MB long[] in
 * {@link #holdLongs}, "holder-deep" an int[100] in each of {@link #DEPTH} frames of
 * {@link #recurse}; on JDK 21+ a virtual thread "holder-virtual" holds a 2 MB byte[] in
 * {@link #holdVirtual}. Each local is used after the wait, so that it is live in its frame.
 * With "oom", one thread "filler" instead fills an array in {@link #fill} until the heap runs out.
 */
public final class ThreadsProbe {
    public static final int ARRAY_BYTES = 8 << 20;
    public static final int LONGS = 512 << 10;
    public static final int DEPTH = 20;
    public static final int DEEP_INTS = 100;
    public static final int VIRTUAL_BYTES = 2 << 20;
    static final CountDownLatch RELEASE = new CountDownLatch(1);
    static final CountDownLatch PARKED = new CountDownLatch(4);
    static volatile long sink;

    private ThreadsProbe() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("oom")) {
            Thread filler = new Thread(() -> sink = fill(), "filler");
            filler.start();
            filler.join();
            return;
        }
        start("holder-array", () -> sink = holdArray());
        start("holder-longs", () -> sink = holdLongs());
        start("holder-deep", () -> sink = recurse(DEPTH));
        if (!startVirtual()) {
            PARKED.countDown();
        }
        PARKED.await();
        Thread.sleep(200); // each thread from its countDown to its await
        System.out.println(ProcessHandle.current().pid() + " ready");
        System.out.flush();
        while (System.in.read() >= 0) {
            // wait for the test to close our input
        }
        RELEASE.countDown();
    }

    private static void start(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(name.endsWith("longs"));
        t.setPriority(name.endsWith("array") ? 7 : 5);
        t.start();
    }

    static long holdArray() {
        byte[] data = new byte[ARRAY_BYTES];
        park();
        return data.length;
    }

    static long holdLongs() {
        long[] data = new long[LONGS];
        park();
        return data.length;
    }

    static long recurse(int depth) {
        int[] mine = new int[DEEP_INTS];
        long below = depth > 1 ? recurse(depth - 1) : park();
        return below + mine.length;
    }

    static long holdVirtual() {
        byte[] data = new byte[VIRTUAL_BYTES];
        park();
        return data.length;
    }

    static long park() {
        PARKED.countDown();
        try {
            RELEASE.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** Thread.ofVirtual().name("holder-virtual").start(...) where the JDK has it (21+), by reflection: tests compile for 17. */
    private static boolean startVirtual() throws Exception {
        Method ofVirtual;
        try {
            ofVirtual = Thread.class.getMethod("ofVirtual");
        } catch (NoSuchMethodException e) {
            return false;
        }
        Object builder = ofVirtual.invoke(null);
        Class<?> builderType = Class.forName("java.lang.Thread$Builder");
        builder = builderType.getMethod("name", String.class).invoke(builder, "holder-virtual");
        Runnable body = () -> sink = holdVirtual();
        builderType.getMethod("start", Runnable.class).invoke(builder, body);
        return true;
    }

    /** Fills an array with 1 MB arrays until the heap runs out: the dump names this frame. */
    static long fill() {
        Object[] chunks = new Object[100_000];
        for (int i = 0; i < chunks.length; i++) {
            chunks[i] = new byte[1 << 20];
        }
        return chunks.length;
    }
}
