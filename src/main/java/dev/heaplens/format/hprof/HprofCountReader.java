package dev.heaplens.format.hprof;

import java.io.IOException;
import java.io.InputStream;
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
     * Reads a plain file in parts on up to {@code threads} threads ({@link HprofPartReads}) and adds
     * their counts up. Without loaders: a part cannot tell a loader's instance before it has seen the
     * class dumps naming it, which may be in another part.
     */
    public static Result read(Path file, String name, HprofLayout layout, int threads, boolean strict) throws IOException {
        HprofSource source = HprofSource.of(file, name);
        HprofParts.Split split = HprofPartReads.split(source, threads, 1);
        if (split == null) {
            try (InputStream in = source.open()) {
                return read(name, in, source.size(), layout, false, strict);
            }
        }
        HprofCountPass[] passes = new HprofCountPass[split.starts().length];
        for (int i = 0; i < passes.length; i++) {
            passes[i] = new HprofCountPass(layout, false);
            passes[i].sizePerInstance(split.stackChunkClasses());
        }
        String noData = HprofPartReads.read(source, split, threads, strict, passes).warning();
        for (int i = 1; i < passes.length; i++) {
            passes[0].add(passes[i]);
        }
        if (noData != null) {
            passes[0].warning(noData);
        }
        return passes[0].result(name, split.header());
    }
}
