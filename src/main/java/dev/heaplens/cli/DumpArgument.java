package dev.heaplens.cli;

import picocli.CommandLine.Parameters;

/** The DUMP a graph command reads: a Ruby or a JVM dump, told apart by its contents. */
final class DumpArgument {
    /** Ruby or JVM, and which of them standard input can carry: the help of every DUMP says it. */
    static final String ANY_DUMP = "A Ruby ObjectSpace.dump_all dump (.json, .json.gz) or a JVM heap dump (.hprof, plain or gzip)";
    static final String STDIN_RUBY_ONLY = "; - reads a Ruby dump from standard input (a JVM dump is read more than once: give its file).";

    @Parameters(index = "0", paramLabel = "DUMP", description = ANY_DUMP + STDIN_RUBY_ONLY)
    String dump;
}
