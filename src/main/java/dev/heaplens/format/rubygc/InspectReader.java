package dev.heaplens.format.rubygc;

import dev.heaplens.gc.GcSamples;

import java.io.IOException;
import java.io.Reader;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code p}/{@code pp GC.stat} output, hash after hash, in a window over the text: a hash may
 * span lines (pp), and lines that are not hashes are passed over. Memory is bounded by the longest
 * hash, not the file: the window drops what was read and is refused past {@link #LONGEST_HASH}.
 */
final class InspectReader {
    /** A GC.stat hash with stat_heap is a few KB; a longer one is not GC data. */
    static final int LONGEST_HASH = 4 << 20;
    /** Chars read at a time. */
    private static final int CHUNK = 1 << 16;
    /** An error this close to the window's end may only mean the hash goes on in the next chunk. */
    private static final int NEAR_END = 64;

    private final String name;
    private final Reader reader;
    private final GcSamples samples;
    private final List<String> warnings;
    private final StringBuilder window = new StringBuilder();
    private final char[] chunk = new char[CHUNK];
    /** Offset in the text of the window's first char. */
    private long base;
    private boolean ended;
    private long lines;
    private boolean newInspect;

    private InspectReader(String name, Reader reader, GcSamples samples, List<String> warnings) {
        this.name = name;
        this.reader = reader;
        this.samples = samples;
        this.warnings = warnings;
    }

    /** What a read found besides the samples: the text's line count and whether it is Ruby 3.4's style. */
    record Result(long lines, boolean newInspect) {
    }

    static Result read(String name, Reader reader, GcSamples samples, List<String> warnings) throws IOException {
        InspectReader r = new InspectReader(name, reader, samples, warnings);
        r.readAll();
        return new Result(r.lines, r.newInspect);
    }

    private void readAll() throws IOException {
        int pos = 0;
        while (true) {
            if (pos > CHUNK) { // what was read is dropped a chunk at a time, not a hash at a time
                drop(pos);
                pos = 0;
            }
            int open = indexOf('{', pos);
            if (open < 0) {
                drop(window.length());
                pos = 0;
                if (!fill()) {
                    return;
                }
                continue;
            }
            HashLiteral p = new HashLiteral(window, open);
            Map<String, Object> hash;
            try {
                hash = p.parseHash();
            } catch (HashLiteral.SyntaxError e) {
                if (!ended && e.offset + NEAR_END >= window.length()) {
                    if (window.length() - open > LONGEST_HASH) {
                        warnings.add(name + ": offset " + (base + open) + ": a hash longer than " + (LONGEST_HASH >> 20)
                                + " MB is not GC.stat output: the rest is ignored");
                        countTheRest();
                        return;
                    }
                    fill(); // the hash may go on in the next chunk: read it and parse the hash again
                    pos = open;
                    continue;
                }
                warnings.add(name + ": offset " + (base + e.offset) + ": " + e.getMessage() + ": the rest is ignored");
                countTheRest();
                return;
            }
            take(hash);
            newInspect |= isNewInspect(open);
            pos = p.position();
        }
    }

    private void take(Map<String, Object> hash) {
        if (!hash.containsKey("count") && (hash.containsKey("major_by") || hash.containsKey("gc_by")) && samples.size() > 0) {
            RubyGcReader.putInfo(samples, hash); // p GC.latest_gc_info after p GC.stat
        } else {
            samples.add(samples.size(), false);
            RubyGcReader.putStat(samples, hash);
        }
    }

    /** Appends the next chunk; false at the end of the text. */
    private boolean fill() throws IOException {
        int n = reader.read(chunk);
        if (n <= 0) {
            ended = true;
            return false;
        }
        for (int i = 0; i < n; i++) {
            lines += chunk[i] == '\n' ? 1 : 0;
        }
        window.append(chunk, 0, n);
        return true;
    }

    /** Counts the lines of the text not read, which is ignored: the line count is the whole text's. */
    private void countTheRest() throws IOException {
        window.setLength(0);
        while (fill()) {
            window.setLength(0);
        }
    }

    /** Forgets the window's first {@code count} chars. */
    private void drop(int count) {
        window.delete(0, count);
        base += count;
    }

    /** Ruby 3.4 prints {@code {count: 1}}, older ones {@code {:count=>1}}. */
    private boolean isNewInspect(int open) {
        int i = open + 1;
        while (i < window.length() && Character.isWhitespace(window.charAt(i))) {
            i++;
        }
        return i < window.length() && Character.isLetter(window.charAt(i));
    }

    private int indexOf(char c, int from) {
        for (int i = from; i < window.length(); i++) {
            if (window.charAt(i) == c) {
                return i;
            }
        }
        return -1;
    }
}
