package dev.heaplens.memprof.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sampling mode inside the JVM: which of HotSpot's samples exact mode would have tracked, and
 * their stacks. Exact mode tracks allocation sites in the application's classes (those {@link
 * AllocationTransformer} rewrites): so a sample counts when its innermost frame is an allocating
 * instruction of an application class, or when the frames above the first application frame are
 * only the allocation calls exact mode records at the call site ({@code clone()} of JDK objects and
 * arrays, {@code Class}/{@code Constructor}/{@code Array.newInstance}) and the JDK's reflective
 * machinery under them. The stack then starts at that application frame. Decisions are cached per
 * method (and per instruction for the innermost frame); a frame is printed once.
 */
final class SampledStacks {
    private static final byte APPLICATION = 0;
    /** A JDK {@code clone()}, whose call exact mode records. */
    private static final byte CLONE = 1;
    /** A JDK reflective {@code newInstance}, whose call exact mode records. */
    private static final byte NEW_INSTANCE = 2;
    /** The JDK's reflective machinery, between an entry and where the object is made. */
    private static final byte REFLECTION = 3;
    private static final byte OTHER = 4;
    /** Frames searched for the application's: reflective paths are about a dozen deep. */
    private static final int SEARCH = 32;
    /** Room for the frames exact mode's stack walker does not show (reflection, lambdas' hidden classes). */
    private static final int HIDDEN_ROOM = 32;
    private static final Class<?> METHOD_ACCESSOR = jdkClass("jdk.internal.reflect.MethodAccessor");
    private static final Class<?> CONSTRUCTOR_ACCESSOR = jdkClass("jdk.internal.reflect.ConstructorAccessor");

    private final StackTable table;
    private final int skip;
    private final int depth;
    private final Map<Long, Byte> kinds = new HashMap<>();
    private final Map<Long, Boolean> shown = new HashMap<>();
    /**
     * By (method, location) of an innermost application frame, what exact mode records there: the
     * class a {@code new} makes (binary name), {@link #ANY_ARRAY}, {@link #ANY_OBJECT} (a call), or
     * {@link #NO_SITE}.
     */
    private final Map<Frame, String> sites = new HashMap<>();
    private static final String ANY_ARRAY = "[";
    private static final String ANY_OBJECT = "*";
    private static final String NO_SITE = "";
    private final Map<Frame, String> printed = new HashMap<>();
    private final Map<Frames, Integer> ids = new HashMap<>();

    /** @param skip STACK_SKIP, frames dropped from the application frame on; depth: STACK_DEPTH */
    SampledStacks(StackTable table, int skip, int depth) {
        this.table = table;
        this.skip = skip;
        this.depth = depth;
    }

    /** The frames the library must walk for {@link #stackOf}. */
    int framesWanted() {
        return SEARCH + skip + depth + HIDDEN_ROOM;
    }

    /**
     * The stack id of a sample of class {@code type} whose frames are {@code frames} ((jmethodID,
     * location) pairs, innermost first), or -1 when exact mode would not have tracked it.
     */
    synchronized int stackOf(long[] frames, Class<?> type) {
        int n = frames.length / 2;
        int app = -1;
        for (int i = 0; i < Math.min(n, SEARCH) && app < 0; i++) {
            byte kind = kind(frames[2 * i]);
            if (kind == APPLICATION) {
                app = i;
            } else if (kind == OTHER) {
                return -1;
            }
        }
        if (app < 0 || (app == 0 ? !isSite(frames[0], frames[1], type) : !madeByEntry(frames, app, type))) {
            return -1;
        }
        // The frames exact mode's stack walker shows: no reflection frames, no hidden classes' (lambdas').
        long[] kept = new long[2 * depth];
        int count = 0;
        for (int i = app, skipped = 0; i < n && count < depth; i++) {
            if (!shown(frames[2 * i])) {
                continue;
            }
            if (skipped < skip) {
                skipped++;
                continue;
            }
            kept[2 * count] = frames[2 * i];
            kept[2 * count + 1] = frames[2 * i + 1];
            count++;
        }
        Frames key = new Frames(Arrays.copyOf(kept, 2 * count));
        Integer id = ids.get(key);
        if (id == null) {
            List<String> text = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                text.add(printed(kept[2 * i], kept[2 * i + 1]));
            }
            id = table.printedStack(text);
            ids.put(key, id);
        }
        return id;
    }

    /**
     * Whether the sample is the object the JDK entry just inside the application frame returns, as
     * exact mode records it at the call: for a {@code clone()}, a chain of clones down to where the
     * object is made, of a type the outermost clone returns (not HashSet's inner map, nor the arrays
     * Calendar's clone makes); for a reflective {@code newInstance}, made where reflection allocates
     * (not the machinery's own objects).
     */
    private boolean madeByEntry(long[] frames, int app, Class<?> type) {
        if (!ANY_OBJECT.equals(site(frames[2 * app], frames[2 * app + 1]))) {
            return false; // not a call exact mode records (an application class's inherited clone())
        }
        long entry = frames[2 * app - 2];
        byte kind = kind(entry);
        if (kind == CLONE) {
            for (int i = 0; i < app - 1; i++) {
                if (kind(frames[2 * i]) != CLONE) {
                    return false;
                }
            }
            Class<?> owner = NativeSampler.declaringClass(entry);
            return owner != null && owner.isAssignableFrom(type);
        }
        boolean arrays = NativeSampler.declaringClass(entry) == java.lang.reflect.Array.class;
        // app == 1 with Array's entry: the JIT made the array inside Array.newInstance itself
        return kind == NEW_INSTANCE && type.isArray() == arrays && (isReflectiveAllocation(frames[0]) || (app == 1 && arrays));
    }

    /** Where reflection makes an object: the natives, a generated accessor, a method handle's form. */
    private static boolean isReflectiveAllocation(long method) {
        Class<?> type = NativeSampler.declaringClass(method);
        String name = NativeSampler.methodName(method);
        if (type == null || name == null) {
            return false;
        }
        String owner = type.getName();
        return name.equals("newInstance0") || name.equals("allocateInstance") || name.equals("newArray")
                || name.equals("multiNewArray") || owner.startsWith("jdk.internal.reflect.GeneratedConstructorAccessor")
                || (owner.startsWith("java.lang.invoke.") && (type.isHidden() || owner.endsWith("$Holder")));
    }

    private boolean shown(long method) {
        Boolean is = shown.get(method);
        if (is == null) {
            is = isShown(NativeSampler.declaringClass(method));
            shown.put(method, is);
        }
        return is;
    }

    /** As StackWalker shows frames by default: not reflection's ({@code Method.invoke} and its accessors), not hidden classes'. */
    private static boolean isShown(Class<?> type) {
        if (type == null) {
            return true;
        }
        return !(type.isHidden() || type == java.lang.reflect.Method.class || type == java.lang.reflect.Constructor.class
                || (METHOD_ACCESSOR != null && METHOD_ACCESSOR.isAssignableFrom(type))
                || (CONSTRUCTOR_ACCESSOR != null && CONSTRUCTOR_ACCESSOR.isAssignableFrom(type))
                || type.getName().startsWith("java.lang.invoke.LambdaForm"));
    }

    private static Class<?> jdkClass(String name) {
        try {
            return Class.forName(name, false, null);
        } catch (ClassNotFoundException e) {
            return null; // another JDK's reflection: its frames are shown
        }
    }

    private byte kind(long method) {
        Byte kind = kinds.get(method);
        if (kind == null) {
            kind = classify(method);
            kinds.put(method, kind);
        }
        return kind;
    }

    private static byte classify(long method) {
        Class<?> type = NativeSampler.declaringClass(method);
        String name = NativeSampler.methodName(method);
        if (type == null || name == null) {
            return OTHER;
        }
        String internal = type.getName().replace('.', '/');
        ClassLoader loader = type.getClassLoader();
        if (!type.isHidden() && AllocationTransformer.isApplicationClass(loader, internal)) {
            return APPLICATION;
        }
        if (loader != null && !AllocationTransformer.isJdkClass(internal)) {
            return OTHER; // heaplens's, or a hidden class of the application (a lambda's)
        }
        if (name.equals("clone")) {
            return CLONE;
        }
        if ((name.startsWith("newInstance") && (type == Class.class || type == java.lang.reflect.Constructor.class))
                || (type == java.lang.reflect.Array.class && (name.equals("newInstance") || name.equals("newArray")
                        || name.equals("multiNewArray")))) {
            return NEW_INSTANCE;
        }
        if (internal.startsWith("jdk/internal/reflect/") || internal.startsWith("java/lang/invoke/")
                || (internal.endsWith("misc/Unsafe") && name.equals("allocateInstance"))) {
            return REFLECTION;
        }
        return OTHER;
    }

    /**
     * Whether the object of class {@code type} was made by the instruction at {@code location} of
     * an application method as exact mode records it: by an allocating instruction (of its class),
     * or by a call exact mode records (which the JIT made in place: a clone, {@code
     * Array.newInstance}). Not the objects the JVM makes for its own use there: the string of an
     * {@code ldc}, a thrown {@code NullPointerException}, the name of a class a {@code new} loads.
     */
    private boolean isSite(long method, long location, Class<?> type) {
        String site = site(method, location);
        return switch (site) {
            case NO_SITE -> false;
            case ANY_OBJECT -> true;
            case ANY_ARRAY -> type.isArray();
            default -> site.equals(type.getName());
        };
    }

    private String site(long method, long location) {
        Frame at = new Frame(method, location);
        String site = sites.get(at);
        if (site == null) {
            site = siteAt(method, (int) location);
            sites.put(at, site);
        }
        return site;
    }

    private static String siteAt(long method, int location) {
        byte[] code = NativeSampler.bytecodes(method);
        if (code == null || location < 0 || location + 2 >= code.length) {
            return NO_SITE;
        }
        int opcode = code[location] & 0xff;
        int index = ((code[location + 1] & 0xff) << 8) | (code[location + 2] & 0xff);
        return switch (opcode) {
            case 0xbc, 0xbd, 0xc5 -> ANY_ARRAY; // newarray, anewarray, multianewarray
            case 0xbb, 0xb6, 0xb7, 0xb8, 0xb9 -> poolEntry(method, index, opcode); // new, the invokes
            default -> NO_SITE;
        };
    }

    /** For {@code new}: the class named at {@code index}; for a call: whether exact mode records it. */
    private static String poolEntry(long method, int index, int opcode) {
        boolean call = opcode != 0xbb;
        Class<?> declaring = NativeSampler.declaringClass(method);
        byte[] pool = declaring == null ? null : NativeSampler.constantPool(declaring);
        String[] target;
        try {
            target = pool == null ? null : call ? CallTargets.of(pool, index) : CallTargets.className(pool, index);
        } catch (RuntimeException e) {
            target = null; // a pool not laid out as expected: no site
        }
        if (target == null) {
            return NO_SITE;
        }
        if (!call) {
            return target[0].replace('/', '.');
        }
        return recordedCall(target, opcode) ? ANY_OBJECT : NO_SITE;
    }

    private static boolean recordedCall(String[] target, int opcode) {
        String owner = target[0];
        String name = target[1];
        return (name.equals("clone") && target[2].startsWith("()") && AllocationSites.copiesUninstrumented(opcode, owner))
                || AllocationSites.isReflectiveNew(opcode, owner, name, target[2]);
    }

    private String printed(long method, long location) {
        Frame at = new Frame(method, location);
        String text = printed.get(at);
        if (text == null) {
            Class<?> type = NativeSampler.declaringClass(method);
            String name = NativeSampler.methodName(method);
            boolean nativeMethod = location < 0;
            text = CapturedStack.printed(type == null ? "?" : type.getName(), name == null ? "?" : name, nativeMethod,
                    type == null ? null : NativeSampler.sourceFile(type),
                    nativeMethod ? -1 : NativeSampler.lineNumber(method, location));
            printed.put(at, text);
        }
        return text;
    }

    /**
     * Runs, before sampling starts, the code a sample runs (loading and linking its classes, and
     * bootstrapping the string concatenations of {@link CapturedStack#printed}), so that no sample
     * has to, on whatever thread and in whatever state it comes.
     */
    static void warmUp() {
        Map<Frame, String> frames = new HashMap<>();
        frames.put(new Frame(1, 2), CapturedStack.printed("a", "b", false, "F", 1));
        frames.put(new Frame(1, 3), CapturedStack.printed("a", "b", false, "F", -1));
        frames.put(new Frame(1, 4), CapturedStack.printed("a", "b", true, null, -1));
        frames.put(new Frame(1, 5), CapturedStack.printed("a", "b", false, null, -1));
        Map<Frames, Integer> stacks = new HashMap<>();
        stacks.put(new Frames(new long[] {1, 2}), frames.size());
        CallTargets.className(new byte[] {0, 1}, 0);
        CallTargets.of(new byte[] {0, 1}, 0);
    }

    /** Not a record: a record's equals and hashCode are bootstrapped on first use, which a sample must not do. */
    private static final class Frame {
        private final long method;
        private final long location;

        Frame(long method, long location) {
            this.method = method;
            this.location = location;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Frame f && f.method == method && f.location == location;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(method * 31 + location);
        }
    }

    /** (jmethodID, location) pairs compared by value. */
    private record Frames(long[] pairs) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Frames f && Arrays.equals(pairs, f.pairs);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(pairs);
        }
    }
}
