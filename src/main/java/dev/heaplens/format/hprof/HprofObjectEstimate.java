package dev.heaplens.format.hprof;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.io.InputStream;

/**
 * How many objects an HPROF dump holds, estimated from its head: objects per byte over its first
 * {@value #SAMPLE} objects, times the bytes from the first object to the end of the file (exact
 * when the dump has fewer). Tells whether the heap graph will fit before the dump is read.
 */
public final class HprofObjectEstimate {
    static final int SAMPLE = 1 << 16;

    /** Ends the read once the sample is full. */
    private static final class SampleFull extends RuntimeException {
        SampleFull() {
            super(null, null, false, false);
        }
    }

    private long count;
    private long first = -1;
    private long last;

    private HprofObjectEstimate() {
    }

    /** The estimate; 0 when it cannot be told (gzip, whose size is unknown; a dump the reader refuses). */
    public static long of(HprofSource source) {
        if (source.size() <= 0) {
            return 0;
        }
        HprofObjectEstimate estimate = new HprofObjectEstimate();
        try (InputStream in = source.open()) {
            HprofReader.read(source.name(), in, source.size(), estimate.new Counter(), false);
            return estimate.count; // all of it read: exact
        } catch (SampleFull full) {
            double perByte = (estimate.count - 1) / (double) Math.max(1, estimate.last - estimate.first);
            return estimate.count + (long) (perByte * (source.size() - estimate.last));
        } catch (IOException | HeaplensException e) {
            return 0; // the read itself will say what is wrong with the file
        }
    }

    private final class Counter implements HprofVisitor {
        @Override
        public boolean wantsObjectContents() {
            return false;
        }

        @Override
        public void classDump(ClassDump dump, long offset) {
            add(offset);
        }

        @Override
        public void instance(long id, long classId, byte[] fields, int length, long offset) {
            add(offset);
        }

        @Override
        public void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
            add(offset);
        }

        @Override
        public void primitiveArray(long id, BasicType type, long length, long offset) {
            add(offset);
        }

        private void add(long offset) {
            if (first < 0) {
                first = offset;
            }
            last = offset;
            if (++count == SAMPLE) {
                throw new SampleFull();
            }
        }
    }
}
