package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.runtime.HeapFit;
import dev.heaplens.runtime.IndexWriteBehind;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.util.List;

@Command(name = "heaplens", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Fast, exact analysis of heap dumps: Ruby ObjectSpace.dump_all JSON lines",
                "(.json, .json.gz) and JVM HPROF heap dumps (.hprof, plain or gzip), told apart",
                "by their contents. Every command reads both but strings and threads (JVM dumps only).",
                "A DUMP of - is standard input: any dump for histogram and diff, a Ruby dump",
                "for the others (they read a JVM dump more than once: give its file)."},
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens summary heap.json.gz",
                "  heaplens histogram heap.json --by class --top 20",
                "  heaplens histogram heap.json --by location --format tsv > by-location.tsv",
                "  heaplens retained app.hprof --by package",
                "",
                "Exit codes: 0 ok, 1 internal error, 2 bad input, usage or too little memory, 3 growth over a --fail-over limit."})
public final class Main implements java.util.concurrent.Callable<Integer> {
    /** The commands, in the order help lists them. */
    static final List<String> COMMANDS = List.of("suspects", "summary", "histogram", "top", "retained",
            "object", "paths", "graph", "diff", "leaks", "strings", "threads", "gc", "memprof", "serve", "report",
            "export", "sql", "dump", "mcp");

    /** The command named {@code name} (one of {@link #COMMANDS}); a switch, not lambdas, which cost at start. */
    static Object command(String name, Console console) {
        return switch (name) {
            case "summary" -> new SummaryCommand(console);
            case "histogram" -> new HistogramCommand(console);
            case "top" -> new TopCommand(console);
            case "suspects" -> new SuspectsCommand(console);
            case "retained" -> new RetainedCommand(console);
            case "object" -> new ObjectCommand(console);
            case "paths" -> new PathsCommand(console);
            case "graph" -> new GraphCommand(console);
            case "diff" -> new DiffCommand(console);
            case "leaks" -> new LeaksCommand(console);
            case "strings" -> new StringsCommand(console);
            case "threads" -> new ThreadsCommand(console);
            case "gc" -> new GcCommand(console);
            case "memprof" -> new MemprofCommand(console);
            case "serve" -> new ServeCommand(console);
            case "report" -> new ReportCommand(console);
            case "export" -> new ExportCommand(console);
            case "sql" -> new SqlCommand(console);
            case "mcp" -> new McpCommand(console);
            case "dump" -> new DumpCommand(console);
            default -> throw new IllegalArgumentException(name);
        };
    }

    /**
     * The commands that print a table from a graph and are done: a new index is written beside
     * their work (on the second core) rather than before it, and waited for before they exit.
     */
    private static final List<String> WRITE_INDEX_BEHIND = List.of("top", "retained", "object", "paths", "graph", "suspects");

    private static final String PICOCLI_EXCLUDES = "picocli.converters.excludes";

    /** Exit code for a bug in heaplens rather than in the input. */
    static final int INTERNAL_ERROR = 1;

    private final Console console;

    private Main(Console console) {
        this.console = console;
    }

    public static void main(String[] args) {
        Console console = Console.system();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> threadFailed(console, thread, e));
        System.exit(run(console, args));
    }

    /**
     * A helper thread (progress, read-ahead) that ends with an uncaught throwable: one line, not
     * the JVM's stack trace; nothing for OutOfMemoryError, which the command's own thread meets
     * too and reports.
     */
    private static void threadFailed(Console console, Thread thread, Throwable e) {
        if (System.getenv("HEAPLENS_DEBUG") != null) {
            e.printStackTrace(console.err());
        } else if (!(e instanceof OutOfMemoryError)) {
            console.err().println("heaplens: internal error in thread " + thread.getName() + ": " + e
                    + " (set HEAPLENS_DEBUG=1 to see where)");
        }
    }

    /** Runs heaplens with the given streams and returns the exit code. */
    public static int run(Console console, String... args) {
        // picocli looks up its java.time and java.sql converters by reflection, initialising those
        // classes, for every command; no option of heaplens has such a type (about 15 ms of CPU)
        if (System.getProperty(PICOCLI_EXCLUDES) == null) {
            System.setProperty(PICOCLI_EXCLUDES, "java\\.time\\..*,java\\.sql\\..*");
        }
        CommandLine cli = new CommandLine(new Main(console));
        // picocli reads each command's annotations when it is added: adding only the command asked
        // for saves a good part of the JVM's start (measured: BENCHMARKS.md, heaplens gc)
        if (args.length > 0 && COMMANDS.contains(args[0])) {
            cli.addSubcommand(command(args[0], console));
        } else {
            for (String name : COMMANDS) {
                cli.addSubcommand(command(name, console));
            }
        }
        cli
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(new PrintWriter(console.out(), true))
                .setErr(new PrintWriter(console.err(), true))
                .setParameterExceptionHandler(Main::badUsage)
                .setExecutionExceptionHandler((e, cmd, parsed) -> failure(console, e));
        LowerCaseEnums.registerAll(cli);
        cli.setResourceBundle(new KeyHelp());
        HelpLayout.apply(cli);
        int code;
        try (IndexWriteBehind writes = IndexWriteBehind.during(args.length > 0 && WRITE_INDEX_BEHIND.contains(args[0]))) {
            code = cli.execute(args);
        } catch (OutOfMemoryError e) {
            code = outOfMemory(console, e);
        }
        return checkWrites(console, code);
    }

    /**
     * The heap ran out after all (the estimate before reading was low, or the command is not a
     * graph command): one line naming the setting to raise, never the error's stack trace. By
     * now the command's data is unreachable, so there is memory to say so.
     */
    private static int outOfMemory(Console console, OutOfMemoryError e) {
        long max = Runtime.getRuntime().maxMemory();
        console.err().println("heaplens: out of memory (" + e.getMessage() + ") with " + (max >> 20)
                + " MiB of heap: " + HeapFit.raise(2 * max));
        return HeaplensException.BAD_INPUT;
    }

    /**
     * A command whose output could not be written (stdout closed, a full disk) fails, in one
     * line on stderr, instead of exiting 0 with its results gone.
     */
    private static int checkWrites(Console console, int code) {
        console.out().flush();
        int failed = code == 0 || code == GrowthGate.EXIT_CODE ? HeaplensException.BAD_INPUT : code;
        if (console.out().checkError()) {
            console.err().println("heaplens: cannot write output: " + reason(console.out()));
            return failed;
        }
        console.err().flush();
        return console.err().checkError() ? failed : code;
    }

    private static String reason(java.io.PrintStream stream) {
        String why = stream instanceof CheckedPrintStream checked ? checked.failure() : null;
        return why != null ? why : "the stream reported an error";
    }

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** Bare {@code heaplens}: the usage, with its commands, and the usage-error exit code. */
    @Override
    public Integer call() {
        spec.commandLine().usage(console.err());
        return HeaplensException.BAD_INPUT;
    }

    private static int badUsage(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        String hint = UsageHints.of(e, args, COMMANDS);
        cmd.getErr().println("heaplens: " + dev.heaplens.report.TerminalText.escape(hint != null ? hint : e.getMessage()));
        cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
        return HeaplensException.BAD_INPUT;
    }

    private static int failure(Console console, Exception e) {
        if (e instanceof HeaplensException h) {
            console.err().println("heaplens: " + dev.heaplens.report.TerminalText.escape(h.getMessage()));
            return h.exitCode();
        }
        if (System.getenv("HEAPLENS_DEBUG") != null) {
            e.printStackTrace(console.err());
        } else {
            console.err().println("heaplens: internal error: " + e + " (set HEAPLENS_DEBUG=1 to see where)");
        }
        return INTERNAL_ERROR;
    }

    /** The version the build wrote into {@code version.properties} (the pom's version). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"heaplens " + dev.heaplens.HeaplensVersion.get()};
        }
    }
}
