package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.io.DumpFormat;
import dev.heaplens.io.DumpInput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Opens the dumps a comparison reads, and refuses or warns about mixes that cannot mean much. */
final class DumpSets {
    private DumpSets() {
    }

    static List<DumpInput> open(Console console, List<String> names) {
        long stdin = names.stream().filter("-"::equals).count();
        if (stdin > 1) {
            throw new HeaplensException("standard input (-) can be only one of the dumps compared");
        }
        List<DumpInput> inputs = new ArrayList<>();
        for (String name : names) {
            inputs.add(DumpInput.open(name, console.in()));
        }
        for (DumpInput input : inputs) {
            if (input.format() != DumpFormat.HPROF) {
                input.requireRuby(); // neither format: say what the file is
            }
            if (input.format() != inputs.get(0).format()) {
                throw new HeaplensException("cannot compare dumps of different runtimes: " + inputs.get(0).name() + " is "
                        + inputs.get(0).format().description() + ", " + input.name() + " is " + input.format().description());
            }
        }
        for (int i = 0; i < names.size(); i++) {
            for (int j = i + 1; j < names.size(); j++) {
                if (sameFile(names.get(i), names.get(j))) {
                    console.err().println("heaplens: warning: " + names.get(i) + " and " + names.get(j)
                            + " are the same file: nothing can have changed between them");
                }
            }
        }
        return inputs;
    }

    private static boolean sameFile(String a, String b) {
        if (a.equals("-") || b.equals("-")) {
            return false;
        }
        try {
            return Files.isSameFile(Path.of(a), Path.of(b));
        } catch (IOException e) {
            return false;
        }
    }
}
