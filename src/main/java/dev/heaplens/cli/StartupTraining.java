package dev.heaplens.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The training run behind the launcher's start-up archive (class data sharing, see the README):
 * the launcher runs it once per build under {@code -XX:DumpLoadedClassList}, so that the classes
 * the usual commands load, on both runtimes, are listed and then archived. Not a user command.
 *
 * <p>Arguments: a gzipped Ruby dump (the bundled sample), a scratch directory (for its plain copy
 * and a heap dump of this JVM, the JVM dump it trains on), and optionally a GC log of this JVM
 * for {@code gc}.
 * Prints each command that failed; exits 1 when one did, so the launcher can tell.
 */
public final class StartupTraining {
    private StartupTraining() {
    }

    public static void main(String[] args) throws IOException {
        Path ruby = Path.of(args[0]);
        Path scratch = Path.of(args[1]);
        List<String> failed = new ArrayList<>();
        Path hprof = scratch.resolve("training.hprof");
        if (dumpOwnHeap(hprof)) {
            train(hprof.toString(), failed);
            run(failed, "strings", hprof.toString());
        }
        // A plain file is read by several threads, a gzipped one by one: both ways are trained.
        Path plain = scratch.resolve("training.json");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(ruby))) {
            Files.copy(in, plain, StandardCopyOption.REPLACE_EXISTING);
        }
        train(plain.toString(), failed);
        run(failed, "histogram", ruby.toString());
        if (args.length > 2) {
            run(failed, "gc", args[2]);
        }
        run(failed, "--version");
        mcp(plain, failed);
        failed.forEach(System.err::println);
        System.exit(failed.isEmpty() ? 0 : 1);
    }

    /** The graph and streaming commands a user runs most, on one dump. */
    private static void train(String dump, List<String> failed) {
        run(failed, "summary", dump);
        run(failed, "histogram", dump);
        String top = run(failed, "top", dump, "--format", "tsv", "--top", "3");
        run(failed, "retained", dump);
        run(failed, "diff", dump, dump);
        run(failed, "leaks", dump, dump, dump);
        String[] rows = top.split("\n");
        if (rows.length > 1) {
            String address = rows[1].split("\t")[0];
            run(failed, "object", dump, address);
            run(failed, "paths", dump, address);
        }
    }

    /** An assistant's first exchange with heaplens mcp, so that its JSON-RPC layer (and Jackson) is archived too. */
    private static void mcp(Path dump, List<String> failed) {
        String session = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\"}}\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"top\",\"arguments\":"
                + "{\"dump\":\"" + dump.toAbsolutePath().toString().replace("\\", "\\\\").replace("\"", "\\\"")
                + "\",\"limit\":2}}}\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Main.run(new Console(new java.io.ByteArrayInputStream(session.getBytes(StandardCharsets.UTF_8)),
                new CheckedPrintStream(out, false), new CheckedPrintStream(OutputStream.nullOutputStream(), true), false),
                "mcp", dump.toAbsolutePath().toString());
        if (code != 0 || !out.toString(StandardCharsets.UTF_8).contains("\"isError\":false")) {
            failed.add("startup training: heaplens mcp exited " + code + " or its tool failed");
        }
    }

    /** Runs heaplens in this JVM as a terminal user would (progress on), returning its output. */
    private static String run(List<String> failed, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream err = new CheckedPrintStream(OutputStream.nullOutputStream(), true);
        int code = Main.run(new Console(InputStream.nullInputStream(), new CheckedPrintStream(out, false), err, true), args);
        if (code != 0) {
            failed.add("startup training: heaplens " + String.join(" ", args) + " exited " + code);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** A small JVM dump to train on: this JVM's own live heap. False when this JVM cannot dump one. */
    private static boolean dumpOwnHeap(Path file) throws IOException {
        Files.deleteIfExists(file);
        try {
            ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .dumpHeap(file.toString(), true);
            return true;
        } catch (RuntimeException | LinkageError e) {
            System.err.println("startup training: no JVM dump to train on (" + e + ")");
            return false;
        }
    }
}
