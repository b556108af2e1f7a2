package dev.heaplens.cli;

import picocli.CommandLine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What to say instead of picocli's own words for the usage errors a new user meets first: an
 * unknown command (with the nearest one), a dump given without a command, leaks with two dumps.
 * Null when picocli's message is the right one.
 */
final class UsageHints {
    private UsageHints() {
    }

    static String of(CommandLine.ParameterException e, String[] args, List<String> commands) {
        if (e instanceof CommandLine.UnmatchedArgumentException && e.getCommandLine().getParent() == null
                && args.length > 0 && !args[0].startsWith("-") && !commands.contains(args[0])) {
            return unknownCommand(args[0], commands);
        }
        if (e instanceof CommandLine.MissingParameterException
                && e.getCommandLine().getCommand() instanceof LeaksCommand leaks && leaks.b != null && leaks.c == null) {
            return "leaks needs three dumps A, B, C taken in that order; to compare two dumps, use"
                    + " `heaplens diff BEFORE AFTER`";
        }
        Object command = e.getCommandLine().getCommand();
        if (e instanceof CommandLine.MissingParameterException && (command instanceof PathsCommand || command instanceof ObjectCommand)
                && e.getMessage().contains("ADDRESS")) {
            String name = e.getCommandLine().getCommandName();
            return name + " needs an object's address after the dump: `heaplens top DUMP` lists the biggest, then"
                    + " `heaplens " + name + " DUMP 0x7f...`";
        }
        if (e instanceof CommandLine.MissingParameterException && command instanceof SqlCommand) {
            return "sql needs the dumps, then a query, last: `heaplens sql DUMP \"SELECT count(*) FROM objects\"`";
        }
        return null;
    }

    private static String unknownCommand(String word, List<String> commands) {
        if (isFile(word)) {
            return "a command comes first, then the dump: `heaplens summary " + word + "` (`heaplens --help` lists"
                    + " the commands)";
        }
        String nearest = commands.get(0);
        for (String c : commands) {
            if (distance(word, c) < distance(word, nearest)) {
                nearest = c;
            }
        }
        return "unknown command '" + word + "'; the nearest is '" + nearest + "' (`heaplens --help` lists them all)";
    }

    private static boolean isFile(String word) {
        try {
            return Files.isRegularFile(Path.of(word));
        } catch (RuntimeException e) {
            return false; // not a valid path here
        }
    }

    /** Levenshtein distance: edits from {@code a} to {@code b}. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
