package dev.heaplens.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TerminalTextTest {
    @Test
    void controlCharactersAreShownAsEscapes() {
        assertThat(TerminalText.escape("a\u001b[2Jb\u0007c\0d\n\t\r\u007f\u009b\u202eé✓"))
                .isEqualTo("a\\e[2Jb\\x07c\\0d\\n\\t\\r\\x7f\\x9b\\u202eé✓");
        String plain = "Foo::Bar<é>";
        assertThat(TerminalText.escape(plain)).isSameAs(plain);
    }

    @Test
    void tableCellsAreEscapedAndAlignedOnWhatIsShown() {
        Table t = new Table(List.of("count", "class"), true, false);
        t.row("1", "Evil\u001b]0;pwned\u0007");
        t.row("22", "Plain");
        StringBuilder out = new StringBuilder();
        t.writeAligned(out);
        assertThat(out.toString()).isEqualTo("""
                count  class
                    1  Evil\\e]0;pwned\\x07
                   22  Plain
                """);
        StringBuilder tsv = new StringBuilder();
        t.writeDelimited(tsv, '\t');
        assertThat(tsv.toString()).isEqualTo("count\tclass\n1\tEvil\\e]0;pwned\\x07\n22\tPlain\n");
        StringBuilder md = new StringBuilder();
        t.writeMarkdown(md);
        assertThat(md.toString()).contains("| 1 | Evil\\e]0;pwned\\x07 |");
    }

    @Test
    void graphLabelsAndCommentsStayOnTheirLine() {
        List<GraphDrawing.Node> nodes = List.of(new GraphDrawing.Node("0x10", "0x10 Bad\nClass\u001b"));
        List<GraphDrawing.Edge> edges = List.of(new GraphDrawing.Edge("0x20", "0x10", "@a\"b\n"));
        assertThat(GraphDrawing.render(nodes, edges, GraphDrawing.Format.DOT, "1 object of Bad\nClass"))
                .isEqualTo("""
                        // 1 object of Bad\\nClass
                        digraph heaplens {
                          rankdir=LR;
                          node [shape=box, fontname="monospace"];
                          "0x10" [label="0x10 Bad\\\\nClass\\\\e"];
                          "0x20" -> "0x10" [label="@a\\"b\\\\n"];
                        }
                        """);
        assertThat(GraphDrawing.render(nodes, edges, GraphDrawing.Format.MERMAID, "1 object of Bad\nClass"))
                .isEqualTo("""
                        %% 1 object of Bad\\nClass
                        graph LR
                          0x10["0x10 Bad\\nClass\\e"]
                          0x20 --"@a&quot;b\\n"--> 0x10
                        """);
    }
}
