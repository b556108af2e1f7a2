package dev.heaplens.format.hprof;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How many objects an HPROF dump holds, estimated before it is read: exact when the dump has fewer
 * than {@value #SAMPLE} objects; else objects per byte sampled at {@value #STRATA} places spread
 * over its heap dump segments (a few thousand objects at the start of each stratum, found by
 * {@link HprofParts} from the record headers alone), each stratum's bytes times its own density.
 * The head alone misled: a dump whose first objects are small (a catalogue) was estimated 31% high.
 * Tells whether the heap graph will fit before the dump is read.
 */
public final class HprofObjectEstimate {
    static final int SAMPLE = 1 << 16;
    /** Places sampled in a segmented dump; the {@link #SAMPLE} objects are shared between them. */
    static final int STRATA = 64;

    /** Ends a sample's read once it is full. */
    private static final class SampleFull extends RuntimeException {
        SampleFull() {
            super(null, null, false, false);
        }
    }

    private HprofObjectEstimate() {
    }

    /** The estimate; 0 when it cannot be told (gzip, whose size is unknown; a dump the reader refuses). */
    public static long of(HprofSource source) {
        if (source.size() <= 0) {
            return 0;
        }
        Sample head = new Sample(SAMPLE);
        try {
            try (InputStream in = source.open()) {
                HprofReader.read(source.name(), in, source.size(), head, false);
                return head.count; // all of it read: exact
            } catch (SampleFull full) {
                long strata = strata(source);
                return strata > 0 ? strata : head.count + (long) (head.perByte() * (source.size() - head.last));
            }
        } catch (IOException | HeaplensException e) {
            return 0; // the read itself will say what is wrong with the file
        }
    }

    /** The stratified estimate, or 0 when the dump has no segments to spread over (then the head's is used). */
    private static long strata(HprofSource source) throws IOException {
        Path file = source.plainFile();
        if (file == null) {
            return 0;
        }
        HprofParts.Split split;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            split = HprofParts.of(channel, STRATA);
        }
        long[] starts = split.starts();
        if (starts.length < 2) {
            return 0;
        }
        long size = source.size();
        double objects = 0;
        for (int s = 0; s < starts.length; s++) {
            long to = s + 1 < starts.length ? starts[s + 1] : size;
            Sample sample = new Sample(SAMPLE / STRATA);
            try (InputStream in = source.openAt(starts[s])) {
                HprofReader.readRecords(source.name(), in, starts[s], to, size, split.header(), sample, false,
                        new NoDataArrays());
                objects += sample.count; // the stratum read whole
            } catch (SampleFull full) {
                // the stratum's objects begin at its first object (the first holds the strings and classes first)
                objects += sample.count + sample.perByte() * (to - sample.last);
            }
        }
        return Math.round(objects);
    }

    /** Counts objects and notes the first's and last's offsets, until {@code limit}. */
    private static final class Sample implements HprofVisitor {
        private final int limit;
        private long count;
        private long first = -1;
        private long last;

        Sample(int limit) {
            this.limit = limit;
        }

        double perByte() {
            return (count - 1) / (double) Math.max(1, last - first);
        }

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
            if (++count == limit) {
                throw new SampleFull();
            }
        }
    }
}
