package dev.heaplens.format.ruby;

import dev.heaplens.util.NameIds;

/**
 * Strings interned to ids shared by all reading threads. Each thread keeps a {@link Local} that
 * interns bytes without locking and asks the shared table once per distinct string.
 */
public final class SharedStrings {
    private final NameIds texts = new NameIds();

    public synchronized int intern(String text) {
        return texts.idOf(text);
    }

    public synchronized String text(int id) {
        return texts.name(id);
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
