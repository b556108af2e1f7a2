package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.jvm.JvmHistogram;
import dev.heaplens.analysis.ruby.GroupBy;
import dev.heaplens.analysis.ruby.Histogram;
import dev.heaplens.analysis.ruby.HistogramSink;
import dev.heaplens.format.hprof.HprofCountReader;
import dev.heaplens.io.DumpFormat;
import dev.heaplens.io.DumpInput;

import java.util.Arrays;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** The histogram of a Ruby or JVM dump in one streaming read, for histogram and diff. */
final class DumpHistogram {
    private DumpHistogram() {
    }

    static Histogram read(Console console, DumpInput input, GroupBy by, DumpOptions options) {
        requireKeyFor(input, by);
        if (input.format() == DumpFormat.HPROF) {
            HprofCountReader.Result counts = JvmHistogram.count(input, by == GroupBy.LOADER, Math.max(1, options.threads),
                    options.hprofLayout(), options.strict);
            counts.warnings().forEach(w -> console.err().println("heaplens: warning: " + input.name() + ": " + w));
            return JvmHistogram.of(counts, by);
        }
        return Histogram.of(options.read(console, input, HistogramSink.fields(by), () -> new HistogramSink(by)).sinks());
    }

    /** Ruby and JVM dumps group by different keys; files of other formats fail in their reader. */
    private static void requireKeyFor(DumpInput input, GroupBy by) {
        if (input.format() == DumpFormat.HPROF && !by.forJvm()) {
            throw new HeaplensException(input.name() + ": --by " + by + " is for Ruby dumps; a JVM heap dump groups by "
                    + keys(GroupBy::forJvm));
        }
        if (input.format() == DumpFormat.RUBY_JSON_LINES && !by.forRuby()) {
            throw new HeaplensException(input.name() + ": --by " + by + " is for JVM heap dumps; a Ruby dump groups by "
                    + keys(GroupBy::forRuby));
        }
    }

    private static String keys(Predicate<GroupBy> applies) {
        String all = Arrays.stream(GroupBy.values()).filter(applies).map(GroupBy::label).collect(Collectors.joining(", "));
        int last = all.lastIndexOf(", ");
        return all.substring(0, last) + " or " + all.substring(last + 2);
    }
}
