package dev.heaplens.cli;

import dev.heaplens.web.Server;
import dev.heaplens.web.Workspace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Look at dumps in the browser: a local web app over them.",
                "Overview with charts, histogram, dominator tree, objects with their paths from GC roots, "
                + "unreachable objects, duplicate strings (JVM), the diff of two dumps, the leaks of three, and GC "
                + "data. Each dump is read once; the URL is the first line of output. It binds 127.0.0.1 unless "
                + "--bind says otherwise, and then requires the random token printed in the URL. Ctrl-C stops it."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens serve heap.json.gz", "  heaplens serve before.hprof after.hprof --port 0 --open",
                "  heaplens serve a.json b.json c.json --gc gc.jsonl",
                "  heaplens serve app.hprof --bind 0.0.0.0 --port 8080   # prints a URL with its token"})
final class ServeCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(paramLabel = "DUMP", arity = "0..3", description = WebSources.DUMPS)
    List<String> dumps = new ArrayList<>();

    @Option(names = "--gc", paramLabel = "FILE", arity = "1..*", description = WebSources.GC)
    List<String> gc = new ArrayList<>();

    @Option(names = "--port", paramLabel = "N", converter = Converters.Port.class,
            description = "The port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port = 7447;

    @Option(names = "--bind", paramLabel = "ADDR",
            description = "The address to listen on (default: ${DEFAULT-VALUE}); any other than loopback requires the printed token.")
    String bind = "127.0.0.1";

    @Option(names = "--open", description = "Open the URL in the desktop's browser.")
    boolean open;

    @Mixin
    GraphDumpOptions dumpOptions;

    ServeCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() throws InterruptedException {
        Workspace workspace = WebSources.load(console, dumps, gc, dumpOptions);
        Server server = Server.start(workspace, bind, port);
        console.out().println(server.url());
        console.out().flush();
        console.err().println("heaplens: serving " + dumps.size() + " dump(s)" + (gc.isEmpty() ? "" : " and GC data")
                + "; Ctrl-C stops");
        if (open) {
            openBrowser(server.url());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            workspace.close();
            stopped.countDown();
        }));
        stopped.await();
        return 0;
    }

    private void openBrowser(String url) {
        try {
            if (java.awt.Desktop.isDesktopSupported() && java.awt.Desktop.getDesktop().isSupported(java.awt.Desktop.Action.BROWSE)) {
                java.awt.Desktop.getDesktop().browse(java.net.URI.create(url));
                return;
            }
        } catch (Exception | LinkageError e) {
            // headless or no desktop: say so below
        }
        console.err().println("heaplens: note: cannot open a browser here; open " + url);
    }
}
