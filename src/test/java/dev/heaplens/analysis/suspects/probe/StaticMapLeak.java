package dev.heaplens.analysis.suspects.probe;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * A child JVM that leaks into a static map: {@link #ENTRIES} sessions, each with its own
 * {@link #PAYLOAD}-byte array, put in {@link #SESSIONS} and never removed; then a live heap dump
 * to {@code args[0]}.
 */
public final class StaticMapLeak {
    public static final int ENTRIES = 20_000;
    public static final int PAYLOAD = 1_000;
    static final Map<Integer, Session> SESSIONS = new HashMap<>();

    /** One leaked record. */
    public static final class Session {
        final int id;
        final byte[] payload;

        Session(int id) {
            this.id = id;
            this.payload = new byte[PAYLOAD];
        }
    }

    private StaticMapLeak() {
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < ENTRIES; i++) {
            SESSIONS.put(i, new Session(i));
        }
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        System.out.println("sessions " + SESSIONS.size());
        // the loaders as this JVM names them, for the test to compare with what the dump says
        System.out.println("loader " + StaticMapLeak.class.getClassLoader().getClass().getName());
        System.out.println("map loader " + HashMap.class.getClassLoader());
    }
}
