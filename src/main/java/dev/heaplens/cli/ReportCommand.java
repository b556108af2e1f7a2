package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.report.Sizes;
import dev.heaplens.web.Report;
import dev.heaplens.web.Workspace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"One self-contained HTML file to share or attach to a CI run.",
                "The overview and its charts, the top of the histogram and of the dominator tree (a few levels), "
                + "the biggest retainers with their paths, the diff or the leaks of two or three dumps, and GC data. "
                + "CSS, script and data inline: it opens offline from a file."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens report heap.json.gz -o heap.html", "  heaplens report before.hprof after.hprof -o diff.html",
                "  heaplens report --gc gc.log -o gc.html"})
final class ReportCommand implements Callable<Integer> {
    /** What a CI artifact should stay under; a bigger report is written with a warning. */
    static final long SIZE_GOAL = 5_000_000L;
    private final Console console;

    @Parameters(paramLabel = "DUMP", arity = "0..3", description = WebSources.DUMPS)
    List<String> dumps = new ArrayList<>();

    @Option(names = "--gc", paramLabel = "FILE", arity = "1..*", description = WebSources.GC)
    List<String> gc = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Where to write the report (default: ${DEFAULT-VALUE}).")
    Path output = Path.of("report.html");

    @Mixin
    GraphDumpOptions dumpOptions;

    ReportCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        Path directory = output.toAbsolutePath().getParent();
        if (directory != null && !Files.isDirectory(directory)) {
            // said before the dumps are read, not after
            throw new HeaplensException("cannot write " + output + ": there is no directory " + directory);
        }
        String html;
        try (Workspace workspace = WebSources.load(console, dumps, gc, dumpOptions)) {
            html = Report.html(workspace);
        }
        byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
        try {
            Files.write(output, bytes);
        } catch (IOException e) {
            throw new HeaplensException("cannot write " + output + ": " + ExportCommand.reason(e));
        }
        console.err().println("heaplens: wrote " + output + " (" + Sizes.bytes(bytes.length) + ")");
        if (bytes.length > SIZE_GOAL) {
            console.err().println("heaplens: warning: the report is over 5 MB");
        }
        return 0;
    }
}
