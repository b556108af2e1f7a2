package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.memprof.AllocationDiff;
import dev.heaplens.format.memprof.AllocationGroup;
import dev.heaplens.format.memprof.AllocationLog;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * The entry point to heaplens-memprof's allocation logs (files written by
 * {@code MemProf.logAllocations}), as {@link HeapRuntime} is to dumps: one log read, or the
 * change per call stack between two logs of one program.
 */
public final class AllocationLogs {
    private AllocationLogs() {
    }

    /** The groups of one log, in file order; a bad file is one line naming file and line. */
    public static List<AllocationGroup> read(Path path) {
        if (Files.isRegularFile(path)) {
            HeapDumpGivenElsewhere.refuse(path.toString(), "an allocation log");
        }
        try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return AllocationLog.read(path.toString(), in);
        } catch (NoSuchFileException e) {
            throw new HeaplensException(path + ": no such file");
        } catch (IOException e) {
            throw new HeaplensException(path + ": cannot read: " + e.getMessage());
        }
    }

    /** Per call stack, what changed from {@code before} to {@code after} (stacks that did not change left out). */
    public static List<AllocationGroup> changes(Path before, Path after) {
        return AllocationDiff.compute(read(before), read(after));
    }
}
