package dev.heaplens.memprof.sampling;

import dev.heaplens.memprof.hooks.AllocationSites;
import dev.heaplens.memprof.hooks.ApplicationClasses;
import dev.heaplens.memprof.hooks.ConstantPool;
import dev.heaplens.memprof.tables.CapturedStack;
import dev.heaplens.memprof.tables.StackTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sampling mode inside the JVM: which of HotSpot's samples exact mode would have tracked, and
 * their stacks. Exact mode tracks allocation sites in the application's classes (those {@link
 * ApplicationClasses} names): so a sample counts when its innermost frame is an allocating
 * instruction of an application class, or when the frames above the first application frame are
 * only the allocation calls exact mode records at the call site ({@code clone()} of JDK objects and
 * arrays, {@code Class}/{@code Constructor}/{@code Array.newInstance}) and the JDK's reflective
 * machinery under them. The stack then starts at that application frame. Decisions are cached per
 * method (and per instruction for the innermost frame); a frame is printed once. A sample that
 * finds its decisions and stack cached allocates nothing: the caches are looked up with reused
 * keys, and a primitive map holds what is known per method.
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
    private static final int KIND = 7;
    /** Beside the kind: whether exact mode's stack walker shows the method's frames. */
    private static final int SHOWN = 8;
    /** Where reflection makes an object ({@link #isReflectiveAllocation}). */
    private static final int REFLECTIVE_ALLOCATION = 16;
    /** A method of {@code java.lang.reflect.Array}. */
    private static final int OF_ARRAY = 32;
    /** Frames searched for the application's: reflective paths are about a dozen deep. */
    private static final int SEARCH = 32;
    /** Room for the frames exact mode's stack walker does not show (reflection, lambdas' hidden classes). */
    private static final int HIDDEN_ROOM = 32;
    private static final Class<?> METHOD_ACCESSOR = jdkClass("jdk.internal.reflect.MethodAccessor");
    private static final Class<?> CONSTRUCTOR_ACCESSOR = jdkClass("jdk.internal.reflect.ConstructorAccessor");

    private final StackTable table;
    private final int skip;
    private final int depth;
    /** By jmethodID: its kind, {@link #SHOWN}, {@link #REFLECTIVE_ALLOCATION} and {@link #OF_ARRAY}. */
    private final LongByteMap methods = new LongByteMap();
    /** By (method, location) of an application frame: what exact mode records there. */
    private final Map<Frame, Site> sites = new HashMap<>();
    private final Map<Frame, String> printed = new HashMap<>();
    /** The key of every lookup in {@link #sites} and {@link #printed}: reused, never stored. */
    private final Frame at = new Frame(0, 0);
    private final Map<Frames, Integer> ids = new HashMap<>();
    /** The sample's frames, as the library copies them, innermost first. */
    private final long[] sample;
    /** The frames of the sample's stack: the key of a lookup in {@link #ids}, reused, copied when stored. */
    private final Frames kept;

    /** @param skip STACK_SKIP, frames dropped from the application frame on; depth: STACK_DEPTH */
    SampledStacks(StackTable table, int skip, int depth) {
        this.table = table;
        this.skip = skip;
        this.depth = depth;
        this.sample = new long[2 * framesWanted()];
        this.kept = new Frames(new long[2 * depth], 0);
    }

    /** The frames the library must walk for {@link #stackOf}. */
    int framesWanted() {
        return SEARCH + skip + depth + HIDDEN_ROOM;
    }

    /** The stack id of the sample the library is handing over, of class {@code type}, or -1 (see {@link #stackOf}). */
    synchronized int stackOfSample(Class<?> type) {
        return stackOf(sample, JvmtiLookups.frames(sample), type);
    }

    /**
     * The stack id of a sample of class {@code type} whose first {@code n} frames are in {@code
     * frames} ((jmethodID, location) pairs, innermost first), or -1 when exact mode would not have
     * tracked it.
     */
    private int stackOf(long[] frames, int n, Class<?> type) {
        int app = -1;
        for (int i = 0; i < Math.min(n, SEARCH) && app < 0; i++) {
            int kind = kind(frames[2 * i]);
            if (kind == APPLICATION) {
                app = i;
            } else if (kind == OTHER) {
                return -1;
            }
        }
        if (app < 0 || (app == 0 ? !site(frames[0], frames[1]).makes(type) : !madeByEntry(frames, app, type))) {
            return -1;
        }
        // The frames exact mode's stack walker shows: no reflection frames, no hidden classes' (lambdas').
        long[] pairs = kept.pairs;
        int count = 0;
        for (int i = app, skipped = 0; i < n && count < depth; i++) {
            if ((info(frames[2 * i]) & SHOWN) == 0) {
                continue;
            }
            if (skipped < skip) {
                skipped++;
                continue;
            }
            pairs[2 * count] = frames[2 * i];
            pairs[2 * count + 1] = frames[2 * i + 1];
            count++;
        }
        kept.length = 2 * count;
        Integer id = ids.get(kept);
        if (id == null) {
            List<String> text = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                text.add(printed(pairs[2 * i], pairs[2 * i + 1]));
            }
            id = table.printedStack(text);
            ids.put(new Frames(Arrays.copyOf(pairs, kept.length), kept.length), id);
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
        if (site(frames[2 * app], frames[2 * app + 1]) != Site.CALL) {
            return false; // not a call exact mode records (an application class's inherited clone())
        }
        long entry = frames[2 * app - 2];
        int kind = kind(entry);
        if (kind == CLONE) {
            for (int i = 0; i < app - 1; i++) {
                if (kind(frames[2 * i]) != CLONE) {
                    return false;
                }
            }
            Class<?> owner = JvmtiLookups.declaringClass(entry);
            return owner != null && owner.isAssignableFrom(type);
        }
        boolean arrays = (info(entry) & OF_ARRAY) != 0;
        // app == 1 with Array's entry: the JIT made the array inside Array.newInstance itself
        return kind == NEW_INSTANCE && type.isArray() == arrays
                && ((info(frames[0]) & REFLECTIVE_ALLOCATION) != 0 || (app == 1 && arrays));
    }

    /** Where reflection makes an object: the natives, a generated accessor, a method handle's form. */
    private static boolean isReflectiveAllocation(Class<?> type, String name) {
        if (type == null || name == null) {
            return false;
        }
        String owner = type.getName();
        return name.equals("newInstance0") || name.equals("allocateInstance") || name.equals("newArray")
                || name.equals("multiNewArray") || owner.startsWith("jdk.internal.reflect.GeneratedConstructorAccessor")
                || (owner.startsWith("java.lang.invoke.") && (type.isHidden() || owner.endsWith("$Holder")));
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

    private int kind(long method) {
        return info(method) & KIND;
    }

    /** The method's kind and facts ({@link #SHOWN} and the others), worked out once. */
    private int info(long method) {
        int info = methods.get(method);
        if (info < 0) {
            Class<?> type = JvmtiLookups.declaringClass(method);
            String name = JvmtiLookups.methodName(method);
            info = classify(type, name) | (isShown(type) ? SHOWN : 0)
                    | (isReflectiveAllocation(type, name) ? REFLECTIVE_ALLOCATION : 0)
                    | (type == java.lang.reflect.Array.class ? OF_ARRAY : 0);
            methods.put(method, (byte) info);
        }
        return info;
    }

    private static byte classify(Class<?> type, String name) {
        if (type == null || name == null) {
            return OTHER;
        }
        String internal = type.getName().replace('.', '/');
        ClassLoader loader = type.getClassLoader();
        if (!type.isHidden() && ApplicationClasses.isApplicationClass(loader, internal)) {
            return APPLICATION;
        }
        if (loader != null && !ApplicationClasses.isJdkClass(internal)) {
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

    private Site site(long method, long location) {
        Site site = sites.get(at.set(method, location));
        if (site == null) {
            site = Site.at(method, (int) location);
            sites.put(new Frame(method, location), site);
        }
        return site;
    }

    private String printed(long method, long location) {
        String text = printed.get(at.set(method, location));
        if (text == null) {
            Class<?> type = JvmtiLookups.declaringClass(method);
            String name = JvmtiLookups.methodName(method);
            boolean nativeMethod = location < 0;
            text = CapturedStack.printed(type == null ? "?" : type.getName(), name == null ? "?" : name, nativeMethod,
                    type == null ? null : JvmtiLookups.sourceFile(type),
                    nativeMethod ? -1 : JvmtiLookups.lineNumber(method, location));
            printed.put(new Frame(method, location), text);
        }
        return text;
    }

    /**
     * Runs, before sampling starts, the code a sample runs (loading and linking its classes: the
     * caches, {@link CapturedStack#printed}), so that no sample has to, on whatever thread and in
     * whatever state it comes.
     */
    static void warmUp() {
        Map<Frame, String> frames = new HashMap<>();
        frames.put(new Frame(1, 2), CapturedStack.printed("a", "b", false, "F", 1));
        frames.put(new Frame(1, 3), CapturedStack.printed("a", "b", false, "F", -1));
        frames.put(new Frame(1, 4), CapturedStack.printed("a", "b", true, null, -1));
        frames.put(new Frame(1, 5), CapturedStack.printed("a", "b", false, null, -1));
        frames.get(new Frame(1, 2).set(1, 3));
        Map<Frames, Integer> stacks = new HashMap<>();
        stacks.put(new Frames(new long[] {1, 2}, 2), frames.size());
        new LongByteMap().put(1, (byte) 2);
        ConstantPool pool = ConstantPool.at(new byte[] {0, 3, 1, 0, 1, 'A', 7, 0, 1}, 0); // #2: class A
        pool.className(2);
        pool.methodRef(2);
        Site.arrayOf("java/lang/Object").makes(Object[].class);
    }

    /**
     * What exact mode records at one instruction of an application method: the object a {@code new}
     * or an array creation makes (its sub-arrays too, for a {@code multianewarray}), the object a
     * recorded call returns ({@link #CALL}), or nothing ({@link #NONE}). What the JVM makes for its
     * own use at an instruction is not counted: an {@code ldc}'s string or a thrown exception is
     * made at no allocating instruction, the name of a class a {@code new} loads or the message of
     * a {@code NegativeArraySizeException} is not of the instruction's type (one of a byte[]
     * creation's is, and counts: the type cannot tell them apart).
     */
    private static final class Site {
        static final Site NONE = new Site(null, 0);
        static final Site CALL = new Site(null, 0);
        private static final String PRIMITIVES = "ZCFDBSIJ"; // newarray's atype 4 to 11

        /** The binary name ({@code Class.getName()}) of what the instruction makes. */
        private final String type;
        /** A multianewarray's: how many levels of sub-arrays it makes below the array itself. */
        private final int subLevels;

        private Site(String type, int subLevels) {
            this.type = type;
            this.subLevels = subLevels;
        }

        /** Whether an object of class {@code c}, sampled at this instruction, is one exact mode records there. */
        boolean makes(Class<?> c) {
            if (this == CALL) {
                return true;
            }
            if (type == null) {
                return false;
            }
            String name = c.getName();
            // a sub-array's name is the array's without some leading '['
            return name.equals(type) || (subLevels > 0 && name.startsWith("[") && type.endsWith(name)
                    && type.length() - name.length() <= subLevels);
        }

        /** An array of the class or array named {@code component} (internal form), as {@code anewarray} makes. */
        static Site arrayOf(String component) {
            String name = component.replace('/', '.');
            return new Site(component.startsWith("[") ? "[".concat(name) : "[L".concat(name).concat(";"), 0);
        }

        /** What the instruction at {@code location} of {@code method} makes. */
        static Site at(long method, int location) {
            byte[] code = JvmtiLookups.bytecodes(method);
            if (code == null || location < 0 || location + 1 >= code.length) {
                return NONE;
            }
            int opcode = code[location] & 0xff;
            if (opcode == 0xbc) { // newarray
                int atype = code[location + 1] - 4;
                return atype < 0 || atype >= PRIMITIVES.length() ? NONE
                        : new Site("[".concat(PRIMITIVES.substring(atype, atype + 1)), 0);
            }
            if (location + 2 >= code.length) {
                return NONE;
            }
            int index = ((code[location + 1] & 0xff) << 8) | (code[location + 2] & 0xff);
            try {
                switch (opcode) {
                    case 0xb6, 0xb7, 0xb8, 0xb9 -> { // the invokes
                        return recordedCall(pool(method).methodRef(index), opcode) ? CALL : NONE;
                    }
                    case 0xbb, 0xbd, 0xc5 -> { // new, anewarray, multianewarray (then its dimensions)
                        String name = pool(method).className(index);
                        if (name == null || (opcode == 0xc5 && location + 3 >= code.length)) {
                            return NONE;
                        }
                        return opcode == 0xbd ? arrayOf(name)
                                : new Site(name.replace('/', '.'), opcode == 0xc5 ? (code[location + 3] & 0xff) - 1 : 0);
                    }
                    default -> {
                        return NONE;
                    }
                }
            } catch (RuntimeException e) {
                return NONE; // a pool not laid out as expected, or none
            }
        }

        private static ConstantPool pool(long method) {
            Class<?> declaring = JvmtiLookups.declaringClass(method);
            byte[] pool = declaring == null ? null : JvmtiLookups.constantPool(declaring);
            if (pool == null) {
                throw new IllegalArgumentException("no constant pool");
            }
            return ConstantPool.at(pool, 0);
        }

        private static boolean recordedCall(String[] target, int opcode) {
            if (target == null) {
                return false;
            }
            String owner = target[0];
            String name = target[1];
            return (name.equals("clone") && target[2].startsWith("()") && AllocationSites.copiesUninstrumented(opcode, owner))
                    || AllocationSites.isReflectiveNew(opcode, owner, name, target[2]);
        }
    }

    /**
     * Not a record: a record's equals and hashCode are bootstrapped on first use, which a sample
     * must not do. Mutable for {@link #at}, the reused lookup key; a stored key is never changed.
     */
    private static final class Frame {
        private long method;
        private long location;

        Frame(long method, long location) {
            set(method, location);
        }

        Frame set(long method, long location) {
            this.method = method;
            this.location = location;
            return this;
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

    /**
     * The first {@code length} longs of {@code pairs}, (jmethodID, location) pairs, compared by
     * value. Mutable for {@link #kept}, the reused lookup key; a stored key is never changed.
     */
    private static final class Frames {
        private final long[] pairs;
        private int length;

        Frames(long[] pairs, int length) {
            this.pairs = pairs;
            this.length = length;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Frames f && Arrays.equals(pairs, 0, length, f.pairs, 0, f.length);
        }

        @Override
        public int hashCode() {
            int h = 1;
            for (int i = 0; i < length; i++) {
                h = 31 * h + Long.hashCode(pairs[i]);
            }
            return h;
        }
    }
}
