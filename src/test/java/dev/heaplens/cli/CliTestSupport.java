package dev.heaplens.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/** Runs the CLI with captured streams, and writes dumps for it to read. */
public final class CliTestSupport {
    private CliTestSupport() {
    }

    /** What one run of the CLI did: exit code, everything on stdout and on stderr (UTF-8). */
    public record Result(int exitCode, String out, String err) {
        /** The lines of stderr, without their line ends; empty when stderr is empty. */
        public List<String> errLines() {
            return lines(err);
        }

        /** The lines of stdout, without their line ends; empty when stdout is empty. */
        public List<String> outLines() {
            return lines(out);
        }

        private static List<String> lines(String text) {
            if (text.isEmpty()) {
                return List.of();
            }
            List<String> parts = Arrays.asList(text.split("\r?\n", -1));
            return text.endsWith("\n") ? parts.subList(0, parts.size() - 1) : parts;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
        }
    }

    /** Runs {@code heaplens} with {@code command} and then {@code more} as its arguments, with an empty standard input. */
    public static Result run(List<String> command, String... more) {
        List<String> args = new java.util.ArrayList<>(command);
        args.addAll(List.of(more));
        return run(args.toArray(new String[0]));
    }

    /** {@code err} without the launcher's notes ({@code heaplens: note: ...}): what an in-heap run prints too. */
    public static String withoutNotes(String err) {
        return err.lines().filter(l -> !l.startsWith("heaplens: note: ")).map(l -> l + "\n").collect(java.util.stream.Collectors.joining());
    }

    /** Runs {@code heaplens args...} with an empty standard input. */
    public static Result run(String... args) {
        return runWithStdin(new byte[0], args);
    }

    /** Runs {@code heaplens args...} with {@code stdin} as standard input. */
    public static Result runWithStdin(byte[] stdin, String... args) {
        return runWithStdin(new ByteArrayInputStream(stdin), args);
    }

    public static Result runWithStdin(InputStream stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.run(new Console(stdin, o, e, false), args);
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The lines, each followed by a newline, as UTF-8. */
    public static byte[] text(String... lines) {
        StringBuilder sb = new StringBuilder();
        for (String line : lines) {
            sb.append(line).append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Splits a text block into its lines (a text block ends with a newline, which adds no line). */
    public static String[] linesOf(String textBlock) {
        return textBlock.split("\n");
    }

    public static byte[] gzip(byte[] data) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Writes the lines, each ending in a newline, to {@code dir/name}. */
    public static Path writeDump(Path dir, String name, String... lines) {
        return writeBytes(dir, name, text(lines));
    }

    /** Writes the lines, each ending in a newline, gzipped, to {@code dir/name}. */
    public static Path writeGzipDump(Path dir, String name, String... lines) {
        return writeBytes(dir, name, gzip(text(lines)));
    }

    /** Writes the text exactly as given (no newline added), UTF-8. */
    public static Path writeText(Path dir, String name, String text) {
        return writeBytes(dir, name, text.getBytes(StandardCharsets.UTF_8));
    }

    public static Path writeBytes(Path dir, String name, byte[] bytes) {
        try {
            return Files.write(dir.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
