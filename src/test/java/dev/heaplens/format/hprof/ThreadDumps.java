package dev.heaplens.format.hprof;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Writes small dumps with threads, as HotSpot lays them out: classes Thread (name, daemon,
 * priority), String (value, coder), VirtualThread, Work and OutOfMemoryError, and four frames:
 * 1 {@code Work.hold(Work.java:16)}, 2 {@code Work.run(Work.java:9)}, 3
 * {@code java.lang.OutOfMemoryError.<init>(OutOfMemoryError.java:48)}, 4 {@code Work.hold(Work.java:20)}.
 * Stack traces 101 (frames 1, 2), 102 (3, 4), 103 and 104 (1). The caller adds thread objects
 * ({@link #thread}), byte arrays ({@link #array}) and roots.
 */
public final class ThreadDumps {
    // strings
    private static final long NAME = 10, DAEMON = 11, PRIORITY = 12, VALUE = 13, CODER = 14;
    private static final long HOLD = 20, INIT = 21, RUN = 22, WORK_JAVA = 30, OOME_JAVA = 31;
    // classes, with their LOAD CLASS serials
    public static final long OBJECT = 0x1000, THREAD = 0x1100, STRING = 0x1200, VIRTUAL = 0x1300, WORK = 0x1400,
            OOME = 0x1500, BYTES = 0x1600;
    private static final int WORK_SERIAL = 5, OOME_SERIAL = 6;

    /** Objects: thread objects at 0x10_000+, their names at 0x20_000+, held arrays at 0x30_000+. */
    private long next = 0x30_000;
    private final List<Consumer<HprofWriter>> objects = new ArrayList<>();
    private final Map<Long, Integer> arrayLengths = new TreeMap<>();

    /** A byte[] of {@code length}, written with the objects. */
    public long array(int length) {
        long id = next;
        next += 0x1000;
        arrayLengths.put(id, length);
        return id;
    }

    /** A thread object of {@code cls} named {@code name} (a String of Latin-1 bytes), written with the objects. */
    public long thread(HprofWriter h, int serial, long cls, String name, boolean daemon, int priority) {
        long id = 0x10_000 + serial * 0x100L;
        long string = 0x20_000 + serial * 0x100L;
        long chars = string + 0x80;
        byte[] text = name.getBytes(StandardCharsets.ISO_8859_1);
        objects.add(w -> w.instance(id, cls, new BasicType[] {BasicType.OBJECT, BasicType.BOOLEAN, BasicType.INT},
                        new long[] {string, daemon ? 1 : 0, priority})
                .instance(string, STRING, new BasicType[] {BasicType.OBJECT, BasicType.BYTE}, new long[] {chars, 0})
                .primitiveArray(chars, BasicType.BYTE, text.length, text));
        return id;
    }

    /** The dump, with the stack traces or without any; {@code roots} writes the roots (and thread objects). */
    public Path write(Path file, boolean traces, Consumer<HprofWriter> roots) throws IOException {
        try (HprofWriter h = new HprofWriter(Files.newOutputStream(file), 8)) {
            String[] names = {"java/lang/Object", "java/lang/Thread", "java/lang/String", "java/lang/VirtualThread", "Work",
                    "java/lang/OutOfMemoryError", "[B"};
            long[] classes = {OBJECT, THREAD, STRING, VIRTUAL, WORK, OOME, BYTES};
            for (int i = 0; i < names.length; i++) {
                h.utf8(100 + i, names[i]).loadClass(i + 1, classes[i], 100 + i);
            }
            h.utf8(NAME, "name").utf8(DAEMON, "daemon").utf8(PRIORITY, "priority").utf8(VALUE, "value")
                    .utf8(CODER, "coder").utf8(HOLD, "hold").utf8(INIT, "<init>").utf8(RUN, "run")
                    .utf8(WORK_JAVA, "Work.java").utf8(OOME_JAVA, "OutOfMemoryError.java");
            if (traces) {
                h.stackFrame(1, HOLD, WORK_JAVA, WORK_SERIAL, 16).stackFrame(2, RUN, WORK_JAVA, WORK_SERIAL, 9)
                        .stackFrame(3, INIT, OOME_JAVA, OOME_SERIAL, 48).stackFrame(4, HOLD, WORK_JAVA, WORK_SERIAL, 20)
                        .stackTrace(101, 1, 1, 2).stackTrace(102, 2, 3, 4).stackTrace(103, 3, 1).stackTrace(104, 4, 1);
            }
            h.segment();
            long[] none = new long[0];
            BasicType[] noTypes = new BasicType[0];
            h.classDump(OBJECT, 0, none, noTypes, none, none, noTypes)
                    .classDump(THREAD, OBJECT, none, noTypes, none, new long[] {NAME, DAEMON, PRIORITY},
                            new BasicType[] {BasicType.OBJECT, BasicType.BOOLEAN, BasicType.INT})
                    .classDump(STRING, OBJECT, none, noTypes, none, new long[] {VALUE, CODER},
                            new BasicType[] {BasicType.OBJECT, BasicType.BYTE})
                    .classDump(VIRTUAL, THREAD, none, noTypes, none, none, noTypes)
                    .classDump(WORK, OBJECT, none, noTypes, none, none, noTypes)
                    .classDump(OOME, OBJECT, none, noTypes, none, none, noTypes)
                    .classDump(BYTES, OBJECT, none, noTypes, none, none, noTypes);
            for (long c : classes) {
                h.root(RootKind.STICKY_CLASS, c);
            }
            roots.accept(h);
            objects.forEach(o -> o.accept(h));
            arrayLengths.forEach((id, length) -> h.primitiveArray(id, BasicType.BYTE, length));
            h.endSegment().end();
        }
        return file;
    }
}
