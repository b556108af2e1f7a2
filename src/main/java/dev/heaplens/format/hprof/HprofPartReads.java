package dev.heaplens.format.hprof;

import dev.heaplens.HeaplensException;
import dev.heaplens.util.Parallel;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Reads a plain dump cut into parts ({@link HprofParts}) on several threads, each part into its
 * own visitor, so that a pass over the dump takes the time of its share on each core. When there
 * are more parts than threads, a thread takes the next part when it is done with one, which evens
 * out parts that cost more than others (the first holds the strings and the class dumps).
 */
final class HprofPartReads {
    /**
     * Parts per thread for a graph read: enough to even the threads out, few enough that a part
     * holds many objects. A count pass takes one part per thread: its passes are merged, and more of
     * them cost more than the evening out gains (histogram of the 300 MB benchmark dump: 0.39 s with
     * one part a thread, 0.49 s with four).
     */
    static final int GRAPH_PARTS_PER_THREAD = 4;

    private HprofPartReads() {
    }

    /**
     * Where to cut {@code source} into {@code partsPerThread} parts for each of {@code threads}
     * threads, or null when it is read whole (one thread, gzip, one segment...).
     */
    static HprofParts.Split split(HprofSource source, int threads, int partsPerThread) {
        Path file = source.plainFile();
        if (threads < 2 || file == null) {
            return null;
        }
        try (FileChannel channel = FileChannel.open(file)) {
            HprofParts.Split split = HprofParts.of(channel, threads * partsPerThread);
            return split.starts().length > 1 ? split : null;
        } catch (IOException e) {
            throw new HeaplensException(source.name() + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * Reads part {@code p} of {@code split} into {@code visitors[p]}, on up to {@code threads}
     * threads, and returns the PRIMITIVE ARRAY NODATA records of all parts, for the caller to warn
     * about once. When parts fail, the read fails with the first of them in the file: the
     * problem one thread reading the whole file would have met.
     */
    static NoDataArrays read(HprofSource source, HprofParts.Split split, int threads, boolean strict,
                                   HprofVisitor[] visitors) {
        long[] starts = split.starts();
        int parts = starts.length;
        NoDataArrays[] noData = new NoDataArrays[parts];
        long size = source.size();
        Parallel.inTurnUnchecked("heaplens-hprof-part", threads, parts, p -> {
            noData[p] = new NoDataArrays();
            long to = p + 1 < parts ? starts[p + 1] : size;
            try (InputStream in = source.openAt(starts[p])) {
                HprofReader.readRecords(source.name(), in, starts[p], to, size, split.header(), visitors[p], strict,
                        noData[p]);
            } catch (IOException e) {
                throw new HeaplensException(source.name() + ": cannot read: " + e.getMessage());
            }
        });
        NoDataArrays all = new NoDataArrays();
        for (NoDataArrays part : noData) {
            all.add(part);
        }
        return all;
    }
}
