package dev.heaplens.cli;

import dev.heaplens.runtime.HeapRuntime;

import java.util.ListResourceBundle;

/**
 * The {@code --by} keys of each runtime, for help texts, as the runtimes say them: picocli puts
 * {@link #HISTOGRAM} and {@link #GRAPH} in a description from this bundle, so no list is kept by hand.
 */
final class KeyHelp extends ListResourceBundle {
    /** In a description: the keys of histogram and diff. */
    static final String HISTOGRAM = "${bundle:heaplens.keys.histogram}";
    /** In a description: the keys of retained and leaks. */
    static final String GRAPH = "${bundle:heaplens.keys.graph}";

    @Override
    protected Object[][] getContents() {
        return new Object[][] {
            {"heaplens.keys.histogram", HeapRuntime.keysByRuntime(false)},
            {"heaplens.keys.graph", HeapRuntime.keysByRuntime(true)},
        };
    }
}
