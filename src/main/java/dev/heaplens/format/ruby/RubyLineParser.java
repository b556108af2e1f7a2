package dev.heaplens.format.ruby;

import dev.heaplens.util.Swar;

import static dev.heaplens.format.ruby.RubyKeys.*;

/**
 * Parses one line of {@code ObjectSpace.dump_all} output into a {@link RubyRecord}.
 *
 * <p>Hand-written because a general JSON parser would allocate per line and be many times
 * slower: this one walks the bytes once, decodes only the keys heaplens uses and skips the rest
 * (unknown keys are ignored, never fatal). It tolerates the quirks of real dumps: unescaped
 * {@code file} paths (a raw {@code "} or {@code \} inside the string), raw non-UTF-8 bytes, and
 * any spacing between tokens.
 */
public final class RubyLineParser extends ValueScanner {
    private final boolean wantReferences;
    private final boolean wantFlags;
    private final boolean wantSizes;
    private String error;

    /** What a caller needs beyond type, address, class, class names and memsize. */
    public enum Field {
        /** Decode {@code references} arrays into addresses (graph building). */
        REFERENCES,
        /** Count references without decoding them. */
        REFERENCE_COUNT,
        /** {@code file}, {@code line}, {@code method}, {@code generation}. */
        ALLOCATION,
        /** {@code generation} alone of the allocation info (what tells objects apart); ALLOCATION includes it. */
        GENERATION,
        /** The {@code flags} object (old, uncollectible, wb_protected...). */
        FLAGS,
        /**
         * What the waste checks read: {@code length} of arrays, {@code size} of hashes, a string's
         * {@code bytesize}, {@code capacity} and {@code value}, the {@code embedded} and {@code shared} marks.
         */
        SIZES
    }

    public RubyLineParser(java.util.Set<Field> fields) {
        super(fields.contains(Field.REFERENCE_COUNT), fields.contains(Field.ALLOCATION), fields.contains(Field.GENERATION));
        this.wantReferences = fields.contains(Field.REFERENCES);
        this.wantFlags = fields.contains(Field.FLAGS);
        this.wantSizes = fields.contains(Field.SIZES);
    }

    /** Why the last {@link #parse} returned false. */
    public String error() {
        return error;
    }

    /**
     * Parses {@code buf[start, end)}, a line without its newline, into {@code r}.
     *
     * @return false when the line is not a well-formed dump record; {@link #error()} says why
     */
    public boolean parse(byte[] buf, int start, int end, RubyRecord r) {
        if (start + 2 < end && buf[start] == (byte) 0xef && buf[start + 1] == (byte) 0xbb && buf[start + 2] == (byte) 0xbf) {
            start += 3; // a UTF-8 byte order mark, as some editors write at the start of a file
        }
        this.buf = buf;
        this.end = end;
        this.lineStart = start;
        this.tailStart = -2;
        this.methodEnd = -1;
        this.knownFlagsOpen = -1;
        r.reset();
        r.buf = buf;
        try {
            parseObject(skipSpace(start), r);
        } catch (Malformed m) {
            error = m.getMessage();
            return false;
        }
        if (r.type == null) {
            error = "no \"type\" key";
            return false;
        }
        if (r.address == RubyRecord.NO_ADDRESS && r.type != RubyType.ROOT) {
            error = "no \"address\" key";
            return false;
        }
        return true;
    }

    private void parseObject(int pos, RubyRecord r) {
        int next = parseHead(pos, r);
        if (next >= 0) {
            if (next == tailStart && finishTail(next, r)) {
                return;
            }
            pos = next;
        } else {
            pos = expect(pos, '{');
            pos = skipSpace(pos);
            if (pos < end && buf[pos] == '}') {
                finish(pos + 1);
                return;
            }
        }
        while (true) {
            pos = expect(pos, '"');
            int key = readKey(pos);
            pos = keyEnd;
            if (key == K_FILE && finishAllocationTail(pos, r)) {
                return;
            }
            if (canJump(key, r)) {
                int tail = jump(r);
                if (tail > pos) {
                    if (finishTail(tail, r)) {
                        return;
                    }
                    pos = tail;
                    continue;
                }
            }
            pos = pos + 1 < end && buf[pos + 1] == ':' ? pos + 2 : expect(skipSpace(pos + 1), ':');
            pos = parseValue(skipSpace(pos), key, r);
            if (headerComplete(key, r)) {
                int tail = jump(r);
                if (tail > pos) {
                    if (finishTail(tail, r)) {
                        return;
                    }
                    pos = tail;
                    continue;
                }
            }
            if (pos + 2 < end && buf[pos] == ',' && buf[pos + 1] == ' ' && buf[pos + 2] == '"') {
                pos += 2; // the next key, spaced as Ruby spaces it
                continue;
            }
            pos = skipSpace(pos);
            if (pos >= end) {
                throw new Malformed("line ends inside the record (truncated?)");
            }
            byte b = buf[pos];
            if (b == '}') {
                finish(pos + 1);
                return;
            }
            if (b != ',') {
                throw new Malformed("expected ',' or '}' at column " + column(pos));
            }
            pos = skipSpace(pos + 1);
        }
    }

    /** Where the key {@link #readKey} read ends: its closing quote. */
    private int keyEnd;

    /**
     * Reads the key that starts at {@code start} (after its opening quote), sets {@link #keyEnd}
     * and returns its id. A key of up to fifteen bytes is found and named a word at a time.
     */
    private int readKey(int start) {
        if (start + 16 <= end) {
            long first = Swar.word(buf, start);
            int length = Swar.firstIndexIn(first, (byte) '"');
            if (length < 8) {
                keyEnd = start + length;
                return keyId(first & ((1L << (length << 3)) - 1), 0, length);
            }
            long second = Swar.word(buf, start + 8);
            length = Swar.firstIndexIn(second, (byte) '"');
            if (length < 8) {
                keyEnd = start + 8 + length;
                return keyId(first, second & ((1L << (length << 3)) - 1), 8 + length);
            }
        }
        int pos = start;
        while (pos < end && buf[pos] != '"') {
            pos++;
        }
        if (pos >= end) {
            throw new Malformed("unterminated key");
        }
        keyEnd = pos;
        return keyId(buf, start, pos - start);
    }

    private static final byte[] HEAD_ADDRESS = ascii("{\"address\":");

    private static final byte[] HEAD_TYPE = ascii(", \"type\":");

    private static final byte[] HEAD_CLASS = ascii(", \"class\":");

    private static final long W_HEAD_ADDRESS = Swar.wordOf("{\"addres");
    private static final long W_HEAD_ADDRESS_END = Swar.wordOf("ddress\":");
    private static final long W_HEAD_TYPE = Swar.wordOf(", \"type\"");
    private static final long W_HEAD_CLASS = Swar.wordOf(", \"class");
    private static final long W_HEAD_CLASS_END = Swar.wordOf("\"class\":");

    /**
     * The head every object line of Ruby 2.5 to 3.1 starts with, {@code {"address":...,
     * "type":..., "class":...}, read without the general key loop: it is most of the parsing
     * a histogram needs. Returns where the next key starts (or the tail, after a jump), or -1
     * when the line does not start that way; the general loop then reads it from the start.
     */
    private int parseHead(int pos, RubyRecord r) {
        // The fixed texts compared a word at a time (equal to startsWith on them, which C1 runs a byte at a time).
        if (pos + 16 > end || Swar.word(buf, pos) != W_HEAD_ADDRESS || Swar.word(buf, pos + 3) != W_HEAD_ADDRESS_END) {
            return -1;
        }
        int p = parseAddress(pos + HEAD_ADDRESS.length, r, K_ADDRESS);
        if (p + 16 > end || Swar.word(buf, p) != W_HEAD_TYPE || buf[p + 8] != ':') {
            return -1;
        }
        p = parseUsualType(p + HEAD_TYPE.length, r);
        if (p + 16 <= end && Swar.word(buf, p) == W_HEAD_CLASS && Swar.word(buf, p + 2) == W_HEAD_CLASS_END) {
            p = parseAddress(p + HEAD_CLASS.length, r, K_CLASS);
            if (headerComplete(K_CLASS, r)) {
                int tail = jump(r);
                if (tail > p) {
                    return tail;
                }
            }
        }
        if (p + 2 < end && buf[p] == ',' && buf[p + 1] == ' ' && buf[p + 2] == '"') {
            return p + 2;
        }
        return -1;
    }

    private static final long W_GENERATION_KEY = Swar.wordOf("\"generat");
    private static final long W_GENERATION_KEY_END = Swar.wordOf("ration\":");

    /**
     * The tail most lines end with, {@code "memsize":N}, then {@code }} or {@code , "flags":{...}}}
     * (with the generation alone wanted, {@code "generation":N, } before it),
     * read from the memsize key at {@code tail} without the key loop, with what the loop would
     * read and check (the flags skipped as {@link #skipFlags} skips them). True when the line is
     * done; false when the tail is shaped otherwise, or holds what the loop refuses: the loop
     * then reads it from {@code tail}, so an unusual tail costs time, never a different answer.
     */
    private boolean finishTail(int tail, RubyRecord r) {
        if (!fastTail || wantAllocation || wantFlags) {
            return false;
        }
        return wantGeneration ? finishGenerationAndMemsize(tail, r) : finishMemsizeAndFlags(tail, r);
    }

    /**
     * From the key at {@code tail}: {@code "generation":N, } when it is there, then the memsize
     * and flags as {@link #finishMemsizeAndFlags} reads them. Sets the generation, memsize and
     * flags and returns true; false, nothing set, when the line goes on otherwise.
     */
    private boolean finishGenerationAndMemsize(int tail, RubyRecord r) {
        long generation = r.generation;
        if (tail + 16 <= end && Swar.word(buf, tail) == W_GENERATION_KEY && Swar.word(buf, tail + 5) == W_GENERATION_KEY_END) {
            generation = boundedNumber(tail + 13);
            int p = digitsEnd;
            if (generation < 0 || p + 2 > end || buf[p] != ',' || buf[p + 1] != ' ') {
                return false;
            }
            tail = p + 2;
        }
        if (!finishMemsizeAndFlags(tail, r)) {
            return false;
        }
        r.generation = generation;
        return true;
    }

    /**
     * From the memsize key at {@code tail}: {@code "memsize":N}, then {@code }} or {@code ,
     * "flags":{...}}} (skipped as {@link #skipFlags} skips them), to the end of the line. Sets the
     * memsize and flags and returns true; false, nothing set, when the line goes on otherwise.
     */
    private boolean finishMemsizeAndFlags(int tail, RubyRecord r) {
        if (tail + 12 > end || Swar.word(buf, tail) != W_MEMSIZE_KEY || buf[tail + 8] != '"' || buf[tail + 9] != ':') {
            return false;
        }
        long value = boundedNumber(tail + 10);
        int p = digitsEnd;
        if (value < 0 || value > MAX_MEMSIZE || p >= end) {
            return false;
        }
        int flags = 0;
        if (buf[p] != '}') {
            if (p + 11 > end || Swar.word(buf, p) != W_FLAGS_KEY || buf[p + 8] != '"' || buf[p + 9] != ':'
                    || buf[p + 10] != '{') {
                return false;
            }
            int open = p + 10;
            // accepted before, byte for byte (usualTail found it, or the tail was found otherwise): it ends at end - 2
            boolean known = open == knownFlagsOpen || (open < end - 2 && knownFlags.isKept(buf, open, end - 2));
            int close = known ? end - 2 : Swar.indexOfCounting(buf, open + 1, end, (byte) '}', (byte) '"', count);
            if (!known && (close < 0 || (count[0] & 1) != 0 || !keysOnly(open + 1, close))) { // as skipFlags trusts it
                return false;
            }
            p = skipSpace(close + 1);
            if (p >= end || buf[p] != '}') {
                return false;
            }
            if (!known && p == end - 1) {
                knownFlags.keep(buf, open, close);
            }
            flags = RubyRecord.HAS_FLAGS;
        }
        if (skipSpace(p + 1) != end) {
            return false;
        }
        r.memsize = value;
        r.flags |= flags;
        return true;
    }

    private static final long W_LINE_KEY = Swar.wordOf(", \"line\"");
    private static final long W_METHOD_KEY = Swar.wordOf(", \"metho");

    /**
     * The allocation tail Ruby writes after the key {@code "file"} (its closing quote at
     * {@code keyEnd}): {@code "file":"F", "line":N, "method":"M", "generation":N, "memsize":N,
     * "flags":{...}}} (method and generation may be missing), spaced as Ruby spaces it, read
     * without the key loop. True when the line is done; false when it is shaped otherwise or holds
     * what the loop refuses: the loop then reads on from the key with the same values, so an
     * unusual tail costs time, never a different answer.
     */
    private boolean finishAllocationTail(int keyEnd, RubyRecord r) {
        if (!fastTail || !wantAllocation || wantFlags || keyEnd + 2 >= end || buf[keyEnd + 1] != ':') {
            return false;
        }
        int p;
        try {
            p = parseString(keyEnd + 2, r.file);
        } catch (Malformed m) {
            return false; // the loop says what is wrong
        }
        if (p + 16 > end || Swar.word(buf, p) != W_LINE_KEY || buf[p + 8] != ':') {
            return false;
        }
        long line = boundedNumber(p + 9);
        p = digitsEnd;
        if (line < 0 || p + 16 > end) {
            return false;
        }
        if (Swar.word(buf, p) == W_METHOD_KEY && buf[p + 8] == 'd' && buf[p + 9] == '"' && buf[p + 10] == ':') {
            try {
                p = parseString(p + 11, r.method);
            } catch (Malformed m) {
                return false; // a garbled method name: the loop finds its end
            }
            if (p + 16 > end) {
                return false;
            }
        }
        if (p + 2 >= end || buf[p] != ',' || buf[p + 1] != ' ' || !finishGenerationAndMemsize(p + 2, r)) {
            return false;
        }
        r.line = line;
        return true;
    }

    /**
     * Whether, after {@code key}, everything wanted before the tail is known: the type and class
     * of an ordinary object, an IMEMO's kind, a DATA object's struct. Then the middle of the line
     * (flags like frozen, sizes, values, references) is skipped in one jump.
     */
    private boolean headerComplete(int key, RubyRecord r) {
        if (wantReferences || wantSizes || !headRead(r)) {
            return false;
        }
        return switch (key) {
            case K_CLASS -> r.type.isNamedByClassAlone();
            case K_IMEMO_TYPE -> r.type == RubyType.IMEMO;
            case K_STRUCT -> r.type == RubyType.DATA;
            default -> false;
        };
    }

    /**
     * Whether the rest of the line up to the tail keys (allocation info, memsize, flags) can be
     * skipped at this key: string values and reference arrays are the bulk of a dump and, unless
     * asked for, nothing in them is needed.
     */
    private boolean canJump(int key, RubyRecord r) {
        if (!headRead(r) || wantSizes) {
            return false;
        }
        if (key == K_VALUE) {
            return !wantReferences; // shared strings list references after the value: jump() counts them
        }
        return key == K_REFERENCES && !wantReferences && r.type != RubyType.ROOT;
    }

    /**
     * Whether type and address (a root has none) are read: Ruby writes them first, but a line
     * that has them only after its middle must not jump over them, or a read that jumps would
     * call malformed what a read that walks every key accepts (found by RubyLineParserFuzzTest).
     */
    private static boolean headRead(RubyRecord r) {
        return r.type != null && (r.address != RubyRecord.NO_ADDRESS || r.type == RubyType.ROOT);
    }

    private void finish(int pos) {
        pos = skipSpace(pos);
        if (pos != end) {
            throw new Malformed("unexpected text after the record at column " + column(pos));
        }
    }

    private int parseValue(int pos, int key, RubyRecord r) {
        switch (key) {
            case K_ADDRESS:
                return parseAddress(pos, r, K_ADDRESS);
            case K_CLASS:
                return parseAddress(pos, r, K_CLASS);
            case K_SUPERCLASS:
                return parseAddress(pos, r, K_SUPERCLASS);
            case K_TYPE:
                return parseType(pos, r);
            case K_NAME:
                return parseString(pos, r.name);
            case K_REAL_CLASS_NAME:
                return parseString(pos, r.realClassName);
            case K_IMEMO_TYPE:
                return parseString(pos, r.imemoType);
            case K_STRUCT:
                return parseString(pos, r.struct);
            case K_FILE:
                return parseString(pos, r.file);
            case K_METHOD:
                return parseMethod(pos, r);
            case K_ROOT:
                return parseString(pos, r.root);
            case K_LINE:
                return parseNumber(pos, r, K_LINE);
            case K_GENERATION:
                return parseNumber(pos, r, K_GENERATION);
            case K_MEMSIZE:
                return parseNumber(pos, r, K_MEMSIZE);
            case K_SINGLETON:
                if (startsWith(pos, TRUE)) {
                    r.flags |= RubyRecord.SINGLETON;
                }
                return skipValue(pos);
            case K_REFERENCES:
                return wantReferences ? parseReferences(pos, r) : skipReferences(pos, r);
            case K_FLAGS:
                return wantFlags ? parseFlags(pos, r) : skipFlags(pos, r);
            case K_LENGTH, K_SIZE, K_BYTESIZE, K_CAPACITY, K_EMBEDDED, K_SHARED, K_VALUE:
                return wantSizes ? parseSize(pos, key, r) : skipValue(pos);
            default:
                return skipValue(pos);
        }
    }
}
