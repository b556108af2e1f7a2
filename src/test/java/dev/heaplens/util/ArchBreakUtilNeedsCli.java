package dev.heaplens.util;

/** A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakUtilNeedsCli {
    private ArchBreakUtilNeedsCli() {
    }

    static Object breakTheRule() {
        return dev.heaplens.cli.Main.class.getName();
    }
}
