package dev.heaplens.format.gclog;

import dev.heaplens.gc.GcEventType;
import dev.heaplens.gc.GcEvents;

import java.util.Arrays;

/**
 * Events with the {@link BeanRole} of each, kept until the log is read: only then is the collector
 * (and so each bean's name) known for sure.
 */
final class RoledEvents {
    final GcEvents events;
    private byte[] roles = new byte[256];

    RoledEvents(GcEvents events) {
        this.events = events;
    }

    int add(long time, long micros, GcEventType type, BeanRole role, String cause, long before, long after,
            long capacity, int id) {
        int e = events.add(time, micros, type, null, cause, before, after, capacity, id);
        if (e >= roles.length) {
            roles = Arrays.copyOf(roles, roles.length * 2);
        }
        roles[e] = (byte) role.ordinal();
        return e;
    }

    /** Names each event's bean under the collector and JDK release finally known. */
    void nameBeans(Collector collector, int jdk) {
        BeanRole[] all = BeanRole.values();
        for (int e = 0; e < events.size(); e++) {
            events.setCollector(e, all[roles[e]].beanName(collector, jdk));
        }
    }
}
