package dev.heaplens.format.gclog;

/** What a GC data file is, from its first bytes. */
public enum GcFileKind {
    UNIFIED("JVM unified GC log (-Xlog:gc)"),
    JDK8("JDK 8 GC log (-XX:+PrintGCDetails)"),
    RUBY_INSPECT("Ruby GC.stat (p/pp output)"),
    RUBY_JSON("Ruby GC.stat JSON lines"),
    RUBY_GC_TRACER("Ruby gc_tracer log"),
    OPENJ9_XML("OpenJ9 / IBM J9 verbose GC XML (-Xverbosegclog)"),
    EMPTY("empty"),
    BINARY("a binary file"),
    OTHER("text that is not GC data");

    private final String description;

    GcFileKind(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    public boolean isRuby() {
        return this == RUBY_INSPECT || this == RUBY_JSON || this == RUBY_GC_TRACER;
    }

    public boolean isJvm() {
        return this == UNIFIED || this == JDK8 || this == OPENJ9_XML;
    }

    /**
     * Ruby output: the first line starting with '{' decides ({@code {"count":..} or {"t":..}} JSON,
     * {@code {:count=>} or {count:}} inspect); lines before it are the program's own output.
     */
    private static GcFileKind rubyHash(byte[] head, int length) {
        int lineStart = 0;
        for (int lines = 0; lineStart < length && lines < 200; lines++) {
            int p = lineStart;
            while (p < length && (head[p] == ' ' || head[p] == '\t')) {
                p++;
            }
            if (p < length && head[p] == '{') {
                int q = p + 1;
                while (q < length && (head[q] == ' ' || head[q] == '\n' || head[q] == '\r')) {
                    q++;
                }
                if (q < length && head[q] == '"') {
                    int lineEnd = q;
                    while (lineEnd < length && head[lineEnd] != '\n') {
                        lineEnd++;
                    }
                    boolean stat = Ascii.indexOf(head, q, lineEnd, "\"count\"") >= 0
                            || Ascii.indexOf(head, q, lineEnd, "\"stat\"") >= 0;
                    return stat ? RUBY_JSON : OTHER; // a heap dump's JSON, say
                }
                if (q + 1 < length && head[q] == ':' && Character.isLetter(head[q + 1])) {
                    return RUBY_INSPECT;
                }
                int r = q;
                while (r < length && (Character.isLetterOrDigit(head[r]) || head[r] == '_')) {
                    r++;
                }
                if (r > q && r + 1 < length && head[r] == ':' && head[r + 1] == ' ') {
                    return RUBY_INSPECT; // Ruby 3.4: {count: 1, ...}
                }
                return null;
            }
            while (p < length && head[p] != '\n') {
                p++;
            }
            lineStart = p + 1;
        }
        return null;
    }

    static GcFileKind detect(byte[] head, int length) {
        int p = 0;
        while (p < length && (head[p] == ' ' || head[p] == '\n' || head[p] == '\r' || head[p] == '\t')) {
            p++;
        }
        if (p == length) {
            return EMPTY;
        }
        for (int i = p; i < Math.min(length, 4096); i++) {
            if (head[i] == 0) {
                return BINARY;
            }
        }
        if (Ascii.startsWith(head, p, length, "type\t") && Ascii.indexOf(head, p, Math.min(length, p + 4096), "tick") > 0) {
            return RUBY_GC_TRACER;
        }
        int scan = Math.min(length, 4096);
        if (Ascii.indexOf(head, p, scan, "<verbosegc") >= 0) {
            return OPENJ9_XML;
        }
        GcFileKind ruby = rubyHash(head, length);
        if (ruby != null) {
            return ruby;
        }
        // line by line: the first line that says what it is decides
        Decorators deco = new Decorators();
        int lineStart = 0;
        int checked = 0;
        while (lineStart < length && checked < 200) {
            int lineEnd = lineStart;
            while (lineEnd < length && head[lineEnd] != '\n') {
                lineEnd++;
            }
            if (head[lineStart] == '[' && deco.parse(head, lineStart, lineEnd)) {
                int m = deco.messageStart;
                if (Ascii.startsWith(head, m, lineEnd, "GC(") || Ascii.startsWith(head, m, lineEnd, "Using ")
                        || Ascii.indexOf(head, lineStart, m, "[gc") >= 0) {
                    return UNIFIED;
                }
            }
            if (Ascii.indexOf(head, lineStart, lineEnd, ": [GC") >= 0 || Ascii.indexOf(head, lineStart, lineEnd, ": [Full GC") >= 0
                    || Ascii.indexOf(head, lineStart, lineEnd, ": [Pause ") >= 0 // JDK 8's Shenandoah
                    || Ascii.indexOf(head, lineStart, lineEnd, ": [Concurrent ") >= 0
                    || Ascii.startsWith(head, lineStart, lineEnd, "CommandLine flags: ")
                    || Ascii.startsWith(head, lineStart, lineEnd, "[GC ") || Ascii.startsWith(head, lineStart, lineEnd, "[GC (")
                    || Ascii.startsWith(head, lineStart, lineEnd, "[Full GC")) { // the last three: no time stamps
                return JDK8;
            }
            lineStart = lineEnd + 1;
            checked++;
        }
        return OTHER;
    }
}
