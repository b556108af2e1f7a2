package dev.heaplens.format.rubygc;

import dev.heaplens.HeaplensException;
import dev.heaplens.gc.GcEvents;
import dev.heaplens.gc.GcLog;
import dev.heaplens.gc.GcRuntime;
import dev.heaplens.gc.GcSamples;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a series of Ruby GC.stat snapshots: {@code p}/{@code pp GC.stat} output in either inspect
 * style (a hash of latest_gc_info printed after a snapshot joins it), JSON lines (a bare GC.stat
 * hash or {@code {"t":..., "stat":{...}, "latest_gc_info":{...}, "stat_heap":{...}}}), or gc_tracer's
 * TSV log. Keys are stored under their current names; latest_gc_info's values as
 * {@code latest_gc_info.KEY} texts; stat_heap's as {@code stat_heap.N.KEY}.
 */
public final class RubyGcReader {
    /** How the series was written. */
    public enum Style { INSPECT, JSON_LINES, GC_TRACER }

    private RubyGcReader() {
    }

    public static GcLog read(String name, InputStream in, Style style) throws IOException {
        GcSamples samples = new GcSamples();
        List<String> warnings = new ArrayList<>();
        String version;
        long lines;
        boolean newInspect = false;
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            switch (style) {
                case JSON_LINES -> {
                    long[] n = {0};
                    version = readJsonLines(name, new BoundedLines(reader), samples, warnings, n);
                    lines = n[0];
                }
                case GC_TRACER -> {
                    long[] n = {0};
                    samples = GcTracerTsv.read(name, new BoundedLines(reader), warnings, n);
                    version = null;
                    lines = n[0];
                }
                default -> {
                    InspectReader.Result r = InspectReader.read(name, reader, samples, warnings);
                    newInspect = r.newInspect();
                    version = null;
                    lines = r.lines();
                }
            }
        }
        if (samples.size() == 0 || !samples.has("count")) {
            throw new HeaplensException(name + ": no GC.stat snapshot found (no hash with a count key)");
        }
        if (version == null) {
            version = RubyVersionGuess.fromKeys(samples, newInspect);
        }
        return new GcLog(GcRuntime.RUBY, "Ruby RGenGC", version, false, new GcEvents(), samples, null, 0, lines,
                List.of(name), warnings);
    }

    private static String readJsonLines(String name, BoundedLines reader, GcSamples samples, List<String> warnings,
                                        long[] lines) throws IOException {
        String version = null;
        long skipped = 0;
        String line;
        while ((line = reader.next()) != null) {
            lines[0]++;
            if (line.isBlank()) {
                continue;
            }
            Map<String, Object> hash;
            try {
                if (line == BoundedLines.OVERLONG) {
                    throw new HashLiteral.SyntaxError("a line longer than " + (BoundedLines.LONGEST >> 20) + " MB", 0);
                }
                HashLiteral p = new HashLiteral(line, 0);
                hash = p.parseHash();
            } catch (HashLiteral.SyntaxError e) {
                if (skipped++ == 0) {
                    warnings.add(name + ": line " + lines[0] + ", offset " + e.offset + ": " + e.getMessage()
                            + " (skipped; later bad lines are counted)");
                }
                continue;
            }
            Object stat = hash.get("stat");
            if (stat instanceof Map<?, ?> statMap) {
                Object t = hash.get("t");
                boolean timed = t instanceof Number;
                samples.add(timed ? Math.round(((Number) t).doubleValue() * 1e6) : samples.size(), timed);
                putStat(samples, statMap);
                if (hash.get("latest_gc_info") instanceof Map<?, ?> info) {
                    putInfo(samples, info);
                }
                if (hash.get("stat_heap") instanceof Map<?, ?> heaps) {
                    heaps.forEach((heap, values) -> {
                        if (values instanceof Map<?, ?> m) {
                            m.forEach((k, v) -> {
                                if (v instanceof Number num) {
                                    samples.set("stat_heap." + heap + "." + k, num.longValue());
                                }
                            });
                        }
                    });
                }
                if (hash.get("ruby") instanceof String v) {
                    version = v;
                }
            } else {
                samples.add(samples.size(), false);
                putStat(samples, hash);
            }
        }
        if (skipped > 1) {
            warnings.add(name + ": " + skipped + " lines that are not JSON hashes were skipped");
        }
        return version;
    }

    static void putStat(GcSamples samples, Map<?, ?> stat) {
        stat.forEach((k, v) -> {
            if (v instanceof Number n) {
                samples.set(RubyGcKeys.canonical(k.toString()), n.longValue());
            }
        });
    }

    static void putInfo(GcSamples samples, Map<?, ?> info) {
        info.forEach((k, v) -> samples.setText("latest_gc_info." + k, v == null ? "nil" : v.toString()));
    }
}
