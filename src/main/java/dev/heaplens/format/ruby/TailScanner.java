package dev.heaplens.format.ruby;

import dev.heaplens.util.Swar;

import static dev.heaplens.format.ruby.RubyKeys.BYTES_FLAGS;
import static dev.heaplens.format.ruby.RubyKeys.BYTES_GENERATION;
import static dev.heaplens.format.ruby.RubyKeys.BYTES_LINE;
import static dev.heaplens.format.ruby.RubyKeys.BYTES_MEMSIZE;
import static dev.heaplens.format.ruby.RubyKeys.BYTES_REFERENCES;

/**
 * Finds, walking back from the end of a line, where its tail keys start (memsize, and with
 * allocation info the file, line, method and generation before it), so that the parser can jump
 * over the middle of the line: string values and reference arrays are the bulk of a dump.
 */
abstract class TailScanner extends LineScanner {
    final boolean wantReferenceCount;
    final boolean wantAllocation;
    /** The generation alone of the allocation info (identities): the tail then starts at it when it comes just before memsize. */
    final boolean wantGeneration;
    final int[] count = new int[1];
    /** Off only in tests, to check the fast paths for the usual line against the general walk they stand in for. */
    boolean fastTail = true;

    /** Where the current line's tail keys start, once located; -1 = not found, -2 = not yet looked. */
    int tailStart;

    /** The flags objects this parser accepted before, recognised at the end of the usual line. */
    final KnownFlags knownFlags = new KnownFlags();
    /** Where the current line's flags object starts when {@link #knownFlags} recognised it; -1 otherwise. */
    int knownFlagsOpen;

    /** Closing quote of the {@code method} value as found walking back from the end; -1 if none. */
    int methodEnd;

    static final byte[] METHOD_KEY = "\"method\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    static final byte[] FILE_KEY = "\"file\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    TailScanner(boolean wantReferenceCount, boolean wantAllocation, boolean wantGeneration) {
        this.wantReferenceCount = wantReferenceCount;
        this.wantAllocation = wantAllocation;
        this.wantGeneration = wantGeneration && !wantAllocation;
    }

    /**
     * Where to jump to skip the middle of the line, or -1 not to. When references are counted,
     * they are counted here: Ruby always writes the references array just before the tail keys.
     */
    final int jump(RubyRecord r) {
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
        if (open < 0 || keyBefore(open, BYTES_REFERENCES) < 0) {
            return -1;
        }
        Swar.indexOfCounting(buf, open + 1, p + 1, (byte) ']', (byte) '"', count);
        r.referenceCount = count[0] >> 1;
        return tail;
    }

    final int tail() {
        if (tailStart == -2) {
            tailStart = locateTail();
        }
        return tailStart;
    }

    /**
     * Finds, walking back from the end of the line, where the tail keys start: {@code "memsize"},
     * or with allocation info wanted, {@code "file"} (or whichever of file, line, method,
     * generation come first). Returns -1 when the tail does not have the expected shape; the
     * caller then parses on normally, so an unusual line costs time, never correctness.
     */
    final int locateTail() {
        int quick = fastTail ? usualTail() : -1;
        if (quick >= 0) {
            return wantAllocation ? allocationTail(quick) : wantGeneration ? generationTail(quick) : quick;
        }
        int p = skipSpaceBack(end - 1);
        if (p < lineStart || buf[p] != '}') {
            return -1;
        }
        p = skipSpaceBack(p - 1);
        if (p >= lineStart && buf[p] == '}') {
            int limit = Math.max(lineStart, p - 512);
            int open = Swar.lastIndexOf(buf, limit, p, (byte) '{');
            int flagsKey = open < 0 ? -1 : keyBefore(open, BYTES_FLAGS);
            if (flagsKey < 0) {
                return -1;
            }
            p = valueEndBefore(flagsKey);
        }
        int memsizeKey = numberKeyBefore(p, BYTES_MEMSIZE);
        if (memsizeKey < 0 || !(wantAllocation || wantGeneration)) {
            return memsizeKey;
        }
        return wantAllocation ? allocationTail(memsizeKey) : generationTail(memsizeKey);
    }

    /**
     * The generation key when it comes just before {@code memsizeKey}, as Ruby writes it; else
     * where the allocation info would start, so that a line shaped otherwise is read as when all
     * of it is wanted.
     */
    private int generationTail(int memsizeKey) {
        int k = numberKeyBefore(valueEndBefore(memsizeKey), BYTES_GENERATION);
        return k >= 0 ? k : allocationTail(memsizeKey);
    }

    static final long W_FLAGS_KEY = Swar.wordOf(", \"flags");
    static final long W_MEMSIZE_KEY = Swar.wordOf("\"memsize");

    /**
     * The memsize key of the tail Ruby writes, {@code "memsize":N}} or {@code "memsize":N,
     * "flags":{...}}}, spaced exactly as Ruby spaces it, found with word compares; -1 when the
     * tail is shaped or spaced otherwise. Where it finds a key, the general walk back of
     * {@link #locateTail} finds the same one: this only saves its byte-by-byte steps.
     */
    private int usualTail() {
        int p = end - 2;
        if (p - 20 < lineStart || buf[end - 1] != '}') {
            return -1;
        }
        if (buf[p] == '}') {
            int known = knownFlags.startOfOneEndingAt(buf, lineStart + 20, p);
            int open = known >= 0 ? known : Swar.lastIndexOf(buf, Math.max(lineStart, p - 512), p, (byte) '{');
            if (open - 20 < lineStart || Swar.word(buf, open - 10) != W_FLAGS_KEY || buf[open - 2] != '"'
                    || buf[open - 1] != ':') {
                return -1;
            }
            knownFlagsOpen = known;
            p = open - 11;
        }
        int colon = p;
        while (colon >= lineStart && isDigit(buf[colon])) {
            colon--;
        }
        if (colon == p || colon - 9 < lineStart || buf[colon] != ':' || buf[colon - 1] != '"'
                || Swar.word(buf, colon - 9) != W_MEMSIZE_KEY) {
            return -1;
        }
        return colon - 9;
    }

    /**
     * Where the garbled {@code method} value of a Ruby 3.0/3.1 line that starts at {@code pos}
     * ends, found from the keys after it; -1 if not found. Read the same way whatever fields are
     * wanted, so that every command agrees on whether such a line is malformed.
     */
    final int methodEndFromTail(int pos) {
        int memsizeKey = tail();
        if (!wantAllocation && memsizeKey >= 0) {
            allocationTail(memsizeKey); // finds methodEnd; the tail stays at memsize
        }
        return methodEnd > pos ? methodEnd : -1;
    }

    /**
     * The first of file, line, method and generation before {@code memsizeKey}; notes where
     * method's value ends. -1 when the generation, method or line key is damaged (misspelt, a
     * stray byte, no colon) or the text between them is: the read then walks every key from the
     * head and gives what the walk gives (a jump to the damaged key would lose the file and line
     * before it). Only a line with such a tail pays for the walk.
     */
    private int allocationTail(int memsizeKey) {
        int tail = memsizeKey;
        int p = valueEndBefore(tail);
        int k = numberKeyBefore(p, BYTES_GENERATION);
        if (k >= 0) {
            tail = k;
            p = valueEndBefore(tail);
        } else if (generationKeyDamaged(p)) {
            return -1;
        }
        if (p >= lineStart && buf[p] == '"') {
            k = keyOfString(p, METHOD_KEY, 4096);
            if (k < 0) {
                return tail == memsizeKey ? tail : -1; // before the generation, a string that is not the method
            }
            methodEnd = p;
            tail = k;
            p = valueEndBefore(tail);
        }
        k = numberKeyBefore(p, BYTES_LINE);
        if (k < 0) {
            return tail == memsizeKey ? tail : -1; // Ruby writes the line before the method and generation
        }
        tail = k;
        p = valueEndBefore(tail);
        if (p >= lineStart && buf[p] == '"') {
            k = keyOfString(p, FILE_KEY, 16384);
            if (k >= 0) {
                tail = k;
            }
        }
        return tail;
    }

    /**
     * Whether the value that ends at {@code p}, just before memsize where Ruby writes the
     * generation, is a number under a damaged key: its key is not {@code "key":} shaped, or the
     * allocation info Ruby writes before the generation (a line number, or a method name found
     * where its value's last quote says) comes before it. On a line without allocation info
     * (a dump taken without allocation tracing) this costs no search back: a count Ruby writes
     * there is passed by with one word compare, another number with a few compares.
     */
    private boolean generationKeyDamaged(int p) {
        if (p < lineStart || !isDigit(buf[p])) {
            return false;
        }
        do {
            p--;
        } while (p >= lineStart && isDigit(buf[p]));
        if (p - 8 >= lineStart && buf[p] == ':' && isCount(Swar.word(buf, p - 7))) {
            return false; // what Ruby writes last for an object without allocation info
        }
        p = skipSpaceBack(p);
        if (p < lineStart || buf[p] != ':') {
            return true;
        }
        p = skipSpaceBack(p - 1);
        if (p < lineStart || buf[p] != '"') {
            return true;
        }
        int open = p - 1; // keys are short: their opening quote is found a byte at a time
        for (int limit = Math.max(lineStart, p - MAX_KEY); open >= limit && buf[open] != '"'; ) {
            open--;
        }
        int before = open < lineStart || buf[open] != '"' ? -1 : valueEndBefore(open);
        if (before < lineStart) {
            return true; // no key, or nothing before it: not Ruby's shape, the walk says what it is
        }
        if (buf[before] != '"') {
            return numberKeyBefore(before, BYTES_LINE) >= 0;
        }
        int valueOpen = Swar.lastIndexOf(buf, Math.max(lineStart, before - 4096), before, (byte) '"');
        int k = valueOpen - METHOD_KEY.length;
        return k >= lineStart && buf[k] == '"' && matchesAt(k, METHOD_KEY);
    }

    private static final long W_IVARS = Swar.wordOf("\"ivars\":"), W_EDGES = Swar.wordOf("\"edges\":"),
            W_LENGTH = Swar.wordOf("length\":"), W_SIZE = Swar.wordOf(" \"size\":");

    /**
     * Whether the eight bytes up to a colon end a count Ruby writes just before memsize when a
     * line has no allocation info (an object's ivars, a shape's edges, an array's length, a
     * hash's size), spaced as Ruby spaces it: such a number is passed by at once, any other key
     * is looked behind.
     */
    private static boolean isCount(long word) {
        return word == W_IVARS || word == W_LENGTH || word == W_SIZE || word == W_EDGES;
    }

    /** Longer keys are not Ruby's: a number under one before memsize is read by the walk. */
    private static final int MAX_KEY = 64;

    /** Last index of the value before the key starting at {@code keyQuote} (skips {@code , }); -1 if none. */
    final int valueEndBefore(int keyQuote) {
        int p = skipSpaceBack(keyQuote - 1);
        if (p < lineStart || buf[p] != ',') {
            return -1;
        }
        return skipSpaceBack(p - 1);
    }

    /** When {@code buf[p]} ends the digits of key {@code key}'s value, the key's opening quote; else -1. */
    final int numberKeyBefore(int p, byte[] key) {
        if (p < lineStart || !isDigit(buf[p])) {
            return -1;
        }
        while (p >= lineStart && isDigit(buf[p])) {
            p--;
        }
        return keyBefore(p + 1, key);
    }

    /** When {@code "key":} (spaces allowed around the colon) ends just before {@code valueStart}, its opening quote; else -1. */
    final int keyBefore(int valueStart, byte[] key) {
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

    /**
     * {@link #searchBack} for a key written just before the string value that ends at
     * {@code close}: the value's opening quote is the last quote before its end when it holds no
     * other, so the key is looked for there first (no key can start after it: it starts with a
     * quote); else the search walks back.
     */
    final int keyOfString(int close, byte[] key, int window) {
        int limit = Math.max(lineStart, close - window);
        int open = Swar.lastIndexOf(buf, limit, close, (byte) '"');
        int k = open - key.length;
        if (open >= 0 && k >= limit && buf[k] == key[0] && matchesAt(k, key)) {
            return k;
        }
        return searchBack(close, key, window);
    }

    /** Last start of {@code word} that ends at or before {@code p}, at most {@code window} bytes back; -1 if none. */
    final int searchBack(int p, byte[] word, int window) {
        int limit = Math.max(lineStart, p - window);
        // the word's first byte found eight bytes a step: file paths run long between quotes
        for (int i = p - word.length + 2; (i = Swar.lastIndexOf(buf, limit, i, word[0])) >= 0; ) {
            if (matchesAt(i, word)) {
                return i;
            }
        }
        return -1;
    }
}
