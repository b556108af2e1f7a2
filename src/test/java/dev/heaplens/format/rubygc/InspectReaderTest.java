package dev.heaplens.format.rubygc;

import dev.heaplens.gc.GcLog;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The inspect reader works in a window of 64K-char chunks: hashes cut at every kind of place by a
 * chunk's end read as the whole text reads them (checked against a parse of the whole text at
 * once, hash after hash), and memory stays bounded by the longest hash.
 */
class InspectReaderTest {
    private static GcLog read(String text) throws IOException {
        return RubyGcReader.read("series.txt", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                RubyGcReader.Style.INSPECT);
    }

    /** The oracle: every hash of the whole text, in order, parsed from one string. */
    private static List<Map<String, Object>> wholeTextHashes(String text) {
        List<Map<String, Object>> hashes = new ArrayList<>();
        int pos = 0;
        for (int open; (open = text.indexOf('{', pos)) >= 0; ) {
            HashLiteral p = new HashLiteral(text, open);
            hashes.add(p.parseHash());
            pos = p.position();
        }
        return hashes;
    }

    @Test
    void hashesCutByEveryChunkEndReadAsTheWholeText() throws IOException {
        Random random = new Random(11);
        StringBuilder text = new StringBuilder();
        int snapshots = 4_000;
        for (int i = 0; i < snapshots; i++) {
            if (random.nextInt(5) == 0) {
                text.append("request ").append(i).append(" done\n"); // a line that is not a hash
            }
            boolean pp = random.nextBoolean(); // pp spreads a hash over lines
            String sep = pp ? ",\n " : ", ";
            text.append("{:count=>").append(i).append(sep)
                    .append(":time=>").append(random.nextInt(1_000_000)).append(sep)
                    .append(":heap_live_slots=>").append(1_000_000_000L + random.nextInt(1 << 30)).append(sep)
                    .append(":malloc_increase_bytes_limit=>1.").append(random.nextInt(1000)).append("e7").append(sep)
                    .append(":total_freed_objects=>").append("9".repeat(1 + random.nextInt(15))).append("}\n");
            if (random.nextInt(3) == 0) {
                text.append("{:major_by=>:oldgen, :gc_by=>:newobj, :state=>:none}\n");
            }
        }
        String whole = text.toString();
        assertThat(whole.length()).isGreaterThan(8 * 65_536); // many chunk ends
        GcLog log = read(whole);
        List<Map<String, Object>> expected = wholeTextHashes(whole);
        List<Map<String, Object>> stats = expected.stream().filter(h -> h.containsKey("count")).toList();
        assertThat(log.samples().size()).isEqualTo(snapshots).isEqualTo(stats.size());
        for (int i = 0; i < snapshots; i++) {
            Map<String, Object> h = stats.get(i);
            assertThat(log.samples().get(i, "count")).isEqualTo(((Number) h.get("count")).longValue());
            assertThat(log.samples().get(i, "heap_live_slots")).isEqualTo(((Number) h.get("heap_live_slots")).longValue());
            assertThat(log.samples().get(i, "total_freed_objects"))
                    .isEqualTo(((Number) h.get("total_freed_objects")).longValue());
        }
        assertThat(log.warnings()).isEmpty();
        assertThat(log.lines()).isEqualTo(whole.chars().filter(c -> c == '\n').count());
    }

    @Test
    void aSyntaxErrorPastTheFirstChunkIsToldAtItsOffsetInTheText() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < 200_000; i++) {
            text.append("{:count=>").append(i).append(", :time=>5}\n");
        }
        int bad = text.length() + ":count=>".length() + 1;
        text.append("{:count=>=7}\n{:count=>99999}\nlast line\n");
        GcLog log = read(text.toString());
        assertThat(log.warnings()).containsExactly("series.txt: offset " + bad + ": unexpected '=': the rest is ignored");
        assertThat(log.samples().size()).isEqualTo(wholeTextHashes(text.substring(0, bad - ":count=>".length() - 1)).size());
        assertThat(log.lines()).isEqualTo(text.chars().filter(c -> c == '\n').count());
    }

    @Test
    void aHashLongerThanAnyGcStatIsRefusedWithoutReadingTheRest() throws IOException {
        StringBuilder text = new StringBuilder("{:count=>1}\n{:count=>2, :note=>\"");
        text.append("x".repeat(InspectReader.LONGEST_HASH + 100_000)).append("\"}\n{:count=>3}\n");
        GcLog log = read(text.toString());
        assertThat(log.samples().size()).isEqualTo(1);
        assertThat(log.warnings()).containsExactly("series.txt: offset 12: a hash longer than 4 MB is not GC.stat output: "
                + "the rest is ignored");
    }
}
