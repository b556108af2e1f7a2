package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.mcp.AllowedFiles;
import dev.heaplens.mcp.Commands;
import dev.heaplens.mcp.McpServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "mcp", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"A Model Context Protocol server on standard input and output, for AI assistants.",
                "Its tools (open, summary, histogram, top, retained, object, paths, diff, leaks, gc)",
                "answer with the JSON the commands write with --format json, a page at a time.",
                "They read only the FILEs named here and files under each --root DIR (with neither,",
                "the current directory), and write nothing but the dumps' index caches."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens mcp --root /var/tmp/dumps",
                "  heaplens mcp heap.json.gz gc.log",
                "  claude mcp add heaplens -- /opt/heaplens/bin/heaplens mcp --root \"$PWD\""})
final class McpCommand implements Callable<Integer> {
    private final Console console;

    @Option(names = "--root", paramLabel = "DIR", description = "A directory whose files (at any depth) the tools may read;"
            + " repeatable.")
    List<Path> roots = new ArrayList<>();

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "Files the tools may read.")
    List<Path> files = new ArrayList<>();

    McpCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        Path here = Path.of("").toAbsolutePath();
        List<Path> allowedRoots = roots.isEmpty() && files.isEmpty() ? List.of(here) : roots;
        AllowedFiles allowed = AllowedFiles.of(allowedRoots, files, here);
        console.err().println("heaplens mcp: serving on standard input and output; files allowed under "
                + (allowed.roots().isEmpty() ? "no directory" : allowed.roots()) + (files.isEmpty() ? "" : " and " + files));
        try {
            new McpServer(allowed, McpCommand::inProcess, dev.heaplens.HeaplensVersion.get(), console.err()).serve(console.in(), console.out());
        } catch (IOException e) {
            throw new HeaplensException("mcp: " + e.getMessage());
        }
        return 0;
    }

    /**
     * One heaplens command in this JVM, as a tool runs it: no standard input (the protocol's stream is
     * never a command's) and no terminal (no progress lines).
     */
    private static Commands.Run inProcess(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, false, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.run(new Console(new ByteArrayInputStream(new byte[0]), o, e, false), args.toArray(String[]::new));
        }
        return new Commands.Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
