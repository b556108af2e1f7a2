package dev.heaplens.cli;

import picocli.CommandLine;

import java.util.ArrayList;
import java.util.List;

/**
 * How help is laid out beyond picocli's defaults: example lines (they start with two spaces) are
 * printed as written, never wrapped, so that they paste into a shell; prose lines of a footer are
 * wrapped at the help's width on word boundaries.
 */
final class HelpLayout {
    private HelpLayout() {
    }

    /** Applies the layout to {@code cli} and each of its subcommands. */
    static void apply(CommandLine cli) {
        cli.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER, HelpLayout::footer);
        cli.getSubcommands().values().forEach(HelpLayout::apply);
    }

    private static String footer(CommandLine.Help help) {
        int width = help.commandSpec().usageMessage().width();
        StringBuilder out = new StringBuilder();
        for (String line : help.commandSpec().usageMessage().footer()) {
            for (String part : line.replace("%n", "\n").replace("%%", "%").split("\n", -1)) {
                if (part.startsWith("  ")) {
                    out.append(part).append(System.lineSeparator());
                } else {
                    wrap(part, width).forEach(l -> out.append(l).append(System.lineSeparator()));
                }
            }
        }
        return out.toString();
    }

    static List<String> wrap(String prose, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : prose.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(word);
        }
        lines.add(line.toString());
        return lines;
    }
}
