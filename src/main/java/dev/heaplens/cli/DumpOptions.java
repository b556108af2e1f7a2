package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.ruby.ReadResult;
import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.io.DumpInput;
import picocli.CommandLine.Option;

import java.util.Set;
import java.util.function.Supplier;

/** Options every command that reads a dump shares, and the read itself with progress and warnings. */
public final class DumpOptions {
    @Option(names = "--strict", description = "Stop at the first malformed line, or at an HPROF dump cut short"
            + " (default: skip and count malformed lines; read a cut HPROF up to the cut).")
    boolean strict;

    @Option(names = "--layout", paramLabel = "LAYOUT",
            description = "JVM dumps: the object layout sizes are computed with: compressed, compressed-classes,"
                    + " uncompressed, compact, 32bit or HEADER,ARRAY_HEADER,REFERENCE,ALIGNMENT"
                    + " (default: detected from the dump).")
    String layout;

    @Option(names = "--threads", paramLabel = "N",
            description = "Reading threads for plain files (default: one per core).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--progress", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Show progress on stderr when it is a terminal (default: on).")
    boolean progress;

    /** The --layout given, or null to detect it. */
    HprofLayout hprofLayout() {
        if (layout == null) {
            return null;
        }
        try {
            return HprofLayout.parse(layout);
        } catch (IllegalArgumentException e) {
            throw new HeaplensException("--layout: " + e.getMessage());
        }
    }

    RubyDumpReader.Options readerOptions() {
        return RubyDumpReader.Options.defaults().withStrict(strict).withThreads(Math.max(1, threads));
    }

    /** Reads a Ruby dump into one sink per thread, reporting progress and skipped lines on stderr. */
    <S extends RubyRecordSink> ReadResult<S> read(Console console, DumpInput input, Set<RubyLineParser.Field> fields,
                                                 Supplier<S> sinks) {
        RubyDumpReader.Options options = readerOptions().withFields(fields);
        ReadResult<S> result;
        try (Progress ignored = Progress.start(progress && console.stderrIsTerminal(), console.err(),
                "reading " + input.name(), input.isGzip() ? -1 : input.size(), options.bytesRead())) {
            result = RubyDumpReader.read(input, options, sinks);
        }
        warnAboutSkippedLines(console, input, result);
        return result;
    }

    static void warnAboutSkippedLines(Console console, DumpInput input, ReadResult<?> result) {
        if (result.malformed() > 0) {
            StringBuilder msg = new StringBuilder("heaplens: warning: ").append(input.name()).append(": skipped ")
                    .append(result.malformed()).append(" malformed line").append(result.malformed() == 1 ? "" : "s")
                    .append(" (--strict makes them fatal); first: ");
            for (int i = 0; i < result.firstProblems().size(); i++) {
                msg.append(i > 0 ? "; " : "").append(result.firstProblems().get(i));
            }
            console.err().println(dev.heaplens.report.TerminalText.escape(msg.toString()));
        }
        if (result.partial() > 0) {
            console.err().println(dev.heaplens.report.TerminalText.escape("heaplens: warning: " + input.name() + ": "
                    + result.partial() + " line" + (result.partial() == 1 ? "" : "s") + " read in part; first: "
                    + result.firstPartial()));
        }
        if (result.truncatedLastLine() != null) {
            console.err().println(dev.heaplens.report.TerminalText.escape("heaplens: warning: " + input.name() + ": "
                    + result.truncatedLastLine()));
        }
    }
}
