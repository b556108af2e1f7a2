package dev.heaplens.format.hprof;

import java.util.Map;
import java.util.Set;

/**
 * Which HotSpot release wrote a dump, as far as its classes and their fields tell: HPROF does not
 * record it, and the field layout and the fields the JVM injects changed between releases. Each
 * marker is a class or field every JVM of that release loads at startup.
 *
 * @param feature  the lowest JDK feature release the markers fit (5 stands for 5 and older)
 * @param hotSpot  whether the dump is HotSpot's (its Thread has {@code eetop}); else no JVM-specific
 *                 fields are added
 * @param evidence what the guess rests on, for {@code summary}
 */
record HotSpotVersion(int feature, boolean hotSpot, String evidence) {
    /** JDK 15 replaced the field layout code (JDK-8237767). */
    boolean newLayout() {
        return feature >= 15;
    }

    /** JDK 5 and older put every class's references first (FieldsAllocationStyle=0) and filled no gap. */
    boolean oopsFirstEverywhere() {
        return feature <= 5;
    }

    /** Up to JDK 6 a class's statics are kept outside the heap: its object is a bare Class instance. */
    boolean staticsInClassObject() {
        return feature >= 7;
    }

    /** How {@code summary} words it. */
    String describe() {
        if (!hotSpot) {
            return "not HotSpot's (" + evidence + "): header plus field sizes, no injected fields";
        }
        String release = switch (feature) {
            case 5 -> "JDK 5 or older";
            case 9 -> "JDK 9";
            case 10 -> "JDK 10-14";
            case 15 -> "JDK 15-18";
            case 19 -> "JDK 19 or later";
            default -> "JDK " + feature;
        };
        return release + ", from " + evidence + " (" + (newLayout() ? "the JDK 15+ rules" : "the rules before JDK 15") + ")";
    }

    /**
     * Guesses from the dump's class names and each class's own instance field names.
     *
     * @param fieldsByClass class name → names of the instance fields it declares (first class of a name)
     */
    static HotSpotVersion guess(Map<String, Set<String>> fieldsByClass) {
        Set<String> thread = fieldsByClass.getOrDefault("java.lang.Thread", Set.of());
        Set<String> string = fieldsByClass.getOrDefault("java.lang.String", Set.of());
        Set<String> mirror = fieldsByClass.getOrDefault("java.lang.Class", Set.of());
        if (thread.isEmpty() && string.isEmpty()) {
            return new HotSpotVersion(15, false, "no java.lang.Thread or String in the dump");
        }
        if (!thread.isEmpty() && !thread.contains("eetop")) {
            return new HotSpotVersion(15, false, "java.lang.Thread has no eetop field");
        }
        if (mirror.contains("classData")) {
            if (thread.contains("holder")) {
                return new HotSpotVersion(19, true, "Thread.holder, Class.classData");
            }
            return new HotSpotVersion(15, true, "Class.classData, no Thread.holder");
        }
        if (fieldsByClass.containsKey("java.lang.Module") || string.contains("coder")) {
            if (fieldsByClass.containsKey("java.lang.invoke.ResolvedMethodName")) {
                return new HotSpotVersion(10, true, "java.lang.invoke.ResolvedMethodName, no Class.classData");
            }
            return new HotSpotVersion(9, true, "java.lang.Module, no ResolvedMethodName");
        }
        if (thread.contains("threadLocalRandomSeed")) {
            return new HotSpotVersion(8, true, "Thread.threadLocalRandomSeed, no java.lang.Module");
        }
        if (fieldsByClass.containsKey("java.lang.invoke.MethodHandle")) {
            return new HotSpotVersion(7, true, "java.lang.invoke.MethodHandle, no Thread.threadLocalRandomSeed");
        }
        if (thread.contains("parkBlocker") && !thread.contains("started")) {
            return new HotSpotVersion(6, true, "Thread.parkBlocker, no Thread.started, no java.lang.invoke");
        }
        return new HotSpotVersion(5, true, thread.contains("started") ? "Thread.started" : "no Thread.parkBlocker");
    }
}
