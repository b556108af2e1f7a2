package dev.heaplens.cli;

import dev.heaplens.HeaplensException;
import dev.heaplens.io.DumpInput;
import dev.heaplens.web.Workspace;

import java.util.ArrayList;
import java.util.List;

/** The dumps serve and report show, opened with their runtimes and read into a workspace. */
final class WebSources {
    static final String DUMPS = "One dump, two (adds the diff) or three taken in that order (adds the leaks), all Ruby or all JVM: "
            + DumpArgument.ANY_DUMP + ". Files only: they are read more than once.";
    static final String GC = "GC data to show: JVM GC logs of one run (or two runs), or a Ruby GC.stat series (or two), as heaplens gc reads them; - reads them from standard input.";

    private WebSources() {
    }

    static Workspace load(Console console, List<String> dumps, List<String> gcFiles, DumpOptions options) {
        if (dumps.size() > 3) {
            throw new HeaplensException("give one to three dumps (got " + dumps.size() + ")");
        }
        List<Workspace.Source> sources = new ArrayList<>();
        for (String name : dumps) {
            if (name.equals("-")) {
                throw new HeaplensException("serve and report read files, not standard input (the views read the dump again)");
            }
            DumpInput input = DumpInput.open(name, console.in());
            sources.add(new Workspace.Source(input, options.runtimeFor(console, input)));
        }
        return Workspace.load(sources, gcFiles, console.in()); // dumps are files, so --gc - may have standard input
    }
}
