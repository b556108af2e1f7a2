package dev.heaplens.memprof.heap;

import java.lang.ref.Reference;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * {@code objectSize}: the heap bytes transitively reachable from one object over strong
 * references (instance fields and array elements), each object counted once, walked in place
 * by reflection (the agent has opened the JDK's packages to the profiler). Like Crystal MemProf,
 * which does not follow an object's type, it does not enter Class objects; nor does it follow a
 * Reference's referent (weak), nor fields the JVM hides from reflection.
 */
public final class ObjectWalker {
    private static final ClassValue<Field[]> REFERENCE_FIELDS = new ClassValue<>() {
        @Override
        protected Field[] computeValue(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()
                            || (c == Reference.class && f.getName().equals("referent"))) {
                        continue;
                    }
                    try {
                        f.setAccessible(true);
                        fields.add(f);
                    } catch (RuntimeException e) {
                        // a field we may not read is not followed
                    }
                }
            }
            return fields.toArray(new Field[0]);
        }
    };

    private ObjectWalker() {
    }

    public static long reachableBytes(Object root, ToLongFunction<Object> sizeOf) {
        if (root == null || root instanceof Class<?>) {
            return 0;
        }
        IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
        ArrayDeque<Object> pending = new ArrayDeque<>();
        seen.put(root, Boolean.TRUE);
        pending.push(root);
        long bytes = 0;
        while (!pending.isEmpty()) {
            Object o = pending.pop();
            bytes += sizeOf.applyAsLong(o);
            if (o instanceof Object[] elements) {
                for (Object e : elements) {
                    follow(e, seen, pending);
                }
            } else if (!o.getClass().isArray()) {
                for (Field f : REFERENCE_FIELDS.get(o.getClass())) {
                    try {
                        follow(f.get(o), seen, pending);
                    } catch (IllegalAccessException e) {
                        // not readable after all: not followed
                    }
                }
            }
        }
        return bytes;
    }

    private static void follow(Object o, IdentityHashMap<Object, Boolean> seen, ArrayDeque<Object> pending) {
        if (o != null && !(o instanceof Class<?>) && seen.put(o, Boolean.TRUE) == null) {
            pending.push(o);
        }
    }
}
