package dev.heaplens.memprof.tables;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Array;

/**
 * Exact object sizes as the running JVM lays objects out, without a call into the JVM per object.
 * An instance's size depends only on its class, so {@link Instrumentation#getObjectSize} is asked
 * once per class. An array's is its class's base plus length times element size, rounded up to
 * the object alignment; the three figures are measured once per array class and checked against
 * {@code getObjectSize} on a few lengths (a JVM that lays arrays out otherwise is asked every time).
 */
public final class SizeOf {
    private final Instrumentation inst;
    private final ClassValue<long[]> shapes = new ClassValue<>() {
        @Override
        protected long[] computeValue(Class<?> type) {
            return type.isArray() ? arrayShape(type) : new long[] {-1};
        }
    };

    public SizeOf(Instrumentation inst) {
        this.inst = inst;
    }

    public long of(Object o) {
        long[] shape = shapes.get(o.getClass());
        if (shape.length == 1) {
            long size = shape[0];
            if (size < 0) {
                size = inst.getObjectSize(o);
                shape[0] = size;
            }
            return size;
        }
        if (shape[2] == 0) {
            return inst.getObjectSize(o);
        }
        return alignUp(shape[0] + shape[1] * Array.getLength(o), shape[2]);
    }

    /** {base, element bytes, alignment}; alignment 0 when no such formula matches the JVM. */
    private long[] arrayShape(Class<?> arrayType) {
        Class<?> element = arrayType.getComponentType();
        long empty = inst.getObjectSize(Array.newInstance(element, 0));
        long elementBytes = (inst.getObjectSize(Array.newInstance(element, 1024)) - empty) / 1024;
        for (long alignment = 8; alignment <= 256; alignment *= 2) {
            for (long base = empty; base > empty - alignment; base--) {
                if (matches(element, base, elementBytes, alignment)) {
                    return new long[] {base, elementBytes, alignment};
                }
            }
        }
        return new long[] {empty, elementBytes, 0};
    }

    private boolean matches(Class<?> element, long base, long elementBytes, long alignment) {
        for (int n = 0; n <= 33; n++) {
            if (inst.getObjectSize(Array.newInstance(element, n)) != alignUp(base + elementBytes * n, alignment)) {
                return false;
            }
        }
        return true;
    }

    private static long alignUp(long bytes, long alignment) {
        return (bytes + alignment - 1) / alignment * alignment;
    }
}
