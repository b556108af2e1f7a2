package dev.heaplens.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TableTest {
    private static String aligned(Table t) {
        StringBuilder sb = new StringBuilder();
        t.writeAligned(sb);
        return sb.toString();
    }

    private static String markdown(Table t) {
        StringBuilder sb = new StringBuilder();
        t.writeMarkdown(sb);
        return sb.toString();
    }

    private static String csv(Table t) {
        StringBuilder sb = new StringBuilder();
        t.writeDelimited(sb, ',');
        return sb.toString();
    }

    private static String tsv(Table t) {
        StringBuilder sb = new StringBuilder();
        t.writeDelimited(sb, '\t');
        return sb.toString();
    }

    // ----- aligned text -----

    @Test
    void alignedRightAlignsNumbersAndNeverPadsTheLastColumn() {
        Table t = new Table(List.of("count", "bytes", "class"), true, true, false)
                .row("5", "3.1 KB", "Class")
                .row("12", "40 B", "Foo");
        assertThat(aligned(t)).isEqualTo("""
                count   bytes  class
                    5  3.1 KB  Class
                   12    40 B  Foo
                """);
    }

    @Test
    void alignedLeftColumnsArePaddedExceptTheLast() {
        Table t = new Table(List.of("name", "count"), false, true)
                .row("a", "1")
                .row("longer", "12345");
        assertThat(aligned(t)).isEqualTo("""
                name    count
                a           1
                longer  12345
                """);
    }

    @Test
    void alignedTrimsTrailingSpaces() {
        Table t = new Table(List.of("", ""), false, false)
                .row("read", "")
                .row("x", "y");
        assertThat(aligned(t)).isEqualTo("\nread\nx     y\n");
    }

    @Test
    void alignedCountsCodePointsNotChars() {
        // U+1F600 is two chars but one code point
        Table t = new Table(List.of("k", "n"), false, true)
                .row("\uD83D\uDE00", "1")
                .row("ab", "22");
        assertThat(aligned(t)).isEqualTo("k    n\n\uD83D\uDE00    1\nab  22\n");
    }

    @Test
    void headerOnly() {
        Table t = new Table(List.of("count", "key"), true, false);
        assertThat(t.isEmpty()).isTrue();
        assertThat(aligned(t)).isEqualTo("count  key\n");
        assertThat(markdown(t)).isEqualTo("| count | key |\n|---:|---|\n");
        assertThat(csv(t)).isEqualTo("count,key\n");
        t.row("1", "x");
        assertThat(t.isEmpty()).isFalse();
    }

    // ----- markdown -----

    @Test
    void markdownAlignmentRow() {
        Table t = new Table(List.of("Count", "Bytes", "Class"), true, true, false)
                .row("5", "3,096", "`Class`");
        assertThat(markdown(t)).isEqualTo("""
                | Count | Bytes | Class |
                |---:|---:|---|
                | 5 | 3,096 | `Class` |
                """);
    }

    @Test
    void markdownEscapesPipesAndBackslashesAndFlattensNewlines() {
        Table t = new Table(List.of("a|b", "c"), false, false)
                .row("x|y", "C:\\dir\\f.rb")
                .row("two\nlines", "||");
        assertThat(markdown(t)).isEqualTo("| a\\|b | c |\n|---|---|\n"
                + "| x\\|y | C:\\\\dir\\\\f.rb |\n"
                + "| two lines | \\|\\| |\n");
    }

    // ----- delimited -----

    @Test
    void csvQuotesOnlyWhenNeeded() {
        Table t = new Table(List.of("count", "bytes", "file"), true, true, false)
                .row("1", "40", "/app/plain.rb")
                .row("2", "80", "/app/a,b.rb")
                .row("3", "120", "say \"hi\".rb")
                .row("4", "160", "two\nlines")
                .row("5", "200", "cr\rhere")
                .row("6", "240", "")
                .row("7", "280", " spaced ");
        assertThat(csv(t)).isEqualTo("count,bytes,file\n"
                + "1,40,/app/plain.rb\n"
                + "2,80,\"/app/a,b.rb\"\n"
                + "3,120,\"say \"\"hi\"\".rb\"\n"
                + "4,160,\"two\nlines\"\n"
                + "5,200,\"cr\rhere\"\n"
                + "6,240,\n"
                + "7,280, spaced \n");
    }

    @Test
    void csvQuotesHeadersToo() {
        Table t = new Table(List.of("a,b", "c"), false, false).row("1", "2");
        assertThat(csv(t)).isEqualTo("\"a,b\",c\n1,2\n");
    }

    @Test
    void tsvReplacesTabsAndLineBreaksAndQuotesNothing() {
        Table t = new Table(List.of("count", "bytes", "key"), true, true, false)
                .row("1", "40", "a\tb")
                .row("2", "80", "c\nd\re")
                .row("3", "120", "x,\"y\"");
        assertThat(tsv(t)).isEqualTo("count\tbytes\tkey\n"
                + "1\t40\ta b\n"
                + "2\t80\tc d e\n"
                + "3\t120\tx,\"y\"\n");
    }

    // ----- misuse -----

    @Test
    void rowMustHaveOneCellPerColumn() {
        Table t = new Table(List.of("a", "b"), false, false);
        assertThatThrownBy(() -> t.row("only one"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("expected 2 cells");
        assertThatThrownBy(() -> t.row("1", "2", "3"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("expected 2 cells");
    }

    @Test
    void oneAlignmentPerColumn() {
        assertThatThrownBy(() -> new Table(List.of("a", "b"), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("one alignment per column");
    }
}
