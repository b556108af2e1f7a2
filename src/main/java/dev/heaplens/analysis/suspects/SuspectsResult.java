package dev.heaplens.analysis.suspects;

import java.util.List;

/**
 * What {@code heaplens suspects} tells: the suspects by MAT's rules, the runtime's findings, and
 * what tools hold.
 *
 * @param heapBytes what the GC roots reach
 * @param analysedBytes {@code heapBytes} less the tools' overhead: what shares are of
 * @param thresholdPercent a suspect retains more than this percentage of {@code analysedBytes}
 */
public record SuspectsResult(String dumpName, long heapBytes, long analysedBytes, double thresholdPercent,
                             List<Suspect> suspects, List<Finding> findings, List<Overhead> overhead) {

    /** The largest share a suspect holds, in percent; 0 without suspects. */
    public double largestSharePercent() {
        return suspects.stream().mapToDouble(s -> 100 * s.share()).max().orElse(0);
    }
}
