package dev.heaplens.format.hprof;

import java.util.Map;

/**
 * Bytes HotSpot (64-bit, JDK 11-21) adds to some JDK classes' instances that HPROF does not list
 * as fields: fields the VM injects (native pointers, an extra reference) and the padding of
 * {@code @Contended} field groups. Checked against the JDK 17 class histogram; subclasses inherit
 * them (every class loader, every thread).
 */
final class HotSpotHiddenBytes {
    /** Native pointer-sized injected fields, and injected references, per class. */
    private record Hidden(int pointers, int references, int padding) {
    }

    /** {@code @Contended} pads each group with ContendedPaddingWidth (128) bytes on both sides. */
    private static final int CONTENDED_GROUP = 2 * 128;

    private static final Map<String, Hidden> HIDDEN = Map.of(
            "java.lang.ClassLoader", new Hidden(1, 0, 0), // loader_data
            "java.lang.Module", new Hidden(1, 0, 0), // module_entry
            "java.lang.invoke.MemberName", new Hidden(1, 0, 0), // vmindex
            "java.lang.invoke.ResolvedMethodName", new Hidden(1, 1, 0), // vmtarget, vmholder
            "java.lang.invoke.MethodHandleNatives$CallSiteContext", new Hidden(2, 0, 0), // vmdependencies, last_cleanup
            "java.lang.Thread", new Hidden(0, 0, CONTENDED_GROUP), // the threadLocalRandom* group
            // Not exact yet: Thread's subclasses are 8 bytes larger than the model says.
            "java.util.concurrent.ForkJoinPool", new Hidden(0, 0, CONTENDED_GROUP)); // @Contended class

    private HotSpotHiddenBytes() {
    }

    /** Hidden bytes declared by the class named {@code name} itself (not its superclasses). */
    static int declaredBy(String name, HprofLayout layout) {
        Hidden h = name == null ? null : HIDDEN.get(name);
        return h == null ? 0 : h.pointers * 8 + h.references * layout.referenceBytes() + h.padding;
    }
}
