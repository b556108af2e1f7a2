package dev.heaplens.format.ruby;

import dev.heaplens.util.Swar;

import static dev.heaplens.format.ruby.RubyKeys.*;

/**
 * Reads the values of a dump record that {@link RubyLineParser}'s key loop hands over: type,
 * addresses, numbers, the method name (garbled by some Rubies), references and flags.
 */
abstract class ValueScanner extends TailScanner {
    /** The last address parsed that is not one of the record's own fields (a reference). */
    private long lastAddress;

    ValueScanner(boolean wantReferenceCount, boolean wantAllocation, boolean wantGeneration) {
        super(wantReferenceCount, wantAllocation, wantGeneration);
    }

    /**
     * Ruby 3.0 and 3.1 write each non-ASCII byte of a method name as {@code \u00ff}, a NUL and
     * stale buffer bytes, quotes and newlines included. The value's true end is found from the
     * keys that follow it, walking back from the end of the line.
     */
    final int parseMethod(int pos, RubyRecord r) {
        int next = -1;
        try {
            next = parseString(pos, r.method);
        } catch (Malformed e) {
            // garbled beyond the string rules: find its end from the keys that follow
        }
        if (next >= 0 && followedByTailKey(next)) {
            return next; // the usual case: a plain method name
        }
        int garbledEnd = methodEndFromTail(pos);
        if (garbledEnd > pos && buf[pos] == '"') {
            r.method.set(pos + 1, garbledEnd, true);
            return garbledEnd + 1;
        }
        if (next < 0) {
            throw new Malformed("unterminated string at column " + column(pos));
        }
        return next;
    }

    /** Whether {@code pos} is followed by the end of the record or a key that comes after {@code method}. */
    final boolean followedByTailKey(int pos) {
        int p = skipSpace(pos);
        if (p < end && buf[p] == '}') {
            return true;
        }
        if (p >= end || buf[p] != ',') {
            return false;
        }
        p = skipSpace(p + 1);
        return p + 1 < end && buf[p] == '"' && (startsWith(p + 1, BYTES_GENERATION) || startsWith(p + 1, BYTES_MEMSIZE)
                || startsWith(p + 1, BYTES_FLAGS));
    }

    /**
     * The type value as Ruby writes it, a quoted name of up to eight capitals followed by a comma,
     * looked up a word at a time; anything else goes to {@link #parseType}, which also says what
     * is wrong with it.
     */
    final int parseUsualType(int pos, RubyRecord r) {
        if (!fastTail || pos + 11 > end || buf[pos] != '"') {
            return parseType(pos, r);
        }
        long word = Swar.word(buf, pos + 1);
        int length = Swar.firstIndexIn(word, (byte) '"');
        int close = pos + 1 + length;
        if (length == 0 || close + 1 >= end || buf[close] != '"' || buf[close + 1] != ','
                || Swar.firstIndexIn(word, (byte) 0) < length) { // a NUL would read as the zeros past a short name
            return parseType(pos, r);
        }
        RubyType type = RubyType.ofNameWord(length == 8 ? word : word & ((1L << (length << 3)) - 1));
        if (type == null) {
            return parseType(pos, r);
        }
        r.type = type;
        return close + 1;
    }

    final int parseType(int pos, RubyRecord r) {
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

    final int parseAddress(int pos, RubyRecord r, int key) {
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
        while (p + 8 <= end) { // eight digits at a time while the line has eight more bytes
            long word = Swar.word(buf, p);
            int n = Swar.hexDigits(word);
            if (n == 0) {
                break;
            }
            address = (address << (n << 2)) | Swar.hexValue(word, n);
            p += n;
            digits += n;
            if (n < 8 || digits > 16) {
                break;
            }
        }
        while (p < end && digits <= 16) {
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
    static final int MAX_DIGITS = 18;

    /** Where the digits {@link #boundedNumber} read end. */
    int digitsEnd;

    /**
     * The value of the decimal digits at {@code pos}, read up to one past {@link #MAX_DIGITS} (so
     * a long run costs no more), and sets {@link #digitsEnd}; -1 when there are none or too many.
     * The fast paths' reading: the key loop's {@link #parseNumber} says what is wrong.
     */
    final long boundedNumber(int pos) {
        long value = 0;
        int p = pos;
        for (; p < end && p - pos <= MAX_DIGITS; p++) {
            int d = buf[p] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            value = value * 10 + d;
        }
        digitsEnd = p;
        return p == pos || p - pos > MAX_DIGITS ? -1 : value;
    }

    final int parseNumber(int pos, RubyRecord r, int key) {
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

    final int parseReferences(int pos, RubyRecord r) {
        pos = expect(pos, '[');
        pos = skipSpace(pos);
        if (pos < end && buf[pos] == ']') {
            return pos + 1;
        }
        while (true) {
            pos = parseAddress(pos, r, K_REFERENCES);
            r.addReference(lastAddress);
            if (pos + 2 < end && buf[pos] == ',' && buf[pos + 1] == ' ' && buf[pos + 2] == '"') {
                pos += 2; // the next address, spaced as Ruby spaces it
                continue;
            }
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
    final int skipReferences(int pos, RubyRecord r) {
        pos = expect(pos, '[');
        int close = Swar.indexOfCounting(buf, pos, end, (byte) ']', (byte) '"', count);
        if (close < 0) {
            throw new Malformed("line ends inside references (truncated?)");
        }
        r.referenceCount = count[0] >> 1;
        return close + 1;
    }

    /**
     * Skips the flags object (flat: no object nests in it) without decoding it: to the first
     * {@code }} outside quotes, when every quoted text before it is a key; a brace inside a
     * quoted key, or a quoted value, is read key by key, as when the flags are wanted, so that both
     * reads agree on the line.
     */
    final int skipFlags(int pos, RubyRecord r) {
        int open = pos;
        pos = expect(pos, '{');
        int close = Swar.indexOfCounting(buf, pos, end, (byte) '}', (byte) '"', count);
        // only where the flags hold keys and no string value, as Ruby writes them: on garbage (a quote a
        // lenient string does not end at) parseFlags may end them elsewhere
        if (close >= 0 && (count[0] & 1) == 0 && keysOnly(pos, close)) {
            r.flags |= RubyRecord.HAS_FLAGS;
            return close + 1;
        }
        return parseFlags(open, r);
    }

    /** Whether every quoted text in {@code [from, to)} is a key: its closing quote followed by ':'. */
    final boolean keysOnly(int from, int to) {
        boolean inKey = false;
        for (int p = from; p < to; p++) {
            if (buf[p] == '"') {
                if (inKey && buf[p + 1] != ':') {
                    return false;
                }
                inKey = !inKey;
            }
        }
        return true;
    }

    final int parseFlags(int pos, RubyRecord r) {
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
                flags |= flagBit(buf, keyStart, keyEnd - keyStart);
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

    /** One of the {@link RubyLineParser.Field#SIZES} keys' values; a value of another shape is skipped (unknown keys never fail a line). */
    final int parseSize(int pos, int key, RubyRecord r) {
        if (key == K_VALUE) {
            return buf[pos] == '"' ? parseString(pos, r.value) : skipValue(pos);
        }
        if (key == K_EMBEDDED || key == K_SHARED) {
            if (startsWith(pos, TRUE)) {
                r.flags |= key == K_EMBEDDED ? RubyRecord.EMBEDDED : RubyRecord.SHARED;
            }
            return skipValue(pos);
        }
        long n = boundedNumber(pos);
        if (n < 0) {
            return skipValue(pos);
        }
        switch (key) {
            case K_BYTESIZE -> r.bytesize = n;
            case K_CAPACITY -> r.capacity = n;
            default -> r.elements = n;
        }
        return digitsEnd;
    }
}
