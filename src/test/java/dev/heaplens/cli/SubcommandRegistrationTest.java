package dev.heaplens.cli;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.heaplens.cli.CliTestSupport.Result;
import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Main builds only the command that runs, all of them for {@code --help}: every command help
 * lists must run by its name, with its own usage, and an unknown name must still be refused.
 */
class SubcommandRegistrationTest {
    @Test
    void everyCommandHelpListsRunsByItsName() {
        Result help = run("--help");
        assertThat(help.exitCode()).isZero();
        List<String> names = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^  ([a-z]+)  ").matcher(help.out().substring(help.out().indexOf("Commands:")));
        while (m.find()) {
            names.add(m.group(1));
        }
        assertThat(names).hasSizeGreaterThanOrEqualTo(15).contains("summary", "top", "gc", "memprof", "serve", "report", "mcp");
        for (String name : names) {
            Result own = run(name, "--help");
            assertThat(own.exitCode()).as(name).isZero();
            assertThat(own.out()).as(name).startsWith("Usage: heaplens " + name + " ");
        }
    }

    @Test
    void anUnknownCommandIsRefusedWithTheNearest() {
        Result r = run("tpo", "heap.json");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).containsExactly(
                "heaplens: unknown command 'tpo'; the nearest is 'top' (`heaplens --help` lists them all)",
                "Try 'heaplens --help' for more information.");
    }
}
