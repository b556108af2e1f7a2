package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.HeapRuntime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Opens the dumps a comparison reads, and refuses or warns about mixes that cannot mean much. */
final class DumpSets {
    private DumpSets() {
    }

    /** Dumps of one runtime, and that runtime. */
    record Dumps(HeapRuntime runtime, List<DumpInput> inputs) {
    }

    /** All Ruby dumps or all JVM (HPROF) dumps: a Ruby heap and a JVM heap have no groups in common. */
    static Dumps openOfOneRuntime(Console console, List<String> names, DumpOptions options) {
        long stdin = names.stream().filter("-"::equals).count();
        if (stdin > 1) {
            throw new HeaplensException("standard input (-) can be only one of the dumps compared");
        }
        List<DumpInput> inputs = new ArrayList<>();
        for (String name : names) {
            DumpInput input = DumpInput.open(name, console.in());
            options.runtimeFor(console, input); // refuses what is no heap dump, saying what it is
            inputs.add(input);
        }
        HeapRuntime.requireOneRuntime(inputs, "compare");
        for (int i = 0; i < names.size(); i++) {
            for (int j = i + 1; j < names.size(); j++) {
                if (sameFile(names.get(i), names.get(j))) {
                    console.err().println("heaplens: warning: " + names.get(i) + " and " + names.get(j)
                            + " are the same file: nothing can have changed between them");
                }
            }
        }
        return new Dumps(options.runtimeFor(console, inputs.get(0)), inputs);
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
