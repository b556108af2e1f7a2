package dev.heaplens.gc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Snapshots of counters (Ruby's GC.stat), in columns: one time per snapshot (epoch microseconds,
 * or the snapshot's index when the data has no times) and one long column per key; a key missing
 * from a snapshot reads as -1. Text values (latest_gc_info's major_by, gc_by) are kept per
 * snapshot too.
 */
public final class GcSamples {
    private int size;
    private long[] time = new long[16];
    private final List<String> keys = new ArrayList<>();
    private final Map<String, Integer> keyIds = new HashMap<>();
    private final List<long[]> columns = new ArrayList<>();
    private final List<String> textKeys = new ArrayList<>();
    private final Map<String, String[]> texts = new HashMap<>();
    private boolean timed;

    /** Starts a snapshot; values set next belong to it. */
    public int add(long timeMicros, boolean hasTime) {
        if (size == time.length) {
            time = Arrays.copyOf(time, size * 2);
            for (int k = 0; k < columns.size(); k++) {
                columns.set(k, grow(columns.get(k), size * 2));
            }
            for (Map.Entry<String, String[]> t : texts.entrySet()) {
                t.setValue(Arrays.copyOf(t.getValue(), size * 2));
            }
        }
        time[size] = timeMicros;
        timed |= hasTime;
        for (long[] c : columns) {
            c[size] = -1;
        }
        return size++;
    }

    private static long[] grow(long[] a, int n) {
        long[] b = Arrays.copyOf(a, n);
        Arrays.fill(b, a.length, n, -1);
        return b;
    }

    public void set(String key, long value) {
        Integer k = keyIds.get(key);
        if (k == null) {
            k = keys.size();
            keys.add(key);
            keyIds.put(key, k);
            long[] c = new long[time.length];
            Arrays.fill(c, -1);
            columns.add(c);
        }
        columns.get(k)[size - 1] = value;
    }

    public void setText(String key, String value) {
        String[] t = texts.get(key);
        if (t == null) {
            t = new String[time.length];
            texts.put(key, t);
            textKeys.add(key);
        }
        t[size - 1] = value;
    }

    public int size() {
        return size;
    }

    /** True when the snapshots carry times (otherwise time is the index). */
    public boolean timed() {
        return timed;
    }

    public long time(int sample) {
        return time[sample];
    }

    /** Keys in the order first seen. */
    public List<String> keys() {
        return keys;
    }

    public boolean has(String key) {
        return keyIds.containsKey(key);
    }

    /** The value of {@code key} in a snapshot, or -1. */
    public long get(int sample, String key) {
        Integer k = keyIds.get(key);
        return k == null ? -1 : columns.get(k)[sample];
    }

    public List<String> textKeys() {
        return textKeys;
    }

    public String text(int sample, String key) {
        String[] t = texts.get(key);
        return t == null ? null : t[sample];
    }
}
