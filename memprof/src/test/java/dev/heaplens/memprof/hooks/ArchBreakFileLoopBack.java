package dev.heaplens.memprof.hooks;

/** The other half of ArchBreakFileLoop's loop (never called). */
final class ArchBreakFileLoopBack {
    private ArchBreakFileLoopBack() {
    }

    static Object back() {
        return ArchBreakFileLoop.class;
    }
}
