package dev.heaplens.format.hprof;

/**
 * A few class ids kept as an array (the classes whose instances a pass reads more of: one or two,
 * where a loop is quicker than a set), and whether one is among them.
 */
final class ClassIds {
    private ClassIds() {
    }

    /** Whether {@code ids} (null: none) holds {@code classId}. */
    static boolean contains(long[] ids, long classId) {
        if (ids != null) {
            for (long id : ids) {
                if (id == classId) {
                    return true;
                }
            }
        }
        return false;
    }
}
