package dev.heaplens.format.gclog;

/** The JVM's collector, as the log names it or its lines show it. */
enum Collector {
    G1("G1"), PARALLEL("Parallel"), SERIAL("Serial"), CMS("CMS"),
    /** JDK 6-8 only (JEP 214 removed both in 9): -XX:+UseConcMarkSweepGC -XX:-UseParNewGC, and -XX:+UseParNewGC alone. */
    CMS_WITH_DEFNEW("CMS with DefNew"), PARNEW_WITH_SERIAL_OLD("ParNew with Serial old"), ZGC("ZGC"),
    ZGC_GENERATIONAL("ZGC (generational)"), SHENANDOAH("Shenandoah"), EPSILON("Epsilon"),
    /** Only "Pause Young (Allocation Failure)" and "Pause Full" seen: both collectors log them so. */
    SERIAL_OR_PARALLEL("Serial or Parallel"), UNKNOWN("unknown");

    final String displayName;

    Collector(String displayName) {
        this.displayName = displayName;
    }

    /** From the text after "Using " in the JVM's first GC line. */
    static Collector fromUsing(String name) {
        if (name.startsWith("G1")) {
            return G1;
        }
        if (name.startsWith("Parallel")) {
            return PARALLEL;
        }
        if (name.startsWith("Serial")) {
            return SERIAL;
        }
        if (name.startsWith("Concurrent Mark Sweep")) {
            return CMS;
        }
        if (name.contains("Z Garbage Collector")) {
            return ZGC; // generational ZGC says so by its "Minor/Major Collection" lines
        }
        if (name.startsWith("Shenandoah")) {
            return SHENANDOAH;
        }
        if (name.startsWith("Epsilon")) {
            return EPSILON;
        }
        return UNKNOWN;
    }
}
