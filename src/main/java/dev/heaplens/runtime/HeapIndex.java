package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.index.IndexException;
import dev.heaplens.index.IndexKey;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;
import dev.heaplens.io.DumpInput;
import dev.heaplens.util.HumanBytes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The index cache of a graph read: {@link #load} reads a dump's heap from its index when there is
 * a sound one, else reads the dump and writes the index for next time. An index is never trusted
 * blindly: one made from another version of the dump, cut short or corrupt is rebuilt, with one
 * warning. The warnings the first read gave (skipped lines, a cut dump) are stored and given again,
 * so a command says the same with and without the index. Standard input and pipes have no index:
 * they cannot be read again, and have no file to key it on.
 */
final class HeapIndex {
    static final String SUFFIX = ".heaplens-index";

    /**
     * A heap read from the dump, and the warnings the read gave; {@code outOfCore}: once indexed, used
     * from its index instead (the heap read is then dropped).
     */
    record Built(LoadedHeap heap, List<String> warnings, boolean outOfCore, ScratchIndex scratch) {
        Built(LoadedHeap heap, List<String> warnings) {
            this(heap, warnings, false, null);
        }
    }

    /** Where an index lies and the dump it was made from: to add sections to it later ({@link #extend}). */
    record Place(Path file, IndexKey key) {
    }

    /** Sections a command adds to an index the first time it needs them. */
    interface Sections {
        void write(IndexWriter out) throws IOException;
    }

    /** How a runtime stores its heap in an index and gets it back. */
    interface Store {
        /**
         * What the index keeps of {@code heap}, worked out now; the sections returned only write it,
         * reading the heap and nothing else, so that they may run beside the command ({@link IndexWriteBehind}).
         */
        Sections sectionsOf(LoadedHeap heap);

        LoadedHeap read(IndexReader in) throws IOException;
    }

    private final IndexOptions options;
    private final ReadListener listener;

    HeapIndex(IndexOptions options, ReadListener listener) {
        this.options = options;
        this.listener = listener;
    }

    /**
     * {@code input}'s heap from its index, or from {@code build} (then indexed). {@code variant} names
     * what else the heap depends on (runtime, options); {@code strict} refuses an index whose read
     * gave warnings, so that a strict read fails on them as it should.
     */
    LoadedHeap load(DumpInput input, String variant, boolean strict, Supplier<Built> build, Store store) {
        return load(input, variant, strict, build, store, true);
    }

    /**
     * {@code input}'s heap from its index when there is a sound one, else from {@code build}, which
     * is not indexed: it makes less than an index holds (a graph without references). A stale or
     * corrupt index is left as it is, with a warning, for the next command that builds a whole graph.
     */
    LoadedHeap loadIndexedOr(DumpInput input, String variant, boolean strict, Supplier<Built> build, Store store) {
        return load(input, variant, strict, build, store, false);
    }

    private LoadedHeap load(DumpInput input, String variant, boolean strict, Supplier<Built> build, Store store,
                            boolean indexTheBuild) {
        Path dump = input.canReopen() && options.enabled() ? Path.of(input.name()) : null;
        IndexKey key = dump == null ? null : keyOf(dump, variant);
        if (key == null) {
            Built built = build.get();
            return built.scratch() != null ? throughScratch(input, variant, built, store) : warned(input, built);
        }
        Path existing = find(dump);
        String unusable = null;
        if (existing != null) {
            try {
                LoadedHeap heap = read(input, existing, key, strict, store);
                if (heap != null) {
                    return heap.indexedIn(new Place(existing, key));
                }
            } catch (IndexException e) {
                unusable = e.getMessage();
            } catch (IOException | RuntimeException e) {
                unusable = "cannot read it: " + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName());
            }
        }
        Built built = build.get();
        if (unusable != null) { // said once the dump was read: a dump that fails to read says only that
            listener.warning(input.name(), "index " + existing + " not used (" + unusable + ")"
                    + (indexTheBuild ? ": rebuilt it" : ""));
        }
        if (built.scratch() != null) {
            return throughScratch(input, variant, built, store);
        }
        if (indexTheBuild) {
            boolean rewritable = existing != null && Files.isWritable(existing.toAbsolutePath().getParent());
            Path file = rewritable ? existing : placeFor(dump);
            if (!built.outOfCore() && IndexWriteBehind.allowed()) {
                writeBehind(input, file, key, built, store);
                return warned(input, built);
            }
            if (write(input, file, key, built, store) && built.outOfCore()) {
                return releasedScratch(built, readBack(input, file, key, store).indexedIn(new Place(file, key)));
            }
        }
        return warned(input, built);
    }

    /**
     * A heap read out of core where no index is kept: its index written to the read's scratch
     * directory, read back mapped, and deleted at once (the mappings outlive the file); not kept as
     * the heap's index, so nothing is added to it later.
     */
    private LoadedHeap throughScratch(DumpInput input, String variant, Built built, Store store) {
        IndexKey key = ScratchIndex.key(variant);
        Path file = built.scratch().file();
        try {
            if (!write(input, file, key, built, store)) { // nothing written yet: the built heap is whole
                return warned(input, built);
            }
            return releasedScratch(built, readBack(input, file, key, store));
        } finally {
            built.scratch().release();
        }
    }

    /**
     * The index just written out of core, read back: the built graph's scratch was given back as its
     * sections were written, so there is no heap to go on with when it cannot be read.
     */
    private LoadedHeap readBack(DumpInput input, Path file, IndexKey key, Store store) {
        try {
            return read(input, file, key, false, store);
        } catch (IOException | RuntimeException e) {
            throw new HeaplensException(input.name() + ": index " + file + " just written cannot be read back, and working"
                    + " out of core needs it: " + e.getMessage());
        }
    }

    /**
     * {@code reopened}, once the heap read out of core is indexed and read back from its index: the
     * built heap's graph is garbage from here on, so its scratch files' disk is given back now, not
     * when a collection frees their mappings (it was the first read's disk peak, beside the index).
     */
    private static LoadedHeap releasedScratch(Built built, LoadedHeap reopened) {
        built.heap().scratch().releaseAll();
        return reopened;
    }

    private LoadedHeap warned(DumpInput input, Built built) {
        built.warnings().forEach(w -> listener.warning(input.name(), w));
        return built.heap();
    }

    private IndexKey keyOf(Path dump, String variant) {
        try {
            return IndexKey.of(dump, variant);
        } catch (IOException e) {
            return null; // the read that follows says what is wrong with the file
        }
    }

    /**
     * The heap in the index at {@code file}, or null when {@code strict} refuses it.
     *
     * @throws IndexException when the index cannot be used (stale, half-written, corrupt)
     */
    private LoadedHeap read(DumpInput input, Path file, IndexKey key, boolean strict, Store store) throws IOException {
        try (IndexReader in = IndexReader.open(file, key)) {
            List<String> warnings = in.strings("warnings");
            if (strict && !warnings.isEmpty()) {
                return null; // the strict read fails on what these warn about
            }
            LoadedHeap heap = store.read(in);
            warnings.forEach(w -> listener.warning(input.name(), w));
            return heap;
        }
    }

    /**
     * Adds {@code more} to the index {@code heap} was read from or written to (none: nothing to do).
     * The index is copied with them and renamed onto itself ({@link IndexWriter#extend}), or, where
     * its disk has no room for the copy, they are appended to it ({@link IndexWriter#append}); a
     * failure is one warning, and the command goes on with what it worked out.
     */
    void extend(LoadedHeap heap, Sections more) {
        Place place = heap.index();
        Extension how = place == null ? Extension.NONE : extensionOf(heap, place.file());
        if (how == Extension.NONE) {
            return;
        }
        try (IndexReader existing = IndexReader.open(place.file(), place.key());
             IndexWriter out = how == Extension.COPY ? IndexWriter.extend(existing) : IndexWriter.append(existing)) {
            more.write(out);
            out.commit();
        } catch (IOException | RuntimeException e) {
            listener.warning(heap.input().name(), "index " + place.file() + " not extended: " + e.getMessage());
        }
    }

    /** How an index is extended: a copy with the new sections, the sections appended to it, or not at all. */
    enum Extension { COPY, APPEND, NONE }

    /** How the index {@code file} can be extended on its disk; without room for the sections, one warning. */
    private Extension extensionOf(LoadedHeap heap, Path file) {
        try {
            long size = Files.size(file);
            long free = Files.getFileStore(file.toAbsolutePath().getParent()).getUsableSpace();
            Extension how = extension(size, free);
            if (how == Extension.NONE) {
                listener.warning(heap.input().name(), "index " + file + " not extended: its new sections need about "
                        + HumanBytes.of(sectionBytes(size)) + " free beside it, and " + HumanBytes.of(free) + " are");
            }
            return how;
        } catch (IOException e) {
            return Extension.COPY; // the copy says what is wrong
        }
    }

    /**
     * A copy where the disk has room for it and the sections (it keeps the index whole for readers
     * at every moment); else the sections appended, where there is room for them. A 500M-object
     * dump's index is 31.5 GB: its copy would fill the disk before it failed.
     */
    static Extension extension(long indexBytes, long freeBytes) {
        if (freeBytes >= indexBytes + sectionBytes(indexBytes)) {
            return Extension.COPY;
        }
        return freeBytes >= sectionBytes(indexBytes) ? Extension.APPEND : Extension.NONE;
    }

    /** The most the sections added to an index of {@code indexBytes} take: a quarter (suspects' were 15% on 30M objects). */
    static long sectionBytes(long indexBytes) {
        return indexBytes / 4;
    }

    /** Whether it wrote the index. */
    private boolean write(DumpInput input, Path file, IndexKey key, Built built, Store store) {
        if (file == null) {
            noPlace(input);
            return false;
        }
        try {
            return write(input, file, key, built, store.sectionsOf(built.heap()));
        } catch (RuntimeException e) {
            return notWritten(input, file, e);
        }
    }

    /**
     * As {@link #write(DumpInput, Path, IndexKey, Built, Store)}, the sections worked out here and
     * written on a second thread; the heap knows of the write, and whoever asks for its index waits for it.
     */
    private void writeBehind(DumpInput input, Path file, IndexKey key, Built built, Store store) {
        if (file == null) {
            noPlace(input);
            return;
        }
        Sections sections;
        try {
            sections = store.sectionsOf(built.heap());
        } catch (RuntimeException e) {
            notWritten(input, file, e);
            return;
        }
        built.heap().indexWriting(IndexWriteBehind.start(() -> write(input, file, key, built, sections)));
    }

    private boolean write(DumpInput input, Path file, IndexKey key, Built built, Sections sections) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (IndexWriter out = IndexWriter.create(file, key)) {
                out.strings("warnings", built.warnings());
                sections.write(out);
                out.commit();
            }
            if (built.scratch() == null) { // a scratch index is deleted once read back
                built.heap().indexedIn(new Place(file, key));
            }
            return true;
        } catch (IOException | RuntimeException e) {
            if (built.outOfCore()) { // its scratch columns are given back as they are written: nothing to go on with
                throw new HeaplensException(input.name() + ": no index written to " + file + ", and working out of core"
                        + " needs it: " + e.getMessage());
            }
            return notWritten(input, file, e);
        }
    }

    private void noPlace(DumpInput input) {
        listener.warning(input.name(), "no index written: neither the dump's directory nor " + options.cacheDir()
                + " is writable (--index-dir DIR or HEAPLENS_CACHE names another; --no-index skips it)");
    }

    private boolean notWritten(DumpInput input, Path file, Exception e) {
        listener.warning(input.name(), "no index written to " + file + ": " + e.getMessage());
        return false;
    }

    /**
     * Where {@code input}'s index is or would be written (as {@link #load} picks it), or null when
     * it can have none: standard input, the index turned off, no writable directory.
     */
    Path target(DumpInput input) {
        if (!input.canReopen() || !options.enabled()) {
            return null;
        }
        Path dump = Path.of(input.name());
        Path existing = find(dump);
        return existing != null && Files.isWritable(existing.toAbsolutePath().getParent()) ? existing : placeFor(dump);
    }

    /** The first place an index of {@code dump} exists: next to it, then the cache directory. */
    private Path find(Path dump) {
        for (Path p : places(dump)) {
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        return null;
    }

    /** Where a new index goes: the first of the places whose directory is writable, or null. */
    private Path placeFor(Path dump) {
        for (Path p : places(dump)) {
            Path dir = p.toAbsolutePath().getParent();
            if (Files.isDirectory(dir) ? Files.isWritable(dir) : canCreate(dir)) {
                return p;
            }
        }
        return null;
    }

    private static boolean canCreate(Path dir) {
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.exists(d)) {
                return Files.isDirectory(d) && Files.isWritable(d);
            }
        }
        return false;
    }

    /**
     * {@code --index-dir} alone when given; else next to the dump ({@code DUMP.heaplens-index}), then
     * the cache directory. There the name also carries a hash of the dump's absolute path, so two
     * dumps of one name in different directories keep two indexes.
     */
    private List<Path> places(Path dump) {
        Path absolute = dump.toAbsolutePath().normalize();
        String cached = absolute.getFileName() + "-" + pathHash(absolute) + SUFFIX;
        List<Path> places = new ArrayList<>();
        if (options.dir() != null) {
            places.add(options.dir().resolve(cached));
            return places;
        }
        places.add(absolute.resolveSibling(absolute.getFileName() + SUFFIX));
        if (options.cacheDir() != null) {
            places.add(options.cacheDir().resolve(cached));
        }
        return places;
    }

    private static String pathHash(Path p) {
        long h = 0xcbf29ce484222325L;
        for (byte b : p.toString().getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return String.format("%016x", h);
    }
}
