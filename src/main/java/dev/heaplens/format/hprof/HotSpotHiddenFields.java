package dev.heaplens.format.hprof;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What HotSpot adds to some JDK classes' instances that HPROF does not list: fields the VM
 * injects (native pointers, counters, an extra reference), and which fields are
 * {@code @Contended} (padded apart), by JDK release. From HotSpot's javaClasses.hpp (the
 * {@code *_INJECTED_FIELDS} lists) and the JDK's {@code @Contended} annotations, which only core
 * classes get honoured; checked against the class histograms of JDK 17 and 25.
 */
final class HotSpotHiddenFields {
    /** An injected field's type: a native pointer is a word. */
    enum Kind { POINTER, LONG, INT, SHORT, BYTE, REFERENCE }

    /**
     * A field the VM adds to {@code className} in releases {@code from} to {@code to}, and only
     * where the class declares {@code whenDeclared} and not {@code unlessDeclared} (null: no
     * condition): the release guess stops at 19, so a later release is told by the class's own fields.
     */
    record Injected(String className, String field, Kind kind, int from, int to, String whenDeclared,
                    String unlessDeclared) {
        Injected(String className, String field, Kind kind, int from, int to) {
            this(className, field, kind, from, to, null, null);
        }

        boolean fits(Set<String> declared) {
            return (whenDeclared == null || declared.contains(whenDeclared))
                    && (unlessDeclared == null || !declared.contains(unlessDeclared));
        }
    }

    private static final int LAST = Integer.MAX_VALUE;

    private static final List<Injected> INJECTED = List.of(
            new Injected("java.lang.String", "flags", Kind.BYTE, 15, LAST),
            // Up to JDK 7 classes and methods were heap objects (the permanent generation), so the
            // VM's links to them are references; JDK 6 added resolved_constructor.
            new Injected("java.lang.Class", "klass", Kind.REFERENCE, 1, 7),
            new Injected("java.lang.Class", "array_klass", Kind.REFERENCE, 1, 7),
            new Injected("java.lang.Class", "resolved_constructor", Kind.REFERENCE, 6, 7),
            new Injected("java.lang.Class", "klass", Kind.POINTER, 8, LAST),
            new Injected("java.lang.Class", "array_klass", Kind.POINTER, 8, LAST),
            new Injected("java.lang.Class", "oop_size", Kind.INT, 7, LAST),
            new Injected("java.lang.Class", "static_oop_field_count", Kind.INT, 7, LAST),
            new Injected("java.lang.Class", "protection_domain", Kind.REFERENCE, 8, LAST),
            new Injected("java.lang.Class", "init_lock", Kind.REFERENCE, 8, 14),
            new Injected("java.lang.Class", "signers", Kind.REFERENCE, 8, LAST),
            new Injected("java.lang.Class", "source_file", Kind.REFERENCE, 15, LAST),
            new Injected("java.lang.ClassLoader", "loader_data", Kind.POINTER, 8, LAST),
            new Injected("java.lang.Module", "module_entry", Kind.POINTER, 9, LAST),
            new Injected("java.lang.invoke.MemberName", "vmtarget", Kind.REFERENCE, 7, 7),
            new Injected("java.lang.invoke.MemberName", "vmtarget", Kind.POINTER, 8, 9),
            new Injected("java.lang.invoke.MemberName", "vmindex", Kind.POINTER, 7, LAST),
            // JDK 25 declares vmholder in Java: an injected field a class declares is not added twice.
            new Injected("java.lang.invoke.ResolvedMethodName", "vmholder", Kind.REFERENCE, 10, LAST),
            new Injected("java.lang.invoke.ResolvedMethodName", "vmtarget", Kind.POINTER, 10, LAST),
            new Injected("java.lang.invoke.MethodHandleNatives$CallSiteContext", "vmdependencies", Kind.POINTER, 9, LAST),
            new Injected("java.lang.invoke.MethodHandleNatives$CallSiteContext", "last_cleanup", Kind.LONG, 15, LAST),
            new Injected("java.lang.StackFrameInfo", "version", Kind.SHORT, 9, 18),
            new Injected("java.lang.InternalError", "during_unsafe_access", Kind.BYTE, 15, LAST),
            new Injected("java.lang.Thread", "jvmti_thread_state", Kind.POINTER, 19, LAST),
            new Injected("java.lang.Thread", "jvmti_VTMS_transition_disable_count", Kind.INT, 19, LAST),
            new Injected("java.lang.Thread", "jvmti_is_in_VTMS_transition", Kind.BYTE, 19, LAST),
            new Injected("java.lang.Thread", "jfr_epoch", Kind.SHORT, 19, LAST),
            // A virtual thread's frozen stack (JDK 19+): JDK 24 adds a byte (lockStackSize) that
            // fits in the padding in every layout, so it changes no size and is left out.
            new Injected("jdk.internal.vm.StackChunk", "cont", Kind.REFERENCE, 19, LAST),
            new Injected("jdk.internal.vm.StackChunk", "flags", Kind.BYTE, 19, LAST),
            new Injected("jdk.internal.vm.StackChunk", "pc", Kind.POINTER, 19, LAST),
            new Injected("jdk.internal.vm.StackChunk", "maxThawingSize", Kind.INT, 19, LAST),
            // JDK 24 (JEP 491, virtual threads that block in monitors) added the waiter pointer with
            // the blockPermit field: checked on JDK 25 (168 bytes, not 160).
            new Injected("java.lang.VirtualThread", "objectWaiter", Kind.POINTER, 19, LAST, "blockPermit", null),
            // A JDK whose CallSite has no context field (MethodHandleNatives$CallSiteContext gone) keeps
            // the call site's dependencies in the CallSite itself: checked on JDK 25 (ConstantCallSite
            // 40 bytes, not 24).
            new Injected("java.lang.invoke.CallSite", "vmdependencies", Kind.POINTER, 19, LAST, null, "context"),
            new Injected("java.lang.invoke.CallSite", "last_cleanup", Kind.LONG, 19, LAST, null, "context"));

    /** Classes that are {@code @Contended} as a whole, by release range. */
    private record ContendedClass(String className, int from, int to) {
    }

    /** A {@code @Contended("group")} field, by release range. */
    private record ContendedField(String className, String field, String group, int from, int to) {
    }

    private static final List<ContendedClass> CONTENDED_CLASSES = List.of(
            new ContendedClass("java.util.concurrent.ConcurrentHashMap$CounterCell", 8, LAST),
            new ContendedClass("java.util.concurrent.atomic.Striped64$Cell", 8, LAST),
            new ContendedClass("java.util.concurrent.Exchanger$Node", 8, 18),
            new ContendedClass("java.util.concurrent.Exchanger$Slot", 19, LAST),
            new ContendedClass("java.util.concurrent.ForkJoinPool", 8, 8),
            new ContendedClass("java.util.concurrent.ForkJoinPool$WorkQueue", 8, 8),
            new ContendedClass("java.util.concurrent.SubmissionPublisher$BufferedSubscription", 9, LAST));

    private static final List<ContendedField> CONTENDED_FIELDS = List.of(
            new ContendedField("java.lang.Thread", "threadLocalRandomSeed", "tlr", 8, 18),
            new ContendedField("java.lang.Thread", "threadLocalRandomProbe", "tlr", 8, 18),
            new ContendedField("java.lang.Thread", "threadLocalRandomSecondarySeed", "tlr", 8, 18),
            new ContendedField("java.util.concurrent.ForkJoinPool", "ctl", "fjpctl", 9, LAST),
            new ContendedField("java.util.concurrent.ForkJoinPool", "parallelism", "fjpctl", 19, LAST),
            new ContendedField("java.util.concurrent.ForkJoinPool$WorkQueue", "top", "w", 9, LAST),
            new ContendedField("java.util.concurrent.ForkJoinPool$WorkQueue", "source", "w", 9, LAST),
            new ContendedField("java.util.concurrent.ForkJoinPool$WorkQueue", "nsteals", "w", 9, LAST),
            new ContendedField("java.util.concurrent.ForkJoinPool$WorkQueue", "phase", "w", 19, LAST),
            new ContendedField("java.util.concurrent.ForkJoinPool$WorkQueue", "stackPred", "w", 19, LAST),
            new ContendedField("java.util.concurrent.ForkJoinPool$WorkQueue", "parking", "w", 19, LAST),
            new ContendedField("java.util.concurrent.SubmissionPublisher$BufferedSubscription", "demand", "c", 9, LAST),
            new ContendedField("java.util.concurrent.SubmissionPublisher$BufferedSubscription", "waiting", "c", 9, LAST));

    private static final List<String> GROUPS = List.of("tlr", "fjpctl", "w", "c");

    /** Core classes whose field offsets JDK 14 and older hard-code: references first, no gap filled. */
    static final Set<String> OOPS_FIRST = Set.of("java.lang.AssertionStatusDirectives", "java.lang.Class",
            "java.lang.ClassLoader", "java.lang.ref.Reference", "java.lang.ref.SoftReference",
            "java.lang.StackTraceElement", "java.lang.String", "java.lang.Throwable", "java.lang.Boolean",
            "java.lang.Character", "java.lang.Float", "java.lang.Double", "java.lang.Byte", "java.lang.Short",
            "java.lang.Integer", "java.lang.Long");

    private HotSpotHiddenFields() {
    }

    /** The fields the VM injects into {@code className} (its own, not its superclasses'), minus those it declares. */
    static List<HotSpotFieldLayout.Slot> injected(String className, Set<String> declared, int feature,
                                                  HotSpotFieldLayout.Machine m) {
        List<HotSpotFieldLayout.Slot> slots = new ArrayList<>();
        for (Injected i : INJECTED) {
            if (i.className().equals(className) && feature >= i.from() && feature <= i.to()
                    && !declared.contains(i.field()) && i.fits(declared)) {
                slots.add(switch (i.kind()) {
                    case POINTER -> new HotSpotFieldLayout.Slot(m.wordBytes(), false, -1);
                    case LONG -> new HotSpotFieldLayout.Slot(8, false, -1);
                    case INT -> new HotSpotFieldLayout.Slot(4, false, -1);
                    case SHORT -> new HotSpotFieldLayout.Slot(2, false, -1);
                    case BYTE -> new HotSpotFieldLayout.Slot(1, false, -1);
                    case REFERENCE -> new HotSpotFieldLayout.Slot(m.referenceBytes(), true, -1);
                });
            }
        }
        return slots;
    }

    static boolean contendedClass(String className, int feature) {
        for (ContendedClass c : CONTENDED_CLASSES) {
            if (c.className().equals(className) && feature >= c.from() && feature <= c.to()) {
                return true;
            }
        }
        return false;
    }

    /** Contended group of a declared field: a positive number per group name, -1 for none. */
    static int contendedGroup(String className, String field, int feature) {
        for (ContendedField c : CONTENDED_FIELDS) {
            if (c.className().equals(className) && c.field().equals(field) && feature >= c.from()
                    && feature <= c.to()) {
                return 1 + GROUPS.indexOf(c.group());
            }
        }
        return -1;
    }

    /** For tests: the contended classes and fields of a release, as {@code class} and {@code class.field group}. */
    static List<String> contendedOf(int feature) {
        List<String> all = new ArrayList<>();
        CONTENDED_CLASSES.stream().filter(c -> feature >= c.from() && feature <= c.to())
                .forEach(c -> all.add("class " + c.className()));
        CONTENDED_FIELDS.stream().filter(c -> feature >= c.from() && feature <= c.to())
                .forEach(c -> all.add("field " + c.className() + "." + c.field() + " group=" + c.group()));
        return all;
    }
}
