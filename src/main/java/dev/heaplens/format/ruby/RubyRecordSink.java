package dev.heaplens.format.ruby;

/** Receives the records of one chunk of a dump, in order; one sink per reading thread. */
public interface RubyRecordSink {
    /** Called once per well-formed line; {@code record} is reused after the call returns. */
    void accept(RubyRecord record);
}
