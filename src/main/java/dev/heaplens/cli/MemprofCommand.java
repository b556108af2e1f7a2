package dev.heaplens.cli;

import dev.heaplens.report.AllocationTable;
import dev.heaplens.runtime.AllocationLogs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "memprof", mixinStandardHelpOptions = true,
        description = {"An allocation log of heaplens-memprof as a table, or what changed between two.",
                "Shows a log of MemProf.logAllocations as a Markdown table, or, given two, what changed per call"
                + " stack from the first to the second."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens memprof allocations.tsv",
                "  heaplens memprof before.tsv after.tsv"})
final class MemprofCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "FILE", description = "A log written by MemProf.logAllocations.")
    Path file;

    @Parameters(index = "1", arity = "0..1", paramLabel = "FILE2", description = "A later log of the same program: show the difference.")
    Path after;

    MemprofCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        String table = after == null ? AllocationTable.render(AllocationLogs.read(file))
                : AllocationTable.renderChanges(AllocationLogs.changes(file, after));
        console.out().print(table);
        console.out().flush();
        return 0;
    }
}
