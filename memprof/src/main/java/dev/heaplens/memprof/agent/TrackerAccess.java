package dev.heaplens.memprof.agent;

import java.util.function.ToLongFunction;

/** What the API class needs of the agent's internals, and nothing more. */
public final class TrackerAccess {
    private TrackerAccess() {
    }

    /** The running tracker, or null when the agent has not started. */
    public static Tracker current() {
        return MemProfAgent.tracker();
    }

    /** Exact object sizes of the running JVM. */
    public static ToLongFunction<Object> sizeOf(Tracker t) {
        return t.sizes()::of;
    }
}
