package dev.heaplens.cli;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Rails-like sample with the generation or method key of one line in five damaged:
 * {@code histogram --by location} (which jumps to each line's tail) and {@code retained --by
 * location} (a graph read, which walks every key) count the same objects and bytes at each
 * site, and the objects without allocation info are those whose line has no {@code "file"} or
 * lost the colon after its generation key: both read those lines in part, and say how many.
 */
class DamagedTailKeysCliTest {
    @TempDir
    Path dir;

    @Test
    void histogramAndRetainedByLocationAgreeOnADumpWithDamagedTailKeys() throws IOException {
        Path dump = dir.resolve("damaged.json");
        List<String> lines = new ArrayList<>();
        int damaged = 0;
        int colonMissing = 0;
        long withoutSite = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(Path.of("src/test/resources/fixtures/rails_ish.json.gz"))), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                String before = line;
                switch (lines.size() % 10) {
                    case 1 -> line = line.replace("\"generation\":", "\"generaton\":");
                    case 3 -> line = line.replace("\"method\":", "\"metxhod\":");
                    case 5 -> line = line.replace("\"generation\":", "\"Generation\":");
                    case 7 -> line = line.replace("\"method\":", "\"method\u0000\":");
                    default -> { }
                }
                if (lines.size() % 100 == 9) {
                    line = line.replace("\"generation\":", "\"generation\" ");
                    colonMissing += line.equals(before) ? 0 : 1;
                }
                damaged += line.equals(before) ? 0 : 1;
                // a line whose colon is missing is malformed for both reads: its object is counted without its site
                withoutSite += line.startsWith("{\"address\"") && (!line.contains("\"file\":") || line.contains("\"generation\" ")) ? 1 : 0;
                lines.add(line);
            }
        }
        Files.write(dump, lines, StandardCharsets.UTF_8);
        assertThat(damaged).isGreaterThan(lines.size() / 10);

        CliTestSupport.Result histogram = run("histogram", dump.toString(), "--by", "location", "--top", "100000", "--format", "tsv");
        CliTestSupport.Result retained = run("retained", dump.toString(), "--by", "location", "--top", "100000", "--format", "tsv", "--no-index");
        assertThat(histogram.exitCode()).as(histogram.toString()).isZero();
        assertThat(retained.exitCode()).as(retained.toString()).isZero();
        // histogram: count, bytes, location; retained: count, shallow bytes, retained bytes, retained count, location
        TreeSet<String> bySite = sites(histogram, 0, 1, 2);
        assertThat(sites(retained, 0, 1, 4)).isEqualTo(bySite);
        String noSite = "(no allocation info)\t" + withoutSite + "\t";
        assertThat(bySite).anyMatch(s -> s.startsWith(noSite));
        assertThat(colonMissing).isPositive();
        for (CliTestSupport.Result r : List.of(histogram, retained)) {
            assertThat(r.err()).contains(": " + colonMissing + " lines read in part; first: ");
        }
    }

    /** The rows after the header as "location, count, bytes". */
    private static TreeSet<String> sites(CliTestSupport.Result r, int count, int bytes, int location) {
        TreeSet<String> rows = new TreeSet<>();
        for (String row : r.outLines().subList(1, r.outLines().size())) {
            String[] cells = row.split("\t");
            rows.add(cells[location] + "\t" + cells[count] + "\t" + cells[bytes]);
        }
        return rows;
    }
}
