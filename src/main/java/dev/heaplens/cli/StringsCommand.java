package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.jvm.DuplicateStrings;
import dev.heaplens.io.DumpFormat;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.DuplicateStringsRenderer;
import dev.heaplens.report.OutputFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "strings", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Duplicate java.lang.String values in a JVM heap dump, most wasteful first.",
                "Per value: how many Strings hold it, over how many char/byte arrays, and the bytes",
                "that keeping one String (and one array) would save."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplens strings app.hprof --top 30",
                "  heaplens strings app.hprof --format tsv > duplicates.tsv"})
final class StringsCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(index = "0", paramLabel = "DUMP", description = "A JVM heap dump (.hprof, plain or gzip).")
    String dump;

    @Option(names = "--top", paramLabel = "N", description = "Show the N most wasteful values (default: ${DEFAULT-VALUE}).")
    int top = 20;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table, markdown, tsv, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format = OutputFormat.TABLE;

    @Mixin
    DumpOptions dumpOptions;

    StringsCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        DumpInput input = DumpInput.open(dump, console.in());
        if (input.format() != DumpFormat.HPROF) {
            input.requireRuby(); // neither format: say what the file is
            throw new HeaplensException(input.name() + ": strings reads JVM heap dumps; for a Ruby dump, "
                    + "histogram --by location shows where String objects come from");
        }
        List<String> warnings = new ArrayList<>();
        DuplicateStrings d = DuplicateStrings.of(LoadedHeap.hprofSource(input), dumpOptions.hprofLayout(),
                dumpOptions.strict, Math.max(0, top), warnings);
        warnings.forEach(w -> console.err().println("heaplens: warning: " + input.name() + ": " + w));
        List<DuplicateStrings.Group> shown = d.groups().subList(0, Math.min(Math.max(0, top), d.groups().size()));
        console.out().print(DuplicateStringsRenderer.render(d, shown, format, input.name()));
        console.out().flush();
        if (format == OutputFormat.TSV || format == OutputFormat.CSV) {
            console.err().println("heaplens: " + DuplicateStringsRenderer.totalsNote(d));
        }
        return 0;
    }
}
