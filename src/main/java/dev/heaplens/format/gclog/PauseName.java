package dev.heaplens.format.gclog;

import dev.heaplens.gc.GcEventType;

import java.util.ArrayList;
import java.util.List;

/**
 * What a pause line's name says: "Pause Young (Normal) (G1 Evacuation Pause)", "Pause Full
 * (System.gc())", "Pause Mark Start" (ZGC), "Pause Init Mark (unload classes)" (Shenandoah)...
 * Parsed once per pause (a few per thousand lines), so Strings are fine here.
 */
record PauseName(GcEventType type, BeanRole role, String cause, boolean g1, boolean zgc, boolean shenandoah,
                 boolean evacuationFailure) {
    private static final List<String> G1_YOUNG_KINDS = List.of("Normal", "Concurrent Start", "Prepare Mixed", "Mixed",
            "Initial Mark", "Young");

    static PauseName parse(byte[] b, int from, int to) {
        String text = Ascii.text(b, from, Math.max(from, to)).trim();
        int paren = text.indexOf(" (");
        String name = paren < 0 ? text : text.substring(0, paren);
        List<String> groups = groups(text, paren < 0 ? text.length() : paren);
        boolean evacuationFailure = groups.removeIf(g -> g.startsWith("Evacuation Failure"));
        String lastGroup = groups.isEmpty() ? null : groups.get(groups.size() - 1);
        switch (name) {
            case "Pause Young" -> {
                boolean g1 = !groups.isEmpty() && G1_YOUNG_KINDS.contains(groups.get(0));
                boolean mixed = groups.contains("Mixed");
                String cause = g1 && groups.size() > 1 ? lastGroup : g1 ? groups.get(0) : lastGroup;
                return new PauseName(mixed ? GcEventType.MIXED : GcEventType.YOUNG, BeanRole.YOUNG,
                        cause == null ? "Pause Young" : cause, g1, false, false, evacuationFailure);
            }
            case "Pause Mixed" -> {
                return new PauseName(GcEventType.MIXED, BeanRole.YOUNG, orName(lastGroup, name), true, false, false,
                        evacuationFailure);
            }
            case "Pause Initial Mark" -> {
                boolean g1 = lastGroup != null && lastGroup.startsWith("G1");
                return g1 ? new PauseName(GcEventType.YOUNG, BeanRole.YOUNG, lastGroup, true, false, false, evacuationFailure)
                        : new PauseName(GcEventType.PAUSE, BeanRole.CONCURRENT, name, false, false, false, false);
            }
            case "Pause Full" -> {
                return new PauseName(GcEventType.FULL, BeanRole.OLD, orName(lastGroup, name), false, false, false,
                        evacuationFailure);
            }
            case "Pause Remark" -> {
                return new PauseName(GcEventType.REMARK, BeanRole.CONCURRENT, name, false, false, false, false);
            }
            case "Pause Cleanup" -> {
                return new PauseName(GcEventType.CLEANUP, BeanRole.CONCURRENT, name, true, false, false, false);
            }
            case "Pause Mark Start", "Pause Mark End", "Pause Relocate Start" -> {
                return new PauseName(GcEventType.PAUSE, BeanRole.PAUSES, name, false, true, false, false);
            }
            default -> {
                boolean shenandoah = name.startsWith("Pause Init ") || name.startsWith("Pause Final ")
                        || name.startsWith("Pause Degenerated");
                String cause = name.startsWith("Pause Degenerated") && lastGroup != null ? name + " (" + lastGroup + ")" : name;
                return new PauseName(GcEventType.PAUSE, shenandoah ? BeanRole.PAUSES : BeanRole.NONE, cause, false, false,
                        shenandoah, false);
            }
        }
    }

    private static String orName(String group, String name) {
        return group != null ? group : name;
    }

    /** The texts of the top-level parenthesised groups after {@code from}; "System.gc()" stays whole. */
    private static List<String> groups(String text, int from) {
        List<String> groups = new ArrayList<>();
        int depth = 0;
        int start = -1;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                if (depth++ == 0) {
                    start = i + 1;
                }
            } else if (c == ')' && depth > 0 && --depth == 0) {
                groups.add(text.substring(start, i));
            }
        }
        return groups;
    }
}
