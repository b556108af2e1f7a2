package dev.heaplens.format.gclog;

/** Receives lines as byte ranges (no line end); the bytes are valid only during the call. */
public interface LineSink {
    void line(byte[] buf, int from, int to);
}
