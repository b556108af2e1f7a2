package dev.heaplens.format.hprof;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Three small HPROF dumps A, B, C of one imagined process, with known leaks, for tests of other
 * packages. Class ids differ in each dump (classes move too); objects keep their addresses.
 *
 * <ul>
 *   <li>A: Foo 0x1000 and 0x1010.</li>
 *   <li>B: A's objects; new Foo 0x2000, 0x2010, 0x2020, new Bar 0x3000, new Object[] 0x4000
 *       holding 0x2000 and 0x2010.</li>
 *   <li>C: A's objects; Foo 0x2000 and 0x2010 and the Object[] still there (the leaks); 0x2020
 *       freed; 0x3000 now holds a Foo (a reused address: not B's Bar); new Foo 0x5000.</li>
 * </ul>
 * So leaks are exactly 2 Foo (24 bytes each) and 1 Object[] (24 bytes) retaining both Foo.
 */
public final class LeakDumps {
    private static final BasicType[] FOO = {BasicType.LONG};
    private static final BasicType[] BAR = {BasicType.INT};

    private LeakDumps() {
    }

    /** Writes a.hprof, b.hprof and c.hprof into {@code dir}. */
    public static void write(Path dir) throws IOException {
        Files.write(dir.resolve("a.hprof"), dump(0x100, new long[] {0x1000, 0x1010}, new long[0], new long[0]));
        Files.write(dir.resolve("b.hprof"), dump(0x200, new long[] {0x1000, 0x1010, 0x2000, 0x2010, 0x2020},
                new long[] {0x3000}, new long[] {0x2000, 0x2010}));
        Files.write(dir.resolve("c.hprof"), dump(0x300, new long[] {0x1000, 0x1010, 0x2000, 0x2010, 0x3000, 0x5000},
                new long[0], new long[] {0x2000, 0x2010}));
    }

    /** Classes at {@code classBase} + 0x00 (Object), 0x10 (Foo), 0x20 (Bar), 0x30 (Object[]); every object a root. */
    private static byte[] dump(long classBase, long[] foos, long[] bars, long[] arrayElements) {
        long object = classBase;
        long foo = classBase + 0x10;
        long bar = classBase + 0x20;
        long array = classBase + 0x30;
        HprofWriter w = HprofWriter.inMemory(8)
                .utf8(1, "java/lang/Object").utf8(2, "com/example/Foo").utf8(3, "com/example/Bar")
                .utf8(4, "[Ljava/lang/Object;").utf8(5, "value")
                .loadClass(object, 1).loadClass(foo, 2).loadClass(bar, 3).loadClass(array, 4)
                .segment()
                .classDump(object, 0, new long[0], new BasicType[0], new long[0], new long[0], new BasicType[0])
                .classDump(foo, object, new long[0], new BasicType[0], new long[0], new long[] {5}, FOO)
                .classDump(bar, object, new long[0], new BasicType[0], new long[0], new long[] {5}, BAR)
                .root(RootKind.STICKY_CLASS, object).root(RootKind.STICKY_CLASS, foo).root(RootKind.STICKY_CLASS, bar);
        for (long id : foos) {
            w.instance(id, foo, FOO, new long[] {id});
            if (java.util.Arrays.stream(arrayElements).noneMatch(e -> e == id)) {
                w.root(RootKind.JAVA_FRAME, id); // a Java frame holds it; the array's elements only the array
            }
        }
        for (long id : bars) {
            w.instance(id, bar, BAR, new long[] {7}).root(RootKind.JAVA_FRAME, id);
        }
        if (arrayElements.length > 0) {
            w.objectArray(0x4000, array, arrayElements).root(RootKind.JAVA_FRAME, 0x4000);
        }
        return w.endSegment().end().toBytes();
    }
}
