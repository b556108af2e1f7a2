package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.attach.JvmHeapDump;
import dev.heaplens.report.Sizes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "dump", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Take a heap dump of a running JVM, by its process id.",
                "The JVM writes it itself through its attach mechanism, as jcmd PID GC.heap_dump does: live objects"
                + " only (it collects garbage first) unless --all. Then the next command to run is printed, or run"
                + " with --then. heaplens runs as the JVM's user (or root). For Ruby, see"
                + " collectors/heap_dump_on_signal.rb."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens dump 12345               # writes heap-12345-<time>.hprof here",
                "  heaplens dump 12345 -o /tmp/app.hprof --then top",
                "  heaplens dump $(pgrep -f myapp.jar) --all --then serve"})
final class DumpCommand implements Callable<Integer> {
    /** What --then may run on the new dump. */
    private static final List<String> NEXT = List.of("top", "summary", "suspects", "serve");
    private final Console console;

    @Parameters(paramLabel = "PID", description = "The JVM's process id (jps or pgrep -f name it).")
    long pid;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Where the JVM writes the dump; it must not exist (default: heap-PID-TIME.hprof here).")
    Path output;

    @Option(names = "--all", description = "Every object, unreachable ones too (no collection first).")
    boolean all;

    @Option(names = "--then", paramLabel = "COMMAND", description = "Go on with top, summary, suspects or serve on the dump.")
    String then;

    DumpCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        if (then != null && !NEXT.contains(then)) {
            throw new HeaplensException("--then takes " + String.join(", ", NEXT)
                    + ", not '" + then + "'");
        }
        Path file = (output != null ? output
                : Path.of("heap-" + pid + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
                        + ".hprof")).toAbsolutePath().normalize();
        long bytes = JvmHeapDump.write(pid, file, all);
        String wrote = "Wrote " + file + " (" + Sizes.bytes(bytes) + ", " + (all ? "all objects" : "live objects")
                + ") from process " + pid + ".";
        if (then != null) {
            console.err().println("heaplens: " + wrote);
            return Main.run(console, then, file.toString());
        }
        console.out().println(wrote);
        console.out().println("Next: heaplens top " + shellWord(file.toString()));
        return 0;
    }

    /** The path as one shell word, quoted when it needs to be. */
    private static String shellWord(String text) {
        return text.matches("[A-Za-z0-9_./+:@%=-]+") ? text : "'" + text.replace("'", "'\\''") + "'";
    }
}
