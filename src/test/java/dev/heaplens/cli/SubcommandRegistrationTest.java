package dev.heaplens.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

import java.io.PrintStream;
import java.io.OutputStream;
import java.util.List;

import static dev.heaplens.cli.CliTestSupport.Result;
import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/** Main builds only the command that runs: the names it goes by must be the commands' own. */
class SubcommandRegistrationTest {
    private static final Console NOWHERE = new Console(System.in, new PrintStream(OutputStream.nullOutputStream()),
            new PrintStream(OutputStream.nullOutputStream()), false);

    @Test
    void eachNameIsTheOneItsCommandDeclares() {
        for (Main.Subcommand sub : Main.SUBCOMMANDS) {
            Object command = sub.make().apply(NOWHERE);
            assertThat(command.getClass().getAnnotation(Command.class).name()).isEqualTo(sub.name());
        }
    }

    @Test
    void aNamedCommandIsBuiltAloneAndAnythingElseGetsThemAll() {
        for (Main.Subcommand sub : Main.SUBCOMMANDS) {
            assertThat(Main.subcommandsFor(sub.name(), "heap.json")).containsExactly(sub);
        }
        assertThat(Main.subcommandsFor()).isEqualTo(Main.SUBCOMMANDS);
        assertThat(Main.subcommandsFor("--help")).isEqualTo(Main.SUBCOMMANDS);
        assertThat(Main.subcommandsFor("heap.json", "top")).isEqualTo(Main.SUBCOMMANDS);
    }

    @Test
    void helpListsEveryCommand() {
        Result help = run("--help");
        assertThat(help.exitCode()).isZero();
        List<String> names = Main.SUBCOMMANDS.stream().map(Main.Subcommand::name).toList();
        assertThat(names).hasSize(12);
        for (String name : names) {
            assertThat(help.out()).containsPattern("(?m)^  " + name + "\\b");
        }
    }
}
