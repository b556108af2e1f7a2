package dev.heaplens.report;

import dev.heaplens.analysis.graph.ReferrerGraph;

import java.util.List;

/**
 * An object graph drawn as Mermaid ({@code graph LR}) or Graphviz DOT, in the style of Crystal
 * MemProf's {@code pretty_log_object_graph}: nodes {@code "address Class"}, edges labelled with
 * the reference and its level. Computes nothing.
 */
public final class GraphDrawing {
    private GraphDrawing() {
    }

    public enum Format {
        MERMAID, DOT;

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A node: its id (the address) and label. */
    public record Node(String id, String label) {
    }

    /** An edge {@code from} → {@code to} with its label. */
    public record Edge(String from, String to, String label) {
    }

    /**
     * What a drawing of a class's referrers left out, as its comment ends: "; cut at 10,000
     * objects" (all asked for, more there), "; cut at 1,000 edges", or nothing.
     */
    public static String cuts(int limit, long classObjects, ReferrerGraph.Result walk) {
        return (limit <= 0 && classObjects > ReferrerGraph.MAX_TARGETS ? "; cut at " + Sizes.plural(ReferrerGraph.MAX_TARGETS, "object") : "")
                + (walk.truncated() ? "; cut at " + Sizes.plural(ReferrerGraph.MAX_EDGES, "edge") : "");
    }

    public static String render(List<Node> nodes, List<Edge> edges, Format format, String comment) {
        StringBuilder out = new StringBuilder();
        if (format == Format.MERMAID) {
            out.append("%% ").append(TerminalText.escape(comment)).append('\n');
            out.append("graph LR\n");
            for (Node n : nodes) {
                out.append("  ").append(n.id()).append("[\"").append(mermaidText(n.label())).append("\"]\n");
            }
            for (Edge e : edges) {
                out.append("  ").append(e.from()).append(" --\"").append(mermaidText(e.label())).append("\"--> ").append(e.to()).append('\n');
            }
        } else {
            out.append("// ").append(TerminalText.escape(comment)).append('\n');
            out.append("digraph heaplens {\n  rankdir=LR;\n  node [shape=box, fontname=\"monospace\"];\n");
            for (Node n : nodes) {
                out.append("  \"").append(n.id()).append("\" [label=\"").append(dotText(n.label())).append("\"];\n");
            }
            for (Edge e : edges) {
                out.append("  \"").append(e.from()).append("\" -> \"").append(e.to()).append("\" [label=\"")
                        .append(dotText(e.label())).append("\"];\n");
            }
            out.append("}\n");
        }
        return out.toString();
    }

    /** Mermaid labels in quotes take HTML entities for quotes and angle brackets. */
    private static String mermaidText(String s) {
        return TerminalText.escape(s).replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String dotText(String s) {
        return TerminalText.escape(s).replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
