package dev.heaplens.format.hprof;

/**
 * The records that tie a dump's objects to its threads, read for {@link HprofReader}: STACK TRACE
 * records, and the GC roots that carry a thread serial (and a frame number, or a stack trace serial).
 */
final class HprofThreadRecords {
    private HprofThreadRecords() {
    }

    /** A STACK TRACE record: serial, thread serial, frame count and the frame ids, which must fill the record. */
    static void stackTrace(HprofInput in, long start, long length, HprofVisitor visitor) {
        long serial = in.u4();
        long thread = in.u4();
        long frames = in.u4();
        if (12 + frames * in.idSize() != length) {
            throw in.error(start, "STACK TRACE record of " + length + " bytes cannot hold its " + frames + " frames");
        }
        int n = (int) frames; // fits: the record's u4 length holds them
        // Grown as frames arrive: a corrupt count in a stream of unknown size allocates no more than it holds.
        long[] ids = new long[Math.min(n, 1024)];
        for (int i = 0; i < n; i++) {
            if (i == ids.length) {
                ids = java.util.Arrays.copyOf(ids, (int) Math.min(n, 2L * ids.length));
            }
            ids[i] = in.id();
        }
        visitor.stackTrace(serial, thread, ids, n);
    }

    /**
     * A GC root sub-record after its tag: every root to {@link HprofVisitor#root}, locals also to
     * {@link HprofVisitor#localRoot} with their thread and frame, thread objects to
     * {@link HprofVisitor#threadRoot} with their thread and stack trace serials.
     */
    static void root(HprofInput in, RootKind root, HprofVisitor visitor) {
        long id = in.id();
        if (root == RootKind.JAVA_FRAME || root == RootKind.JNI_LOCAL) {
            long thread = in.u4();
            int frame = in.s4();
            visitor.root(root, id);
            visitor.localRoot(root, id, thread, frame);
        } else if (root == RootKind.THREAD_OBJECT) {
            long thread = in.u4();
            long trace = in.u4();
            visitor.root(root, id);
            visitor.threadRoot(id, thread, trace);
        } else {
            in.skip((long) root.extraIds * in.idSize() + 4L * root.extraU4s);
            visitor.root(root, id);
        }
    }
}
