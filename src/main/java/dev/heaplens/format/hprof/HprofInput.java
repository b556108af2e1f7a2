package dev.heaplens.format.hprof;

import dev.heaplens.HeaplensException;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Big-endian reads over a stream with our own buffer, so that every error can name the byte
 * offset it happened at (a {@code DataInputStream} does not know it). The reader says what it is
 * inside with {@link #within} so that a file ending early is reported with its context.
 */
final class HprofInput {
    static final int BUFFER = 256 * 1024;
    /**
     * For reading again records scattered over the dump: each fill copies no more than this, and a
     * gap longer than it is skipped by seeking, not by reading through (the whole 256 KiB buffer
     * made each of suspects' checks copy nearly the whole dump, 280 MB a pass).
     */
    static final int SCATTERED_BUFFER = 16 * 1024;
    /** Big-endian ints and longs in one load and one bounds check, not four or eight (measured: the pass is 15% faster). */
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final String name;
    private final InputStream in;
    private final byte[] buf;
    private int pos;
    private int limit;
    /** File offset of {@code buf[0]}. */
    private long base;
    private int idSize = 4;
    private String context = "the file header";
    /** The stream has ended (or was cut, for gzip): it is not read again. */
    private boolean streamEnded;
    private long contextStart;

    /** The file ended where more bytes were needed. */
    static final class Truncated extends HeaplensException {
        /** Where the file ended. */
        final long end;

        Truncated(String message, long end) {
            super(message);
            this.end = end;
        }
    }

    HprofInput(String name, InputStream in) {
        this(name, in, 0);
    }

    /** {@code in} starts at file offset {@code offset} (a record to show again, or a part of a dump read by several threads). */
    HprofInput(String name, InputStream in, long offset) {
        this(name, in, offset, BUFFER);
    }

    /** As {@link #HprofInput(String, InputStream, long)}, with a buffer of {@code bufferBytes} (at least 8). */
    HprofInput(String name, InputStream in, long offset, int bufferBytes) {
        this.name = name;
        this.in = in;
        this.base = offset;
        this.buf = new byte[bufferBytes];
    }

    /** Ids are read as 4 bytes until the header has said their size. */
    void setIdSize(int size) {
        idSize = size;
    }

    String name() {
        return name;
    }

    int idSize() {
        return idSize;
    }

    long offset() {
        return base + pos;
    }

    /** What is being read, for the message if the file ends inside it. */
    void within(String what, long start) {
        context = what;
        contextStart = start;
    }

    /** True when the stream has no more bytes (at a record boundary, where that is allowed). */
    boolean atEnd() {
        return pos == limit && fill(1) < 1;
    }

    int u1() {
        require(1);
        return buf[pos++] & 0xFF;
    }

    int u2() {
        require(2);
        int v = ((buf[pos] & 0xFF) << 8) | (buf[pos + 1] & 0xFF);
        pos += 2;
        return v;
    }

    int s4() {
        require(4);
        int v = getInt(buf, pos);
        pos += 4;
        return v;
    }

    /** HPROF lengths and counts are unsigned 32-bit. */
    long u4() {
        return s4() & 0xFFFF_FFFFL;
    }

    long u8() {
        require(8);
        long v = (long) LONG.get(buf, pos);
        pos += 8;
        return v;
    }

    /** An object id, zero-extended when ids are 4 bytes. */
    long id() {
        return idSize == 8 ? u8() : u4();
    }

    /** A value of {@code type} as raw bits (ids for objects). */
    long value(BasicType type) {
        switch (type) {
            case OBJECT:
                return id();
            case BOOLEAN:
            case BYTE:
                return u1();
            case CHAR:
            case SHORT:
                return u2();
            case FLOAT:
            case INT:
                return s4();
            default:
                return u8();
        }
    }

    BasicType basicType() {
        long at = offset();
        int code = u1();
        BasicType type = BasicType.of(code);
        if (type == null) {
            throw error(at, String.format("unknown basic type 0x%02x", code));
        }
        return type;
    }

    void readFully(byte[] dst, int off, int len) {
        while (len > 0) {
            if (pos == limit) {
                require(1);
            }
            int n = Math.min(len, limit - pos);
            System.arraycopy(buf, pos, dst, off, n);
            pos += n;
            off += n;
            len -= n;
        }
    }

    /** Skipping within the buffer, the usual case, is kept small enough for the C1 compiler to inline. */
    void skip(long n) {
        if (n >= 0 && n <= limit - pos) {
            pos += (int) n;
            return;
        }
        skipAcrossFills(n);
    }

    private void skipAcrossFills(long n) {
        int buffered = limit - pos;
        if (n > buffered + (long) buf.length) {
            // Large contents (big arrays, or a jump to a record): let the stream seek past them.
            n -= buffered;
            base += limit;
            pos = 0;
            limit = 0;
            n -= skipStream(n);
        }
        while (n > 0) {
            if (pos == limit) {
                require(1);
            }
            int step = (int) Math.min(n, limit - pos);
            pos += step;
            n -= step;
        }
    }

    /** Skips up to {@code n} bytes of the stream itself; returns how many, fewer only at its end. */
    private long skipStream(long n) {
        long done = 0;
        try {
            while (done < n && !streamEnded) {
                long s = in.skip(n - done);
                if (s <= 0) {
                    if (in.read() < 0) {
                        break;
                    }
                    s = 1;
                }
                done += s;
            }
        } catch (EOFException e) {
            streamEnded = true; // a cut gzip stream: the skip stops where it ends
        } catch (IOException e) {
            throw error(base, "read failed: " + e.getMessage());
        }
        base += done;
        return done;
    }

    HeaplensException error(long at, String message) {
        return new HeaplensException(name + ": offset " + at + ": " + message);
    }

    /** Kept this small so that even the C1 compiler inlines it into every read. */
    private void require(int n) {
        if (limit - pos < n) {
            refill(n);
        }
    }

    private void refill(int n) {
        if (fill(n) < n) {
            throw truncated(base + limit, context, contextStart);
        }
    }

    /** The file ends at {@code end}, inside {@code what} that starts at {@code start}. */
    Truncated truncated(long end, String what, long start) {
        return new Truncated(name + ": offset " + end + ": file ends inside " + what + " that starts at offset " + start
                + " (truncated?)", end);
    }

    /** Moves the unread bytes to the front and reads until {@code n} are available or EOF; returns how many are. */
    private int fill(int n) {
        int left = limit - pos;
        System.arraycopy(buf, pos, buf, 0, left);
        base += pos;
        pos = 0;
        limit = left;
        try {
            while (limit < n && !streamEnded) {
                int r = in.read(buf, limit, buf.length - limit);
                if (r < 0) {
                    streamEnded = true;
                    break;
                }
                limit += r;
            }
        } catch (EOFException e) {
            // A gzip stream cut short ends this way: the dump is cut there, like a plain file that ends early.
            streamEnded = true;
        } catch (IOException e) {
            throw error(base + limit, "read failed: " + e.getMessage());
        }
        return limit;
    }

    static int getInt(byte[] b, int at) {
        return (int) INT.get(b, at);
    }

    static long getId(byte[] b, int at, int idSize) {
        if (idSize == 4) {
            return getInt(b, at) & 0xFFFF_FFFFL;
        }
        return (long) LONG.get(b, at);
    }
}
