package com.example.memprof;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs under the agent in exact mode, so its native library is not loaded: loads it, asks it to
 * start sampling at an interval the JVM refuses (a negative one: the start fails after it took its
 * JNI global reference), dumps the heap to {@code args[0]}, then starts it properly and dumps the
 * heap to {@code args[1]}. Prints what each start answered.
 */
public final class FailedNativeStart {
    public static void main(String[] args) throws Exception {
        Class<?> sampler = Class.forName("dev.heaplens.memprof.sampling.NativeSampler");
        Method load = sampler.getDeclaredMethod("load");
        load.setAccessible(true);
        System.out.println("load: " + load.invoke(null));
        Method start = sampler.getDeclaredMethod("start", int.class, int.class);
        start.setAccessible(true);
        System.out.println("failed start: " + start.invoke(null, -1, 8));
        dump(args[0]);
        System.out.println("start: " + start.invoke(null, 1 << 30, 8));
        dump(args[1]);
    }

    private static void dump(String file) throws Exception {
        Files.deleteIfExists(Path.of(file));
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(file, true);
    }
}
