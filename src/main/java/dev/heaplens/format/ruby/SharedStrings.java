package dev.heaplens.format.ruby;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Strings interned to ids shared by all reading threads. Each thread keeps a {@link Local} that
 * interns bytes without locking and asks the shared table once per distinct string.
 */
public final class SharedStrings {
    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> texts = new ArrayList<>();

    public synchronized int intern(String text) {
        Integer id = ids.get(text);
        if (id == null) {
            id = texts.size();
            ids.put(text, id);
            texts.add(text);
        }
        return id;
    }

    public synchronized String text(int id) {
        return texts.get(id);
    }

    public synchronized int size() {
        return texts.size();
    }

    /** One thread's view: bytes to shared ids, locking only for strings it has not seen yet. */
    public final class Local {
        private final ByteStringTable local = new ByteStringTable();
        private int[] toShared = new int[256];

        public int intern(byte[] bytes, int start, int end, boolean escaped) {
            int id = local.intern(bytes, start, end, escaped);
            if (id >= toShared.length) {
                toShared = java.util.Arrays.copyOf(toShared, Math.max(id + 1, toShared.length * 2));
            }
            if (id >= seen) {
                for (int i = seen; i <= id; i++) {
                    toShared[i] = SharedStrings.this.intern(local.text(i));
                }
                seen = id + 1;
            }
            return toShared[id];
        }

        private int seen;
    }

    public Local local() {
        return new Local();
    }
}
