package dev.heaplens.cli;

import dev.heaplens.runtime.HeapRuntime;

import java.util.ListResourceBundle;

/**
 * The {@code --by} keys of each runtime, for help texts, as the runtimes say them: picocli puts
 * {@link #HISTOGRAM}, {@link #GRAPH} and their explained forms in a description or footer from this
 * bundle, so no key and no key's meaning is written by hand in {@code cli/}.
 */
final class KeyHelp extends ListResourceBundle {
    /** In a description: the keys of histogram and diff. */
    static final String HISTOGRAM = "${bundle:heaplens.keys.histogram}";
    /** In a description: the keys of retained and leaks. */
    static final String GRAPH = "${bundle:heaplens.keys.graph}";
    /** In a description: each runtime's default key of leaks. */
    static final String LEAK_DEFAULTS = "${bundle:heaplens.keys.leaks.default}";
    /** In a footer: the keys of histogram and diff with what each means, a paragraph per runtime. */
    static final String HISTOGRAM_EXPLAINED = "${bundle:heaplens.keys.histogram.explained:-}";
    /** In a footer: the keys of retained and leaks with what each means. */
    static final String GRAPH_EXPLAINED = "${bundle:heaplens.keys.graph.explained:-}";

    @Override
    protected Object[][] getContents() {
        return new Object[][] {
            {"heaplens.keys.histogram", HeapRuntime.keysByRuntime(false)},
            {"heaplens.keys.graph", HeapRuntime.keysByRuntime(true)},
            {"heaplens.keys.leaks.default", HeapRuntime.leakKeyDefaults()},
            {"heaplens.keys.histogram.explained", paragraphs(false)},
            {"heaplens.keys.graph.explained", paragraphs(true)},
        };
    }

    /** picocli formats a footer line with String.format: %n between runtimes, any % in a text doubled. */
    private static String paragraphs(boolean graphKeys) {
        StringBuilder s = new StringBuilder(); // no stream: this runs at every command's start
        for (String paragraph : HeapRuntime.keysExplained(graphKeys)) {
            s.append(s.length() == 0 ? "" : "%n").append(paragraph.replace("%", "%%"));
        }
        return s.toString();
    }
}
