package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.gc.GcReport;
import dev.heaplens.analysis.gc.GcResult;
import dev.heaplens.gc.GcLog;
import dev.heaplens.report.GcKeysRenderer;
import dev.heaplens.report.GcReports;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.report.TerminalText;
import dev.heaplens.runtime.GcRuns;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "gc", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What the GC is doing, from JVM GC logs or Ruby GC.stat series.",
                "From a JVM GC log (unified -Xlog:gc* of JDK 9-25, -XX:+PrintGCDetails of JDK 6-8, or OpenJ9's"
                + " -Xverbosegclog XML) or a Ruby GC.stat series: counts"
                + " per collector, pauses and their percentiles, rates, heap after GC and its trend, causes, and"
                + " advice with its evidence. Several files of one JVM (a rotated set, .gz or not) are read as one"
                + " log, in time order; two runs (two JVM starts, or two Ruby series) are compared side by side."},
        footerHeading = "%nExamples:%n",
        footer = {"  java -Xlog:gc*:file=gc.log:uptime,level,tags:filecount=5,filesize=20m -jar app.jar",
                "  heaplens gc gc.log gc.log.0 gc.log.1",
                "  heaplens gc gc.log.gz --format json > gc.json",
                "  heaplens gc before.log after.log",
                "  java -Xverbosegclog:gc.xml -jar app.jar; heaplens gc gc.xml      # OpenJ9, IBM Semeru",
                "  RUBYOPT=-r./collectors/gc_stat_logger.rb GC_STAT_LOG=gc.jsonl ruby app.rb; heaplens gc gc.jsonl",
                "  heaplens gc --explain oldmalloc_increase_bytes"})
final class GcCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(paramLabel = "FILE", arity = "0..*",
            description = "GC logs of one JVM run, or two runs to compare; or a Ruby GC.stat series (or two).")
    List<String> files = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", description = "table, markdown or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    @Option(names = "--explain", paramLabel = "KEY", arity = "0..1", fallbackValue = "",
            description = "Say what each GC.stat key means (or KEY only); with a FILE, the keys of that file's Ruby version.")
    String explain;

    GcCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        if (format == OutputFormat.TSV || format == OutputFormat.CSV) {
            throw new HeaplensException("gc writes table, markdown or json, not " + format);
        }
        if (explain != null) {
            if (files.isEmpty() && !explain.isEmpty() && !GcRuns.isGcStatKey(explain)
                    && Files.isRegularFile(Path.of(explain))) {
                files = List.of(explain); // "--explain FILE": the option took the file as its KEY
                explain = "";
            }
            return explain();
        }
        if (files.isEmpty()) {
            throw new HeaplensException("gc needs a FILE (a JVM GC log or a Ruby GC.stat series), or --explain");
        }
        GcResult result = GcRuns.analyse(files, console.in());
        for (GcReport run : result.runs()) {
            // a warning may quote the log (a cut line): never raw control characters on a terminal
            run.log().warnings().forEach(w -> console.err().println(TerminalText.escape("heaplens: warning: " + w)));
        }
        console.out().print(GcReports.render(result, format));
        console.out().flush();
        return 0;
    }

    private int explain() {
        String version = null;
        List<String> keysInFile = null;
        if (!files.isEmpty()) {
            if (files.size() > 1) {
                throw new HeaplensException("--explain takes one Ruby GC.stat file");
            }
            GcLog log = GcRuns.readRuby(files.get(0), console.in());
            version = log.version();
            keysInFile = log.samples().keys();
        }
        String text = GcKeysRenderer.render(explain.isEmpty() ? null : explain, version, keysInFile, format);
        if (text == null) {
            throw new HeaplensException("unknown GC.stat key '" + explain + "' (heaplens gc --explain lists them all)");
        }
        console.out().print(text);
        console.out().flush();
        return 0;
    }
}
