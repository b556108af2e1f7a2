package dev.heaplens.graph;

import dev.heaplens.index.IndexException;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** {@link ThreadStacks} as an index section: threads and frames number thousands, so one small section holds them. */
public final class ThreadStacksStore {
    private static final String SECTION = "threads";
    private static final String CATEGORY_THREAD = "threads.categoryThread";
    private static final String CATEGORY_FRAME = "threads.categoryFrame";

    private ThreadStacksStore() {
    }

    public static void write(ThreadStacks t, IndexWriter w) throws IOException {
        w.data(SECTION, out -> {
            out.writeInt(t.threads().size());
            for (ThreadStacks.StackThread thread : t.threads()) {
                out.writeLong(thread.serial());
                out.writeLong(thread.address());
                writeText(out, thread.name());
                out.writeByte(thread.daemon() == null ? 2 : thread.daemon() ? 1 : 0);
                out.writeInt(thread.priority());
                out.writeBoolean(thread.virtual());
                out.writeInt(thread.frames().size());
                for (ThreadStacks.Frame f : thread.frames()) {
                    writeText(out, f.className());
                    writeText(out, f.method());
                    writeText(out, f.file());
                    out.writeInt(f.line());
                }
            }
            out.writeInt(t.notes().size());
            for (String note : t.notes()) {
                writeText(out, note);
            }
        });
        w.ints(CATEGORY_THREAD, t.categoryThread());
        w.ints(CATEGORY_FRAME, t.categoryFrame());
    }

    public static ThreadStacks read(IndexReader r) throws IOException {
        try (DataInputStream in = r.data(SECTION)) {
            int count = in.readInt();
            List<ThreadStacks.StackThread> threads = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                long serial = in.readLong();
                long address = in.readLong();
                String name = readText(in);
                int daemon = in.readByte();
                int priority = in.readInt();
                boolean virtual = in.readBoolean();
                int frames = in.readInt();
                List<ThreadStacks.Frame> stack = new ArrayList<>();
                for (int f = 0; f < frames; f++) {
                    stack.add(new ThreadStacks.Frame(readText(in), readText(in), readText(in), in.readInt()));
                }
                threads.add(new ThreadStacks.StackThread(serial, address, name, daemon == 2 ? null : daemon == 1,
                        priority, virtual, List.copyOf(stack)));
            }
            int[] categoryThread = r.ints(CATEGORY_THREAD);
            int[] categoryFrame = r.ints(CATEGORY_FRAME);
            int notes = in.readInt();
            List<String> noteList = new ArrayList<>();
            for (int i = 0; i < notes; i++) {
                noteList.add(readText(in));
            }
            return new ThreadStacks(List.copyOf(threads), categoryThread, categoryFrame, List.copyOf(noteList));
        } catch (IllegalArgumentException | NegativeArraySizeException | IndexOutOfBoundsException e) {
            throw new IndexException("corrupt: the threads cannot be read: " + e.getMessage());
        }
    }

    /** Text of any length (names and notes pass writeUTF's 64 KiB), null kept. */
    private static void writeText(DataOutputStream out, String s) throws IOException {
        out.writeInt(s == null ? -1 : s.length());
        if (s != null) {
            out.writeChars(s);
        }
    }

    private static String readText(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        char[] c = new char[n];
        for (int i = 0; i < n; i++) {
            c[i] = in.readChar();
        }
        return new String(c);
    }
}
