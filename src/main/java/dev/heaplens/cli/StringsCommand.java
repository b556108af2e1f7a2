package dev.heaplens.cli;

import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.DuplicateStringsRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "strings", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Duplicate java.lang.String values in a JVM heap dump, most wasteful first.",
                "Per value: how many Strings hold it, over how many char/byte arrays, and the bytes that "
                + "keeping one String (and one array) would save."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens strings app.hprof --top 30",
                "  heaplens strings app.hprof --format tsv > duplicates.tsv"})
final class StringsCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "DUMP", description = "A JVM heap dump (.hprof, plain or gzip), read twice:"
            + " not standard input.")
    String dump;

    @Mixin
    TopOption top = new TopOption(20);

    @Mixin
    FormatOption format;

    @Mixin
    DumpOptions dumpOptions;

    StringsCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        DumpInput input = DumpInput.open(dump, console.in());
        DuplicateStrings d = dumpOptions.runtimeFor(console, input).duplicateStrings(input, top.top);
        List<DuplicateStrings.Group> shown = d.groups().subList(0, Math.min(top.top, d.groups().size()));
        console.out().print(DuplicateStringsRenderer.render(d, shown, format.format, input.name()));
        console.out().flush();
        if (format.rowsOnly()) {
            console.err().println("heaplens: " + DuplicateStringsRenderer.totalsNote(d));
        }
        return 0;
    }
}
