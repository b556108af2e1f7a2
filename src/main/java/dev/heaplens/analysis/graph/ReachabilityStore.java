package dev.heaplens.analysis.graph;

import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;

import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link Reachability} in the index cache: a reopened JVM {@code top} then does not walk every
 * reference again (the weak-only walk) to print one line.
 */
public final class ReachabilityStore {
    private static final String SECTION = "reachability";

    private ReachabilityStore() {
    }

    public static void write(Reachability r, IndexWriter w) throws IOException {
        w.data(SECTION, out -> {
            out.writeLong(r.reachableCount());
            out.writeLong(r.reachableBytes());
            out.writeLong(r.unreachableCount());
            out.writeLong(r.unreachableBytes());
            out.writeLong(r.danglingReferences());
            out.writeLong(r.danglingRoots());
            out.writeBoolean(r.weakOnly() != null);
            if (r.weakOnly() != null) {
                out.writeLong(r.weakOnly().count());
                out.writeLong(r.weakOnly().bytes());
            }
            out.writeInt(r.unreachableByKind().size());
            for (Reachability.KindRow k : r.unreachableByKind()) {
                out.writeUTF(k.kind());
                out.writeLong(k.count());
                out.writeLong(k.bytes());
            }
        });
    }

    /** What {@link #write} stored, or null for an index written without it. */
    public static Reachability read(IndexReader r) throws IOException {
        if (!r.has(SECTION)) {
            return null;
        }
        DataInputStream in = r.data(SECTION);
        long reachableCount = in.readLong();
        long reachableBytes = in.readLong();
        long unreachableCount = in.readLong();
        long unreachableBytes = in.readLong();
        long danglingReferences = in.readLong();
        long danglingRoots = in.readLong();
        Reachability.WeakOnly weakOnly = in.readBoolean() ? new Reachability.WeakOnly(in.readLong(), in.readLong()) : null;
        int kinds = in.readInt();
        List<Reachability.KindRow> byKind = new ArrayList<>(Math.min(kinds, 1024));
        for (int i = 0; i < kinds; i++) {
            byKind.add(new Reachability.KindRow(in.readUTF(), in.readLong(), in.readLong()));
        }
        return new Reachability(reachableCount, reachableBytes, unreachableCount, unreachableBytes, List.copyOf(byKind),
                danglingReferences, danglingRoots, weakOnly);
    }
}
