package dev.heaplens.runtime;

import dev.heaplens.graph.Phases;

import java.util.function.LongSupplier;

/**
 * The graph's phases shown through a {@link ReadListener}, one at a time, each named with its
 * dump ({@code heap.hprof: dominators}); closing it ends the last one.
 */
final class PhaseProgress implements Phases, AutoCloseable {
    private final ReadListener listener;
    private final String dumpName;
    private ReadListener.Reading current;

    PhaseProgress(ReadListener listener, String dumpName) {
        this.listener = listener;
        this.dumpName = dumpName;
    }

    @Override
    public synchronized void enter(String name, long total, LongSupplier done) {
        close();
        current = listener.phase(dumpName + ": " + name, total, done);
    }

    @Override
    public synchronized void close() {
        if (current != null) {
            current.close();
            current = null;
        }
    }
}
