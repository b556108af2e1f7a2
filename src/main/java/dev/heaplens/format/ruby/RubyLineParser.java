package dev.heaplens.format.ruby;

import dev.heaplens.util.Swar;

/**
 * Parses one line of {@code ObjectSpace.dump_all} output into a {@link RubyRecord}.
 *
 * <p>Hand-written because a general JSON parser would allocate per line and be many times
 * slower: this one walks the bytes once, decodes only the keys heaplens uses and skips the rest
 * (unknown keys are ignored, never fatal). It tolerates the quirks of real dumps: unescaped
 * {@code file} paths (a raw {@code "} or {@code \} inside the string), raw non-UTF-8 bytes, and
 * any spacing between tokens.
 */
public final class RubyLineParser {
    private static final int K_UNKNOWN = 0, K_ADDRESS = 1, K_TYPE = 2, K_CLASS = 3, K_SUPERCLASS = 4,
            K_NAME = 5, K_REAL_CLASS_NAME = 6, K_SINGLETON = 7, K_IMEMO_TYPE = 8, K_STRUCT = 9,
            K_REFERENCES = 10, K_FILE = 11, K_LINE = 12, K_METHOD = 13, K_GENERATION = 14,
            K_MEMSIZE = 15, K_FLAGS = 16, K_ROOT = 17, K_VALUE = 18;

    private final boolean wantReferences;
    private final boolean wantReferenceCount;
    private final boolean wantAllocation;
    private final boolean wantFlags;
    private final int[] count = new int[1];
    /** Where the current line's tail keys start, once located; -1 = not found, -2 = not yet looked. */
    private int tailStart;
    /** Closing quote of the {@code method} value as found walking back from the end; -1 if none. */
    private int methodEnd;
    private final RubyRecord.ByteRange scratch = new RubyRecord.ByteRange();
    /** The last address parsed that is not one of the record's own fields (a reference). */
    private long lastAddress;
    private byte[] buf;
    private int lineStart;
    private int end;
    private String error;

    /** What a caller needs beyond type, address, class, class names and memsize. */
    public enum Field {
        /** Decode {@code references} arrays into addresses (graph building). */
        REFERENCES,
        /** Count references without decoding them. */
        REFERENCE_COUNT,
        /** {@code file}, {@code line}, {@code method}, {@code generation}. */
        ALLOCATION,
        /** The {@code flags} object (old, uncollectible, wb_protected...). */
        FLAGS
    }

    public RubyLineParser(java.util.Set<Field> fields) {
        this.wantReferences = fields.contains(Field.REFERENCES);
        this.wantReferenceCount = fields.contains(Field.REFERENCE_COUNT);
        this.wantAllocation = fields.contains(Field.ALLOCATION);
        this.wantFlags = fields.contains(Field.FLAGS);
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
            int keyStart = pos;
            while (pos < end && buf[pos] != '"') {
                pos++;
            }
            if (pos >= end) {
                throw new Malformed("unterminated key");
            }
            int key = keyId(keyStart, pos - keyStart);
            if (canJump(key, r)) {
                int tail = jump(r);
                if (tail > pos) {
                    pos = tail;
                    continue;
                }
            }
            pos = expect(skipSpace(pos + 1), ':');
            pos = parseValue(skipSpace(pos), key, r);
            if (headerComplete(key, r)) {
                int tail = jump(r);
                if (tail > pos) {
                    pos = tail;
                    continue;
                }
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

    private static final byte[] HEAD_ADDRESS = ascii("{\"address\":");
    private static final byte[] HEAD_TYPE = ascii(", \"type\":");
    private static final byte[] HEAD_CLASS = ascii(", \"class\":");

    /**
     * The head every object line of Ruby 2.5 to 3.1 starts with, {@code {"address":...,
     * "type":..., "class":...}, read without the general key loop: it is most of the parsing
     * a histogram needs. Returns where the next key starts (or the tail, after a jump), or -1
     * when the line does not start that way; the general loop then reads it from the start.
     */
    private int parseHead(int pos, RubyRecord r) {
        if (!startsWith(pos, HEAD_ADDRESS)) {
            return -1;
        }
        int p = parseAddress(pos + HEAD_ADDRESS.length, r, K_ADDRESS);
        if (!startsWith(p, HEAD_TYPE)) {
            return -1;
        }
        p = parseType(p + HEAD_TYPE.length, r);
        if (startsWith(p, HEAD_CLASS)) {
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

    /**
     * Where to jump to skip the middle of the line, or -1 not to. When references are counted,
     * they are counted here: Ruby always writes the references array just before the tail keys.
     */
    private int jump(RubyRecord r) {
        int tail = tail();
        if (tail < 0 || !wantReferenceCount) {
            return tail;
        }
        int p = valueEndBefore(tail);
        if (p < lineStart) {
            return -1;
        }
        if (buf[p] != ']') {
            r.referenceCount = 0; // no array before the tail: no references
            return tail;
        }
        int open = Swar.lastIndexOf(buf, lineStart, p, (byte) '[');
        if (open < 0 || keyBefore(open, W_REFERENCES) < 0) {
            return -1;
        }
        Swar.indexOfCounting(buf, open + 1, p + 1, (byte) ']', (byte) '"', count);
        r.referenceCount = count[0] >> 1;
        return tail;
    }

    private int tail() {
        if (tailStart == -2) {
            tailStart = locateTail();
        }
        return tailStart;
    }

    /**
     * Ruby 3.0 and 3.1 write each non-ASCII byte of a method name as {@code \u00ff}, a NUL and
     * stale buffer bytes, quotes and newlines included. The value's true end is found from the
     * keys that follow it, walking back from the end of the line.
     */
    private int parseMethod(int pos, RubyRecord r) {
        int next = -1;
        try {
            next = parseString(pos, r.method);
        } catch (Malformed e) {
            // garbled beyond the string rules: find its end from the keys that follow
        }
        if (next >= 0 && followedByTailKey(next)) {
            return next; // the usual case: a plain method name
        }
        if (wantAllocation) {
            tail();
            if (methodEnd > pos && buf[pos] == '"') {
                r.method.set(pos + 1, methodEnd, true);
                return methodEnd + 1;
            }
        }
        if (next < 0) {
            throw new Malformed("unterminated string at column " + column(pos));
        }
        return next;
    }

    /** Whether {@code pos} is followed by the end of the record or a key that comes after {@code method}. */
    private boolean followedByTailKey(int pos) {
        int p = skipSpace(pos);
        if (p < end && buf[p] == '}') {
            return true;
        }
        if (p >= end || buf[p] != ',') {
            return false;
        }
        p = skipSpace(p + 1);
        return p + 1 < end && buf[p] == '"' && (startsWith(p + 1, W_GENERATION) || startsWith(p + 1, W_MEMSIZE)
                || startsWith(p + 1, W_FLAGS));
    }

    /**
     * Whether, after {@code key}, everything wanted before the tail is known: the type and class
     * of an ordinary object, an IMEMO's kind, a DATA object's struct. Then the middle of the line
     * (flags like frozen, sizes, values, references) is skipped in one jump.
     */
    private boolean headerComplete(int key, RubyRecord r) {
        if (wantReferences || r.type == null) {
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
        if (key == K_VALUE) {
            return !wantReferences; // shared strings list references after the value: jump() counts them
        }
        return key == K_REFERENCES && !wantReferences && r.type != RubyType.ROOT;
    }

    /**
     * Finds, walking back from the end of the line, where the tail keys start: {@code "memsize"},
     * or with allocation info wanted, {@code "file"} (or whichever of file, line, method,
     * generation come first). Returns -1 when the tail does not have the expected shape; the
     * caller then parses on normally, so an unusual line costs time, never correctness.
     */
    private int locateTail() {
        int p = skipSpaceBack(end - 1);
        if (p < lineStart || buf[p] != '}') {
            return -1;
        }
        p = skipSpaceBack(p - 1);
        if (p >= lineStart && buf[p] == '}') {
            int limit = Math.max(lineStart, p - 512);
            int open = Swar.lastIndexOf(buf, limit, p, (byte) '{');
            int flagsKey = open < 0 ? -1 : keyBefore(open, W_FLAGS);
            if (flagsKey < 0) {
                return -1;
            }
            p = valueEndBefore(flagsKey);
        }
        int memsizeKey = numberKeyBefore(p, W_MEMSIZE);
        if (memsizeKey < 0 || !wantAllocation) {
            return memsizeKey;
        }
        int tail = memsizeKey;
        p = valueEndBefore(tail);
        int k = numberKeyBefore(p, W_GENERATION);
        if (k >= 0) {
            tail = k;
            p = valueEndBefore(tail);
        }
        if (p >= lineStart && buf[p] == '"') {
            k = searchBack(p, METHOD_KEY, 4096);
            if (k < 0) {
                return tail;
            }
            methodEnd = p;
            tail = k;
            p = valueEndBefore(tail);
        }
        k = numberKeyBefore(p, W_LINE);
        if (k < 0) {
            return tail;
        }
        tail = k;
        p = valueEndBefore(tail);
        if (p >= lineStart && buf[p] == '"') {
            k = searchBack(p, FILE_KEY, 16384);
            if (k >= 0) {
                tail = k;
            }
        }
        return tail;
    }

    private static final byte[] METHOD_KEY = "\"method\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] FILE_KEY = "\"file\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** Last index of the value before the key starting at {@code keyQuote} (skips {@code , }); -1 if none. */
    private int valueEndBefore(int keyQuote) {
        int p = skipSpaceBack(keyQuote - 1);
        if (p < lineStart || buf[p] != ',') {
            return -1;
        }
        return skipSpaceBack(p - 1);
    }

    /** When {@code buf[p]} ends the digits of key {@code key}'s value, the key's opening quote; else -1. */
    private int numberKeyBefore(int p, byte[] key) {
        if (p < lineStart || !isDigit(buf[p])) {
            return -1;
        }
        while (p >= lineStart && isDigit(buf[p])) {
            p--;
        }
        return keyBefore(p + 1, key);
    }

    /** When {@code "key":} (spaces allowed around the colon) ends just before {@code valueStart}, its opening quote; else -1. */
    private int keyBefore(int valueStart, byte[] key) {
        int p = skipSpaceBack(valueStart - 1);
        if (p < lineStart || buf[p] != ':') {
            return -1;
        }
        p = skipSpaceBack(p - 1);
        int quote = p - key.length - 1;
        if (quote < lineStart || buf[p] != '"' || buf[quote] != '"' || !is(quote + 1, key)) {
            return -1;
        }
        return quote;
    }

    /** Last start of {@code word} that ends at or before {@code p}, at most {@code window} bytes back; -1 if none. */
    private int searchBack(int p, byte[] word, int window) {
        int limit = Math.max(lineStart, p - window);
        for (int i = p - word.length + 1; i >= limit; i--) {
            if (buf[i] == word[0] && matchesAt(i, word)) {
                return i;
            }
        }
        return -1;
    }

    private boolean matchesAt(int at, byte[] word) {
        for (int j = 1; j < word.length; j++) {
            if (buf[at + j] != word[j]) {
                return false;
            }
        }
        return true;
    }

    private int skipSpaceBack(int p) {
        while (p >= lineStart && (buf[p] == ' ' || buf[p] == '\t' || buf[p] == '\r')) {
            p--;
        }
        return p;
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
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
            default:
                return skipValue(pos);
        }
    }

    private int parseType(int pos, RubyRecord r) {
        RubyRecord.ByteRange range = r.name; // borrow, then clear: type is decoded, not kept
        int next = parseString(pos, range);
        RubyType type = RubyType.lookup(buf, range.start, range.end);
        if (type == null) {
            throw new Malformed("unknown type \"" + ascii(range.start, range.end) + "\"");
        }
        r.type = type;
        range.clear();
        return next;
    }

    private int parseAddress(int pos, RubyRecord r, int key) {
        if (pos >= end || buf[pos] != '"') {
            if (startsWith(pos, NULL)) {
                return pos + 4;
            }
            throw new Malformed("expected an address string at column " + column(pos));
        }
        long address = 0;
        int p = pos + 1;
        if (p + 2 > end || buf[p] != '0' || (buf[p + 1] != 'x' && buf[p + 1] != 'X')) {
            throw new Malformed("address without 0x at column " + column(p));
        }
        p += 2;
        int digits = 0;
        while (p < end) {
            int d = hexDigit(buf[p]);
            if (d < 0) {
                break;
            }
            address = (address << 4) | d;
            p++;
            digits++;
        }
        if (p >= end || buf[p] != '"' || digits == 0 || digits > 16) {
            throw new Malformed("bad address at column " + column(pos));
        }
        switch (key) {
            case K_ADDRESS -> r.address = address;
            case K_CLASS -> r.classAddress = address;
            case K_SUPERCLASS -> r.superclassAddress = address;
            default -> lastAddress = address;
        }
        return p + 1;
    }

    /** No Ruby object is this big: a larger memsize is a malformed value, not a figure to add up. */
    public static final long MAX_MEMSIZE = 1L << 40;
    /** More digits could overflow a long; no line number, generation or memsize has them. */
    private static final int MAX_DIGITS = 18;

    private int parseNumber(int pos, RubyRecord r, int key) {
        int p = pos;
        long value = 0;
        while (p < end) {
            int d = buf[p] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            value = value * 10 + d;
            p++;
        }
        if (p == pos) {
            if (startsWith(pos, NULL)) {
                return pos + 4;
            }
            throw new Malformed("expected a number at column " + column(pos));
        }
        if (p - pos > MAX_DIGITS) {
            throw new Malformed("number too large at column " + column(pos));
        }
        switch (key) {
            case K_LINE -> r.line = value;
            case K_GENERATION -> r.generation = value;
            default -> {
                if (value > MAX_MEMSIZE) {
                    throw new Malformed("memsize " + value + " is more than any object holds (1 TiB)");
                }
                r.memsize = value;
            }
        }
        return p;
    }

    /**
     * Parses a string value into {@code range}. JSON escaping first; when what follows the closing
     * quote cannot end a value, the string was written raw (old Rubies did so for file paths), so
     * it is taken up to the first quote that can end a value.
     */
    private int parseString(int pos, RubyRecord.ByteRange range) {
        if (pos >= end || buf[pos] != '"') {
            if (startsWith(pos, NULL)) {
                return pos + 4;
            }
            throw new Malformed("expected a string at column " + column(pos));
        }
        int start = pos + 1;
        boolean escaped = false;
        int quote = Swar.indexOf(buf, start, end, (byte) '"');
        if (quote >= 0 && Swar.indexOf(buf, start, quote, (byte) '\\') < 0 && endsValue(quote + 1)) {
            range.set(start, quote, false); // the common case: no escapes, found a word at a time
            return quote + 1;
        }
        int p = start;
        while (p < end) {
            byte b = buf[p];
            if (b == '"') {
                break;
            }
            if (b == '\\') {
                escaped = true;
                p++;
            }
            p++;
        }
        if (p < end && endsValue(p + 1)) {
            range.set(start, p, escaped);
            return p + 1;
        }
        for (p = start; p < end; p++) {
            if (buf[p] == '"' && endsValue(p + 1)) {
                range.set(start, p, false);
                return p + 1;
            }
        }
        throw new Malformed("unterminated string at column " + column(pos));
    }

    private boolean endsValue(int pos) {
        pos = skipSpace(pos);
        if (pos >= end) {
            return false;
        }
        byte b = buf[pos];
        return b == ',' || b == '}' || b == ']';
    }

    private int parseReferences(int pos, RubyRecord r) {
        pos = expect(pos, '[');
        pos = skipSpace(pos);
        if (pos < end && buf[pos] == ']') {
            return pos + 1;
        }
        while (true) {
            pos = parseAddress(pos, r, K_REFERENCES);
            r.addReference(lastAddress);
            pos = skipSpace(pos);
            if (pos >= end) {
                throw new Malformed("line ends inside references (truncated?)");
            }
            if (buf[pos] == ']') {
                return pos + 1;
            }
            pos = skipSpace(expect(pos, ','));
        }
    }

    /** Skips a references array, counting its elements (two quotes each) without decoding them. */
    private int skipReferences(int pos, RubyRecord r) {
        pos = expect(pos, '[');
        int close = Swar.indexOfCounting(buf, pos, end, (byte) ']', (byte) '"', count);
        if (close < 0) {
            throw new Malformed("line ends inside references (truncated?)");
        }
        r.referenceCount = count[0] >> 1;
        return close + 1;
    }

    /** Skips the flags object (flat: no object nests in it) without decoding it. */
    private int skipFlags(int pos, RubyRecord r) {
        pos = expect(pos, '{');
        int close = Swar.indexOf(buf, pos, end, (byte) '}');
        if (close < 0) {
            throw new Malformed("line ends inside flags (truncated?)");
        }
        r.flags |= RubyRecord.HAS_FLAGS;
        return close + 1;
    }

    private int parseFlags(int pos, RubyRecord r) {
        pos = skipSpace(expect(pos, '{'));
        int flags = RubyRecord.HAS_FLAGS;
        if (pos < end && buf[pos] == '}') {
            r.flags |= flags;
            return pos + 1;
        }
        while (true) {
            pos = expect(pos, '"');
            int keyStart = pos;
            while (pos < end && buf[pos] != '"') {
                pos++;
            }
            int keyEnd = pos;
            pos = skipSpace(expect(skipSpace(pos + 1), ':'));
            if (startsWith(pos, TRUE)) {
                flags |= flagBit(keyStart, keyEnd - keyStart);
            }
            pos = skipSpace(skipValue(pos));
            if (pos >= end) {
                throw new Malformed("line ends inside flags (truncated?)");
            }
            if (buf[pos] == '}') {
                r.flags |= flags;
                return pos + 1;
            }
            pos = skipSpace(expect(pos, ','));
        }
    }

    private int flagBit(int s, int len) {
        switch (len) {
            case 3: return is(s, W_OLD) ? RubyRecord.FLAG_OLD : 0;
            case 6: return is(s, W_PINNED) ? RubyRecord.FLAG_PINNED : (is(s, W_MARKED) ? RubyRecord.FLAG_MARKED : 0);
            case 7: return is(s, W_MARKING) ? RubyRecord.FLAG_MARKING : 0;
            case 12: return is(s, W_WB_PROTECTED) ? RubyRecord.FLAG_WB_PROTECTED : 0;
            case 13: return is(s, W_UNCOLLECTIBLE) ? RubyRecord.FLAG_UNCOLLECTIBLE : 0;
            default: return 0;
        }
    }

    /**
     * Skips any JSON value: string, number, literal, array or object. Iterative, with the open
     * brackets kept in {@link #nesting}: deep nesting costs no stack frame and is bounded.
     */
    private int skipValue(int pos) {
        int depth = 0;
        int p = pos;
        while (true) {
            p = skipSpace(p);
            if (p >= end) {
                throw new Malformed("line ends where a value was expected (truncated?)");
            }
            byte b = buf[p];
            if (b == '[' || b == '{') {
                push(depth++, b == '[' ? (byte) ']' : (byte) '}');
                p = skipSpace(p + 1);
                if (p < end && buf[p] == nesting[depth - 1]) {
                    p++;
                    depth--;
                } else {
                    if (b == '{') {
                        p = skipSpace(expect(skipSpace(skipKey(p)), ':'));
                    }
                    continue; // the first element
                }
            } else if (b == '"') {
                p = parseString(p, scratch);
            } else {
                int s = p;
                while (p < end && isScalarByte(buf[p])) {
                    p++;
                }
                if (p == s) {
                    throw new Malformed("unexpected '" + (char) (b & 0xff) + "' at column " + column(s));
                }
            }
            // A value ended: close what it ends, or go on to the next element.
            while (true) {
                if (depth == 0) {
                    return p;
                }
                p = skipSpace(p);
                if (p >= end) {
                    throw new Malformed("line ends inside a value (truncated?)");
                }
                if (buf[p] == nesting[depth - 1]) {
                    p++;
                    depth--;
                    continue;
                }
                p = skipSpace(expect(p, ','));
                if (nesting[depth - 1] == '}') {
                    p = skipSpace(expect(skipSpace(skipKey(p)), ':'));
                }
                break;
            }
        }
    }

    /** Deeper values are malformed: Ruby writes at most two levels (a record holding flags). */
    private static final int MAX_NESTING = 1024;
    /** The closing bracket of each open level in {@link #skipValue}; grows with the deepest line seen. */
    private byte[] nesting = new byte[16];

    private void push(int depth, byte close) {
        if (depth == MAX_NESTING) {
            throw new Malformed("values nested more than " + MAX_NESTING + " deep");
        }
        if (depth == nesting.length) {
            nesting = java.util.Arrays.copyOf(nesting, nesting.length * 2);
        }
        nesting[depth] = close;
    }

    /** Skips an object key: a plain JSON string (keys never have the raw-string quirk). */
    private int skipKey(int pos) {
        int p = expect(pos, '"');
        while (p < end && buf[p] != '"') {
            p += buf[p] == '\\' ? 2 : 1;
        }
        if (p >= end) {
            throw new Malformed("unterminated key at column " + column(pos));
        }
        return p + 1;
    }

    private static boolean isScalarByte(byte b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')
                || b == '-' || b == '+' || b == '.';
    }

    private int keyId(int s, int len) {
        switch (len) {
            case 4:
                switch (buf[s]) {
                    case 't': return is(s, W_TYPE) ? K_TYPE : K_UNKNOWN;
                    case 'n': return is(s, W_NAME) ? K_NAME : K_UNKNOWN;
                    case 'f': return is(s, W_FILE) ? K_FILE : K_UNKNOWN;
                    case 'l': return is(s, W_LINE) ? K_LINE : K_UNKNOWN;
                    case 'r': return is(s, W_ROOT) ? K_ROOT : K_UNKNOWN;
                    default: return K_UNKNOWN;
                }
            case 5:
                switch (buf[s]) {
                    case 'c': return is(s, W_CLASS) ? K_CLASS : K_UNKNOWN;
                    case 'f': return is(s, W_FLAGS) ? K_FLAGS : K_UNKNOWN;
                    case 'v': return is(s, W_VALUE) ? K_VALUE : K_UNKNOWN;
                    default: return K_UNKNOWN;
                }
            case 6:
                switch (buf[s]) {
                    case 's': return is(s, W_STRUCT) ? K_STRUCT : K_UNKNOWN;
                    case 'm': return is(s, W_METHOD) ? K_METHOD : K_UNKNOWN;
                    default: return K_UNKNOWN;
                }
            case 7:
                switch (buf[s]) {
                    case 'a': return is(s, W_ADDRESS) ? K_ADDRESS : K_UNKNOWN;
                    case 'm': return is(s, W_MEMSIZE) ? K_MEMSIZE : K_UNKNOWN;
                    default: return K_UNKNOWN;
                }
            case 9:
                return is(s, W_SINGLETON) ? K_SINGLETON : K_UNKNOWN;
            case 10:
                switch (buf[s]) {
                    case 's': return is(s, W_SUPERCLASS) ? K_SUPERCLASS : K_UNKNOWN;
                    case 'i': return is(s, W_IMEMO_TYPE) ? K_IMEMO_TYPE : K_UNKNOWN;
                    case 'r': return is(s, W_REFERENCES) ? K_REFERENCES : K_UNKNOWN;
                    case 'g': return is(s, W_GENERATION) ? K_GENERATION : K_UNKNOWN;
                    default: return K_UNKNOWN;
                }
            case 15:
                return is(s, W_REAL_CLASS_NAME) ? K_REAL_CLASS_NAME : K_UNKNOWN;
            default:
                return K_UNKNOWN;
        }
    }

    private boolean is(int s, byte[] word) {
        for (int i = 0; i < word.length; i++) {
            if (buf[s + i] != word[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte[] ascii(String word) {
        return word.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
    private static final byte[] W_ADDRESS = ascii("address");
    private static final byte[] W_CLASS = ascii("class");
    private static final byte[] W_FILE = ascii("file");
    private static final byte[] W_FLAGS = ascii("flags");
    private static final byte[] W_GENERATION = ascii("generation");
    private static final byte[] W_IMEMO_TYPE = ascii("imemo_type");
    private static final byte[] W_LINE = ascii("line");
    private static final byte[] W_MARKED = ascii("marked");
    private static final byte[] W_MARKING = ascii("marking");
    private static final byte[] W_MEMSIZE = ascii("memsize");
    private static final byte[] W_METHOD = ascii("method");
    private static final byte[] W_NAME = ascii("name");
    private static final byte[] W_OLD = ascii("old");
    private static final byte[] W_PINNED = ascii("pinned");
    private static final byte[] W_REAL_CLASS_NAME = ascii("real_class_name");
    private static final byte[] W_REFERENCES = ascii("references");
    private static final byte[] W_ROOT = ascii("root");
    private static final byte[] W_SINGLETON = ascii("singleton");
    private static final byte[] W_STRUCT = ascii("struct");
    private static final byte[] W_SUPERCLASS = ascii("superclass");
    private static final byte[] W_TYPE = ascii("type");
    private static final byte[] W_UNCOLLECTIBLE = ascii("uncollectible");
    private static final byte[] W_VALUE = ascii("value");
    private static final byte[] W_WB_PROTECTED = ascii("wb_protected");

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private boolean startsWith(int pos, byte[] word) {
        if (pos + word.length > end) {
            return false;
        }
        for (int i = 0; i < word.length; i++) {
            if (buf[pos + i] != word[i]) {
                return false;
            }
        }
        return true;
    }

    private int expect(int pos, char c) {
        if (pos >= end) {
            throw new Malformed("line ends where '" + c + "' was expected (truncated?)");
        }
        if (buf[pos] != c) {
            throw new Malformed("expected '" + c + "' at column " + column(pos));
        }
        return pos + 1;
    }

    private int skipSpace(int pos) {
        while (pos < end && (buf[pos] == ' ' || buf[pos] == '\t' || buf[pos] == '\r')) {
            pos++;
        }
        return pos;
    }

    private int column(int pos) {
        return pos - lineStart + 1;
    }

    private String ascii(int s, int e) {
        StringBuilder sb = new StringBuilder();
        for (int i = s; i < e && i < s + 40; i++) {
            int c = buf[i] & 0xff;
            sb.append(c >= 0x20 && c < 0x7f ? (char) c : '?');
        }
        return sb.toString();
    }

    /** Hex digit values by byte; -1 for bytes that are not hex digits. */
    private static final byte[] HEX = new byte[256];

    static {
        java.util.Arrays.fill(HEX, (byte) -1);
        for (int c = '0'; c <= '9'; c++) {
            HEX[c] = (byte) (c - '0');
        }
        for (int c = 'a'; c <= 'f'; c++) {
            HEX[c] = (byte) (c - 'a' + 10);
            HEX[c - 'a' + 'A'] = (byte) (c - 'a' + 10);
        }
    }

    private static int hexDigit(byte b) {
        return HEX[b & 0xff];
    }

    /** Signals a malformed line; no stack trace, it is turned into a message at once. */
    private static final class Malformed extends RuntimeException {
        Malformed(String message) {
            super(message, null, false, false);
        }
    }
}
