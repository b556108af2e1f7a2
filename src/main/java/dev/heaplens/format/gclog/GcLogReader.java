package dev.heaplens.format.gclog;

import dev.heaplens.HeaplensException;
import dev.heaplens.gc.GcEventDetails;
import dev.heaplens.gc.GcEvents;
import dev.heaplens.gc.GcLog;
import dev.heaplens.gc.GcRuntime;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Reads one JVM run's GC log, given as one file or as a rotated set ({@code gc.log},
 * {@code gc.log.0}, ... in any order: they are put in time order by their first timestamps),
 * plain or gzip, streamed once: memory grows with the GC events kept, never with lines read.
 */
public final class GcLogReader {
    private GcLogReader() {
    }

    /**
     * The size of the parts a plain unified log is read in, on all cores; a smaller file is read
     * on one thread. 512 KB: a part is split into lines while it is still in the core's cache
     * (4 MB parts took about a fifth more CPU time), and a few parts in flight cost 2 MB.
     */
    static final int PART_BYTES = 512 << 10;

    /** Reads the files as one run. They must all be JVM logs of one kind. */
    public static GcLog read(List<GcInput> files) {
        return read(files, PART_BYTES, Runtime.getRuntime().availableProcessors());
    }

    /**
     * As {@link #read(List)}, reading plain unified logs larger than {@code partBytes} in parts on
     * {@code threads} threads (the tests compare this with reading on one thread).
     */
    static GcLog read(List<GcInput> files, int partBytes, int threads) {
        GcFileKind kind = files.get(0).kind();
        for (GcInput f : files) {
            if (f.kind() != kind) {
                throw new HeaplensException(f.name() + ": is " + f.kind().description() + ", but "
                        + files.get(0).name() + " is " + kind.description() + "; give one run's files at a time");
            }
        }
        List<GcInput> ordered = new ArrayList<>(files);
        ordered.sort(Comparator.comparingLong(GcLogReader::firstTime));
        if (kind == GcFileKind.OPENJ9_XML) {
            return OpenJ9XmlReader.read(ordered);
        }
        GcEvents events = new GcEvents();
        GcEventDetails details = new GcEventDetails();
        List<String> warnings = new ArrayList<>();
        long lines = 0;
        List<String> sources = new ArrayList<>();
        if (kind == GcFileKind.JDK8) {
            Jdk8LogParser parser = new Jdk8LogParser(events, details);
            for (GcInput f : ordered) {
                lines += readFile(f, parser, warnings);
                sources.add(f.name());
            }
            parser.finish();
            warnAboutFoldedCauses(events, warnings);
            warnNotUnderstood(parser.notUnderstood, parser.firstNotUnderstood, warnings);
            if (!parser.timed() && events.size() > 0) {
                warnings.add("the lines carry no time stamps (-XX:+PrintGCTimeStamps or -XX:+PrintGCDateStamps): rates "
                        + "and throughput cannot be computed");
            }
            String version = parser.jdk > 0 ? Integer.toString(parser.jdk) : parser.sawCause || parser.sawMetaspace ? "8" : "7 or older";
            return new GcLog(GcRuntime.JVM, parser.collector(), version, !parser.wallClock, events, null, details,
                    parser.evacuationFailures, lines, sources, warnings, parser.notUnderstood, !parser.timed());
        }
        UnifiedLogParser parser = new UnifiedLogParser(events, details);
        for (GcInput f : ordered) {
            lines += f.plainFile() != null && threads > 1 && f.size() > partBytes
                    ? readInParts(f, parser, warnings, partBytes, threads)
                    : readFile(f, parser, warnings);
            sources.add(f.name());
        }
        parser.finish();
        warnAboutFoldedCauses(events, warnings);
        if (!parser.sawUsingLine && parser.firstGcId > 0) {
            warnings.add("the log starts at GC(" + parser.firstGcId + "): its first lines are missing (rotated away "
                    + "or cut), so counts cover GC(" + parser.firstGcId + ") onwards");
        }
        warnNotUnderstood(parser.notUnderstood, parser.firstNotUnderstood, warnings);
        if (parser.uptimeClock == null && events.size() > 0) {
            warnings.add("the lines carry no time decorator (uptime or time): rates and throughput cannot be computed");
        }
        return new GcLog(GcRuntime.JVM, parser.collector.displayName, parser.jdk > 0 ? Integer.toString(parser.jdk) : null,
                !Boolean.FALSE.equals(parser.uptimeClock), events, null, details, parser.evacuationFailures, lines,
                sources, warnings, parser.notUnderstood, parser.uptimeClock == null);
    }

    private static void warnNotUnderstood(long count, String first, List<String> warnings) {
        if (count > 0) {
            warnings.add(count + (count == 1 ? " line that looks like a GC pause was" : " lines that look like a GC pause were")
                    + " not understood and not counted; the first: " + first);
        }
    }

    private static void warnAboutFoldedCauses(GcEvents events, List<String> warnings) {
        if (events.foldedCauses() > 0) {
            warnings.add(events.foldedCauses() + " events' causes are counted as (other): the log names more distinct "
                    + "causes than heaplens keeps (" + (Short.MAX_VALUE - 1) + ")");
        }
    }

    private static long readFile(GcInput f, LineSink parser, List<String> warnings) {
        long[] delivered = {0};
        LineSink counting = (b, from, to) -> {
            delivered[0]++;
            parser.line(b, from, to);
        };
        try (InputStream in = f.openStream()) {
            ByteLines.Ending end = ByteLines.read(in, counting);
            warnCut(f, end, warnings);
            return end.lines();
        } catch (java.io.EOFException | java.util.zip.ZipException e) {
            warnings.add(f.name() + ": the gzip data is cut or corrupt (" + e.getMessage() + "): read up to line "
                    + delivered[0]);
            return delivered[0];
        } catch (IOException e) {
            throw new HeaplensException(f.name() + ": cannot read: " + e.getMessage());
        }
    }

    /** Reads a plain unified log in parts on several threads, keeping the lines the parser acts on. */
    private static long readInParts(GcInput f, UnifiedLogParser parser, List<String> warnings, int partBytes,
                                    int threads) {
        try {
            ByteLines.Ending end = ParallelLines.read(f.plainFile(), partBytes, threads, UnifiedLogParser.PartFilter::new,
                    parser);
            warnCut(f, end, warnings);
            return end.lines();
        } catch (IOException e) {
            throw new HeaplensException(f.name() + ": cannot read: " + e.getMessage());
        }
    }

    private static void warnCut(GcInput f, ByteLines.Ending end, List<String> warnings) {
        if (end.overlongLines() > 0) {
            warnings.add(f.name() + ": " + end.overlongLines() + " line" + (end.overlongLines() == 1 ? "" : "s")
                    + " longer than " + (ByteLines.LONGEST_LINE >> 20) + " MB skipped (not GC log lines)");
        }
        if (end.cutLastLine() != null) {
            warnings.add(f.name() + ": line " + end.lines() + " is cut (no line end; the log was still being "
                    + "written?): ignored: " + end.cutLastLine());
        }
    }

    private static long orMax(long t) {
        return t == Ascii.NONE ? Long.MAX_VALUE : t;
    }

    /** The first time stamp in a file's first bytes (uptime or wall clock), for ordering a rotated set. */
    static long firstTime(GcInput f) {
        Decorators deco = new Decorators();
        byte[] b = f.head;
        if (f.kind() == GcFileKind.OPENJ9_XML) {
            int at = Ascii.indexOf(b, 0, f.headLength, "timestamp=\"");
            return at < 0 ? Long.MAX_VALUE : orMax(IsoTime.epochMicros(b, at + 11, Math.min(f.headLength, at + 34)));
        }
        int start = 0;
        while (start < f.headLength) {
            int end = start;
            while (end < f.headLength && b[end] != '\n') {
                end++;
            }
            if (f.kind() == GcFileKind.JDK8) {
                long t = Jdk8LogParser.lineTime(b, start, end);
                if (t != Ascii.NONE) {
                    return t;
                }
            } else if (deco.parse(b, start, end)) {
                long t = deco.hasUptime() ? deco.uptimeMicros() : deco.wallMicros();
                if (t != Ascii.NONE) {
                    return t;
                }
            }
            start = end + 1;
        }
        return Long.MAX_VALUE;
    }
}
