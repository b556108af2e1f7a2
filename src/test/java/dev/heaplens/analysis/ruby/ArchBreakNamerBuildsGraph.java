package dev.heaplens.analysis.ruby;

/** A deliberate break of one layer rule, read only by ArchitectureRulesBreakTest (never called). */
final class ArchBreakNamerBuildsGraph {
    private ArchBreakNamerBuildsGraph() {
    }

    static Object breakTheRule() {
        return new dev.heaplens.graph.HeapGraphBuilder();
    }
}
