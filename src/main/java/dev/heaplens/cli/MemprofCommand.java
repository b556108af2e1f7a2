package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.memprof.AllocationDiff;
import dev.heaplens.format.memprof.AllocationGroup;
import dev.heaplens.format.memprof.AllocationLog;
import dev.heaplens.report.AllocationTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "memprof", mixinStandardHelpOptions = true,
        description = {"Shows an allocation log of heaplens-memprof (MemProf.logAllocations) as a Markdown table,",
                "or, given two, what changed per call stack from the first to the second."},
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
        List<AllocationGroup> first = read(file);
        String table = after == null ? AllocationTable.render(first)
                : AllocationTable.renderChanges(AllocationDiff.compute(first, read(after)));
        console.out().print(table);
        console.out().flush();
        return 0;
    }

    private static List<AllocationGroup> read(Path path) {
        try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return AllocationLog.read(path.toString(), in);
        } catch (NoSuchFileException e) {
            throw new HeaplensException(path + ": no such file");
        } catch (IOException e) {
            throw new HeaplensException(path + ": cannot read: " + e.getMessage());
        }
    }
}
