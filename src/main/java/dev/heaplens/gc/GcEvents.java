package dev.heaplens.gc;

import dev.heaplens.util.NameIds;

import java.util.Arrays;
import java.util.List;

/**
 * GC events in columns of primitives (a long log holds hundreds of thousands of them): time and
 * duration in microseconds, heap sizes in bytes (-1 when the log does not say), the collector
 * ({@code GarbageCollectorMXBean} name that counts the event, or none) and the cause as ids into
 * small string tables.
 */
public final class GcEvents {
    /** Unknown size or duration. */
    public static final long UNKNOWN = -1;

    private int size;
    private long[] time = new long[64];
    private long[] duration = new long[64];
    private long[] before = new long[64];
    private long[] after = new long[64];
    private long[] capacity = new long[64];
    private int[] gcId = new int[64];
    private byte[] type = new byte[64];
    private short[] collector = new short[64];
    private short[] cause = new short[64];
    private final Names collectors = new Names();
    private final Names causes = new Names();

    /**
     * Adds an event.
     *
     * @param timeMicros   when it ended (or, for a cycle without an end, started), in the log's time base
     * @param collectorName the bean that counts it, or null for none
     * @param causeName     the logged cause, or null
     * @return the event's index
     */
    public int add(long timeMicros, long durationMicros, GcEventType eventType, String collectorName, String causeName,
                   long beforeBytes, long afterBytes, long capacityBytes, int id) {
        if (size == time.length) {
            grow();
        }
        time[size] = timeMicros;
        duration[size] = durationMicros;
        type[size] = (byte) eventType.ordinal();
        collector[size] = (short) collectors.id(collectorName);
        cause[size] = (short) causes.id(causeName);
        before[size] = beforeBytes;
        after[size] = afterBytes;
        capacity[size] = capacityBytes;
        gcId[size] = id;
        return size++;
    }

    private void grow() {
        int n = time.length * 2;
        time = Arrays.copyOf(time, n);
        duration = Arrays.copyOf(duration, n);
        before = Arrays.copyOf(before, n);
        after = Arrays.copyOf(after, n);
        capacity = Arrays.copyOf(capacity, n);
        gcId = Arrays.copyOf(gcId, n);
        type = Arrays.copyOf(type, n);
        collector = Arrays.copyOf(collector, n);
        cause = Arrays.copyOf(cause, n);
    }

    public int size() {
        return size;
    }

    public long time(int e) {
        return time[e];
    }

    public long duration(int e) {
        return duration[e];
    }

    /** Changes an event's duration (a cycle's time is known only when its last phase is read). */
    public void setDuration(int e, long micros) {
        duration[e] = micros;
    }

    /** Moves an event's end and duration (a pause found to be nested in a longer one takes the outer's). */
    public void setEnd(int e, long timeMicros, long durationMicros) {
        time[e] = timeMicros;
        duration[e] = durationMicros;
    }

    /** Sets an event's heap sizes (JDK 8's G1 logs them on a line after the pause's). */
    public void setHeap(int e, long beforeBytes, long afterBytes, long capacityBytes) {
        before[e] = beforeBytes;
        after[e] = afterBytes;
        capacity[e] = capacityBytes;
    }

    /** Names the bean that counts an event (known only once the whole log is read). */
    public void setCollector(int e, String collectorName) {
        collector[e] = (short) collectors.id(collectorName);
    }

    public GcEventType type(int e) {
        return GcEventType.of(type[e]);
    }

    /** The collector's id, or -1; its name is {@link #collectorName(int)}. */
    public int collector(int e) {
        return collector[e];
    }

    public int cause(int e) {
        return cause[e];
    }

    public long before(int e) {
        return before[e];
    }

    public long after(int e) {
        return after[e];
    }

    public long capacity(int e) {
        return capacity[e];
    }

    public int gcId(int e) {
        return gcId[e];
    }

    /** The collector bean names, in the order first seen. */
    public List<String> collectorNames() {
        return collectors.names();
    }

    public String collectorName(int id) {
        return collectors.name(id);
    }

    public List<String> causeNames() {
        return causes.names();
    }

    /** How many events' causes show as "(other)": the log named more distinct causes than their ids hold. */
    public long foldedCauses() {
        return causes.folded;
    }

    public String causeName(int id) {
        return causes.name(id);
    }

    /**
     * A few distinct strings (collectors, causes) as short ids; null is -1. A log with more
     * distinct names than a short holds (a hostile one) gets one id, "(other)", for all the
     * names after the first 32,766, and counts them.
     */
    private static final class Names {
        static final String OTHER = "(other)";
        final NameIds ids = new NameIds();
        /** Names given the id of "(other)", once for each time they were met. */
        long folded;

        int id(String name) {
            if (name == null) {
                return -1;
            }
            int id = ids.find(name);
            if (id >= 0) {
                return id;
            }
            if (ids.size() < Short.MAX_VALUE - 1) {
                return ids.idOf(name);
            }
            folded++;
            return ids.idOf(OTHER);
        }

        List<String> names() {
            return ids.names();
        }

        String name(int id) {
            return id < 0 ? null : ids.name(id);
        }
    }
}
