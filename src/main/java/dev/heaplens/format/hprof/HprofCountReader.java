package dev.heaplens.format.hprof;

import dev.heaplens.util.Parallel;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Counts an HPROF dump's objects and shallow bytes per kind and class in one pass, without a heap
 * graph: all a histogram needs. Memory grows with the number of classes, not of objects, and
 * nothing is allocated per object.
 *
 * <p>Instances are only counted per class during the pass, since their size comes from the class
 * hierarchy and class dumps may come after their instances; arrays are sized one by one, as each
 * is aligned on its own.
 */
public final class HprofCountReader {
    /** Objects of one kind and class (the array class for arrays), with their shallow bytes. */
    public record Tally(HprofObjectKind kind, long classId, long count, long bytes) {
    }

    /**
     * What one pass counted. {@code loaderClasses} maps class loader ids to the class of their
     * instance, when loaders were asked for and the dump has the instance.
     */
    public record Result(HprofHeader header, HprofLayout layout, HprofClasses classes, List<Tally> tallies,
                         Map<Long, Long> loaderClasses, List<String> warnings) {
        /** The shallow bytes of every object. */
        public long totalBytes() {
            return tallies.stream().mapToLong(Tally::bytes).sum();
        }

        /** The class of the loader instance {@code loaderId}, or 0 when it is unknown. */
        public long loaderClass(long loaderId) {
            return loaderClasses.getOrDefault(loaderId, 0L);
        }
    }

    private HprofCountReader() {
    }

    /**
     * Reads all of {@code stream} (the uncompressed dump, {@code size} bytes or -1 when unknown).
     *
     * @param layout  the layout for sizes, or null to detect it from the objects read
     * @param loaders also find the class of every class loader instance (costs a lookup per instance)
     * @param strict  a dump cut short is an error, not a warning in the result
     */
    public static Result read(String name, InputStream stream, long size, HprofLayout layout, boolean loaders,
                              boolean strict) {
        return read(name, stream, size, layout, loaders, strict, null);
    }

    /** As above, also showing every record to {@code also} (another analysis made in the same pass), unless null. */
    public static Result read(String name, InputStream stream, long size, HprofLayout layout, boolean loaders,
                              boolean strict, HprofVisitor also) {
        HprofCountPass pass = new HprofCountPass(layout, loaders);
        HprofHeader header = HprofReader.read(name, stream, size, also == null ? pass : new HprofTee(pass, also), strict);
        return pass.result(name, header);
    }

    /**
     * Reads a plain file in up to {@code threads} parts at once, one thread each (see
     * {@link HprofParts}), and adds their counts up. Without loaders: a part cannot tell a loader's
     * instance before it has seen the class dumps naming it, which may be in another part.
     */
    public static Result read(Path file, String name, HprofLayout layout, int threads, boolean strict) throws IOException {
        HprofParts.Split split;
        long size;
        try (FileChannel channel = FileChannel.open(file)) {
            size = channel.size();
            split = HprofParts.of(channel, threads);
        }
        long[] starts = split.starts();
        if (starts.length == 1) {
            try (InputStream in = Files.newInputStream(file)) {
                return read(name, in, size, layout, false, strict);
            }
        }
        HprofCountPass[] passes = new HprofCountPass[starts.length];
        for (int i = 0; i < starts.length; i++) {
            passes[i] = new HprofCountPass(layout, false);
        }
        // A part that fails fails the read: the lowest part's problem is the first in the file.
        Parallel.run("heaplens-hprof-part", starts.length, part -> readPart(file, name, starts[part],
                part + 1 < starts.length ? starts[part + 1] : size, size, split.header(), passes[part], strict));
        for (int i = 1; i < starts.length; i++) {
            passes[0].add(passes[i]);
        }
        return passes[0].result(name, split.header());
    }

    /** Reads {@code [from, to)} into {@code pass}. */
    private static void readPart(Path file, String name, long from, long to, long size, HprofHeader header,
                                 HprofCountPass pass, boolean strict) {
        try (FileChannel channel = FileChannel.open(file)) {
            HprofReader.readRecords(name, Channels.newInputStream(channel.position(from)), from, to, size, header, pass,
                    strict);
        } catch (IOException e) {
            throw new HeaplensException(name + ": cannot read: " + e.getMessage());
        }
    }
}
