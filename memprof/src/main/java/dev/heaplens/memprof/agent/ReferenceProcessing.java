package dev.heaplens.memprof.agent;

import java.lang.reflect.Method;

/**
 * Waits until the JVM's reference handler has enqueued every reference the last GC cleared
 * ({@code java.lang.ref.Reference.waitForReferenceProcessing}, the wait the JDK itself uses
 * before giving up on direct memory). The agent opens java.lang.ref to itself for this. Without
 * it, falls back to waiting until a reference cleared by a fresh GC has been enqueued.
 */
final class ReferenceProcessing {
    private static final Method WAIT = find();

    private ReferenceProcessing() {
    }

    private static Method find() {
        try {
            Method m = java.lang.ref.Reference.class.getDeclaredMethod("waitForReferenceProcessing");
            m.setAccessible(true);
            return m;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    static void await() {
        try {
            if (WAIT != null) {
                while ((Boolean) WAIT.invoke(null)) {
                    // more were pending: wait again until none are
                }
                return;
            }
            fallback();
        } catch (ReflectiveOperationException e) {
            fallback();
        }
    }

    private static void fallback() {
        java.lang.ref.ReferenceQueue<Object> q = new java.lang.ref.ReferenceQueue<>();
        java.lang.ref.WeakReference<Object> canary = new java.lang.ref.WeakReference<>(new Object(), q);
        System.gc();
        try {
            q.remove(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        java.lang.ref.Reference.reachabilityFence(canary);
    }
}
