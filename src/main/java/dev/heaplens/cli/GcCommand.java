package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.gc.GcAnalysis;
import dev.heaplens.analysis.gc.JvmGcReport;
import dev.heaplens.format.gclog.GcFileKind;
import dev.heaplens.format.gclog.GcInput;
import dev.heaplens.format.gclog.GcLogReader;
import dev.heaplens.gc.GcLog;
import dev.heaplens.report.JvmGcRenderer;
import dev.heaplens.report.OutputFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "gc", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What the garbage collector is doing, from a JVM GC log (unified",
                "-Xlog:gc* of JDK 9-25) or a Ruby GC.stat series: counts per collector, pauses",
                "and their percentiles, rates, heap after GC and its trend, causes, and advice",
                "with its evidence. Several files of one JVM (a rotated set, .gz or not) are",
                "read as one log, in time order."},
        footerHeading = "%nExamples:%n",
        footer = {"  java -Xlog:gc*:file=gc.log:uptime,level,tags:filecount=5,filesize=20m -jar app.jar",
                "  heaplens gc gc.log gc.log.0 gc.log.1",
                "  heaplens gc gc.log.gz --format json > gc.json"})
final class GcCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "GC log files of one run (plain or gzip).")
    List<String> files = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", description = "table, markdown or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    GcCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        if (format == OutputFormat.TSV || format == OutputFormat.CSV) {
            throw new HeaplensException("gc writes table, markdown or json, not " + format);
        }
        List<GcInput> inputs = new ArrayList<>();
        for (String f : files) {
            GcInput in = GcInput.open(f);
            if (in.kind() == GcFileKind.EMPTY && files.size() > 1) {
                continue; // a rotated set's newest file is often still empty
            }
            if (!in.kind().isJvm()) {
                throw new HeaplensException(f + ": not GC data heaplens can read: the file is " + in.kind().description()
                        + " (expected a JVM GC log such as '[0.012s][info][gc] GC(0) Pause Young ...', or Ruby GC.stat output)");
            }
            inputs.add(in);
        }
        if (inputs.isEmpty()) {
            throw new HeaplensException(String.join(", ", files) + ": all empty");
        }
        GcLog log = GcLogReader.read(inputs);
        log.warnings().forEach(w -> console.err().println("heaplens: warning: " + w));
        if (log.events().size() == 0) {
            throw new HeaplensException(String.join(", ", files) + ": no GC events found in " + log.lines() + " lines");
        }
        JvmGcReport report = GcAnalysis.jvm(log);
        console.out().print(JvmGcRenderer.render(report, format));
        console.out().flush();
        return 0;
    }
}
