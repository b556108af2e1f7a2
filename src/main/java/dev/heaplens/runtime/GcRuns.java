package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.gc.GcAnalysis;
import dev.heaplens.analysis.gc.GcComparison;
import dev.heaplens.analysis.gc.GcReport;
import dev.heaplens.analysis.gc.GcResult;
import dev.heaplens.analysis.gc.JvmGcReport;
import dev.heaplens.analysis.gc.RubyGcAnalysis;
import dev.heaplens.analysis.gc.RubyGcReport;
import dev.heaplens.format.gclog.GcFileKind;
import dev.heaplens.format.gclog.GcInput;
import dev.heaplens.format.gclog.GcLogReader;
import dev.heaplens.format.rubygc.RubyGcKeys;
import dev.heaplens.format.rubygc.RubyGcReader;
import dev.heaplens.gc.GcLog;
import dev.heaplens.gc.GcRuntime;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The entry point to GC data, as {@link HeapRuntime} is to dumps: the files given to
 * {@code heaplens gc} become one run or two, each read by its format's reader (detected from the
 * content) and analysed by its runtime's analysis; renderers get the result. Ruby series are one
 * file a run; JVM files form one run (a rotated set) unless two files each hold a JVM's start,
 * which are two runs to compare.
 */
public final class GcRuns {
    private static final String EXPECTED =
            "expected a JVM GC log such as '[0.012s][info][gc] GC(0) Pause Young ...', or Ruby GC.stat output";

    private GcRuns() {
    }

    /** True when {@code key} is a GC.stat key of some Ruby version (under its current or an old name). */
    public static boolean isGcStatKey(String key) {
        return RubyGcKeys.get(RubyGcKeys.canonical(key)) != null;
    }

    /** Reads one Ruby GC.stat series; fails with one line when the file is something else. */
    public static GcLog readRuby(String file) {
        return readRuby(file, InputStream.nullInputStream());
    }

    /** As {@link #readRuby(String)}; {@code -} reads {@code standardInput}. */
    public static GcLog readRuby(String file, InputStream standardInput) {
        GcInput in = GcInput.open(file, standardInput);
        if (!in.kind().isRuby()) {
            throw new HeaplensException(file + ": --explain explains Ruby GC.stat keys, but the file is "
                    + in.kind().description());
        }
        return readRuby(in);
    }

    /** Reads and analyses the files: one run's report, or two runs' and their comparison. */
    public static GcResult analyse(List<String> files) {
        return analyse(files, InputStream.nullInputStream());
    }

    /** As {@link #analyse(List)}; {@code -} reads {@code standardInput}. */
    public static GcResult analyse(List<String> files, InputStream standardInput) {
        List<GcLog> runs = read(files, standardInput);
        List<GcReport> reports = new ArrayList<>();
        for (GcLog run : runs) {
            reports.add(run.runtime() == GcRuntime.RUBY ? RubyGcAnalysis.of(run) : GcAnalysis.jvm(run));
        }
        if (reports.size() == 1) {
            return new GcResult(reports, null);
        }
        GcReport a = reports.get(0);
        GcReport b = reports.get(1);
        GcComparison change = a instanceof JvmGcReport ja && b instanceof JvmGcReport jb ? GcComparison.of(ja, jb)
                : GcComparison.of((RubyGcReport) a, (RubyGcReport) b); // read() gives runs of one runtime
        return new GcResult(reports, change);
    }

    /** The runs as read, before analysis (one, or two to compare, of one runtime); their warnings are the caller's to show. */
    public static List<GcLog> read(List<String> files) {
        return read(files, InputStream.nullInputStream());
    }

    /** The runs in {@code files} (rotated files of one run, or two runs to compare); {@code -} reads {@code standardInput}. */
    public static List<GcLog> read(List<String> files, InputStream standardInput) {
        List<GcInput> inputs = new ArrayList<>();
        for (String f : files) {
            GcInput in = GcInput.open(f, standardInput);
            if (in.kind() == GcFileKind.EMPTY && files.size() > 1) {
                continue; // a rotated set's newest file is often still empty
            }
            if (!in.kind().isJvm() && !in.kind().isRuby()) {
                throw new HeaplensException(in.name() + ": not GC data heaplens can read: the file is " + in.kind().description()
                        + " (" + EXPECTED + ")");
            }
            inputs.add(in);
        }
        if (inputs.isEmpty()) {
            throw new HeaplensException(String.join(", ", files) + ": all empty");
        }
        boolean ruby = inputs.get(0).kind().isRuby();
        for (GcInput in : inputs) {
            if (in.kind().isRuby() != ruby) {
                throw new HeaplensException(in.name() + ": is " + in.kind().description() + ", but " + inputs.get(0).name()
                        + " is " + inputs.get(0).kind().description() + "; compare runs of one runtime");
            }
        }
        List<GcLog> runs = new ArrayList<>();
        if (ruby) {
            if (inputs.size() > 2) {
                throw new HeaplensException("give one Ruby GC.stat series, or two to compare (got " + inputs.size() + ")");
            }
            for (GcInput in : inputs) {
                runs.add(readRuby(in));
            }
            return runs;
        }
        long starts = inputs.stream().filter(GcInput::startsRun).count();
        if (starts >= 2) {
            if (inputs.size() != 2) {
                throw new HeaplensException(starts + " of the files start a JVM run: give one run's rotated files, or two "
                        + "single-file runs to compare");
            }
            runs.add(jvm(List.of(inputs.get(0))));
            runs.add(jvm(List.of(inputs.get(1))));
            return runs;
        }
        runs.add(jvm(inputs));
        return runs;
    }

    private static GcLog jvm(List<GcInput> inputs) {
        GcLog log = GcLogReader.read(inputs);
        if (log.events().size() == 0) {
            throw new HeaplensException(String.join(", ", log.sources()) + ": no GC events found in " + log.lines() + " lines"
                    + (log.warnings().isEmpty() ? "" : " (" + log.warnings().get(0) + ")"));
        }
        return log;
    }

    private static GcLog readRuby(GcInput in) {
        RubyGcReader.Style style = switch (in.kind()) {
            case RUBY_JSON -> RubyGcReader.Style.JSON_LINES;
            case RUBY_GC_TRACER -> RubyGcReader.Style.GC_TRACER;
            default -> RubyGcReader.Style.INSPECT;
        };
        try (InputStream stream = in.openStream()) {
            return RubyGcReader.read(in.name(), stream, style);
        } catch (IOException e) {
            throw new HeaplensException(in.name() + ": cannot read: " + e.getMessage());
        }
    }
}
