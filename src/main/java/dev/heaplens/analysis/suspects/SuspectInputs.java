package dev.heaplens.analysis.suspects;

import dev.heaplens.analysis.graph.RootPaths;

import java.util.List;

/**
 * What suspects reads beside the suspects' own names and sizes, none of it depending on the
 * threshold: the top of the dominator tree with each top object's accumulation point and what it
 * holds, the shortest paths from the GC roots, and the runtime's findings. Computed when an index
 * is written ({@link SuspectFinder#inputs}) so that a reopened run reads a few small sections
 * instead of walking every reference and scanning the dominator tree.
 *
 * @param findings the runtime's checks, their shares of the heap less tool overhead
 */
public record SuspectInputs(TopObjects top, RootPaths.ToRoot paths, List<Finding> findings) {
}
