package com.example.memprof;

import java.lang.reflect.Method;

/**
 * Prints whether the agent's reaper thread (the one that forgets freed objects) runs under the
 * native library's guard, as the reaper read it back: waits up to 10 s for the thread to start.
 */
public final class ReaperGuard {
    public static void main(String[] args) throws Exception {
        Method tracker = Class.forName("dev.heaplens.memprof.agent.MemProfAgent").getDeclaredMethod("tracker");
        tracker.setAccessible(true);
        Object t = tracker.invoke(null);
        Method guarded = t.getClass().getDeclaredMethod("reaperGuardedInNative");
        guarded.setAccessible(true);
        boolean is = false;
        for (int i = 0; i < 1000 && !is; i++) {
            is = (Boolean) guarded.invoke(t);
            if (!is) {
                Thread.sleep(10);
            }
        }
        System.out.println("reaper guarded in native: " + is);
    }
}
