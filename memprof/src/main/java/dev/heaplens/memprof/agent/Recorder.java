package dev.heaplens.memprof.agent;

/**
 * What instrumented allocation sites call, right after the object exists. Public and static so
 * that application classes in any class loader that sees the agent can call it; it does nothing
 * until the agent has started.
 */
public final class Recorder {
    private static volatile Tracker tracker;

    private Recorder() {
    }

    static void start(Tracker t) {
        tracker = t;
    }

    static Tracker tracker() {
        return tracker;
    }

    /** A new object, array, clone or reflectively made object. */
    public static void record(Object o) {
        Tracker t = tracker;
        if (t != null && o != null) {
            t.track(o);
        }
    }

    /** A multi-dimensional array: it and every array under it were made at this site. */
    public static void recordMulti(Object array) {
        Tracker t = tracker;
        if (t != null && array != null) {
            t.trackMulti(array);
        }
    }
}
