package dev.heaplens.format.gclog;

/**
 * Which of a collector's {@code GarbageCollectorMXBean}s counts an event; the bean's name is known
 * only once the collector is (a rotated file may name it in a later line, or not at all).
 */
enum BeanRole {
    NONE, YOUNG, OLD, CONCURRENT, CYCLES, PAUSES, MINOR_CYCLES, MINOR_PAUSES, MAJOR_CYCLES, MAJOR_PAUSES;

    /**
     * The bean's name under {@code collector}, or null when no bean counts the event.
     *
     * @param jdk the JDK feature release, or -1 when unknown (then the newest naming is assumed)
     */
    String beanName(Collector collector, int jdk) {
        return switch (collector) {
            case G1 -> switch (this) {
                case YOUNG -> "G1 Young Generation";
                case OLD -> "G1 Old Generation";
                // remark and cleanup pauses have their own bean since JDK 20 (JDK-8297247)
                case CONCURRENT -> jdk < 0 || jdk >= 20 ? "G1 Concurrent GC" : null;
                default -> null;
            };
            case PARALLEL -> this == YOUNG ? "PS Scavenge" : this == OLD ? "PS MarkSweep" : null;
            case SERIAL -> this == YOUNG ? "Copy" : this == OLD ? "MarkSweepCompact" : null;
            // the young bean follows the young generation's kind, the old bean the old one's (HotSpot 8's MemoryService)
            case CMS -> this == YOUNG ? "ParNew" : this == OLD || this == CONCURRENT ? "ConcurrentMarkSweep" : null;
            case CMS_WITH_DEFNEW -> this == YOUNG ? "Copy" : this == OLD || this == CONCURRENT ? "ConcurrentMarkSweep" : null;
            case PARNEW_WITH_SERIAL_OLD -> this == YOUNG ? "ParNew" : this == OLD ? "MarkSweepCompact" : null;
            case SERIAL_OR_PARALLEL -> this == YOUNG ? "Copy or PS Scavenge" : this == OLD ? "MarkSweepCompact or PS MarkSweep" : null;
            case ZGC -> this == CYCLES ? "ZGC Cycles" : this == PAUSES ? "ZGC Pauses" : null;
            case ZGC_GENERATIONAL -> switch (this) {
                case MINOR_CYCLES -> "ZGC Minor Cycles";
                case MINOR_PAUSES -> "ZGC Minor Pauses";
                case MAJOR_CYCLES -> "ZGC Major Cycles";
                case MAJOR_PAUSES -> "ZGC Major Pauses";
                default -> null;
            };
            case SHENANDOAH -> this == CYCLES ? "Shenandoah Cycles" : this == PAUSES ? "Shenandoah Pauses" : null;
            case EPSILON, UNKNOWN -> null;
        };
    }
}
