package dev.heaplens.graph;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * Where a computation keeps its scratch arrays (the dominators' numbers, predecessors and vertex
 * records): in the heap, or, out of core, in files mapped from a directory (the index's), so the OS
 * pages them in and out instead of the heap holding them. A scratch file is unlinked as soon as it is
 * mapped: nothing is left behind, even when the command fails or is killed. Each mapped file's
 * channel stays open so that its disk is given back at once when its phase ends ({@link #release},
 * {@link #releaseAll}: the file is cut to nothing), not when a collection happens to free the mapping:
 * without that, every scratch file of a first read out of core held its disk to the command's end.
 */
public final class Scratch {
    /** Bytes per mapping: 2^30, so that a page's ints or longs are indexed by int. */
    static final int MAPPED_SHIFT = 30;
    private static final Scratch HEAP = new Scratch(null, 0, bytes -> true);
    /** What the heap keeps free beyond an array put there because it has room ({@link #idCellsWhereRoom}). */
    static final long HEAP_MARGIN = 16L << 20;

    private final Path dir;
    private final int byteShift;
    private long mappedBytes;
    /** Whether the heap can take arrays of so many bytes more ({@link HeapRoom#has}; tests say no to force the mapping). */
    private final LongPredicate heapHas;
    /** The files mapped and not released yet, by the column that uses them. */
    private final Map<Object, FileChannel> live = new IdentityHashMap<>();
    private long liveBytes;
    private long peakLiveBytes;

    private Scratch(Path dir, int byteShift, LongPredicate heapHas) {
        this.dir = dir;
        this.byteShift = byteShift;
        this.heapHas = heapHas;
    }

    /** Arrays in the heap. */
    public static Scratch heap() {
        return HEAP;
    }

    /** Arrays in files mapped from {@code dir}, in mappings of 1 GiB. */
    public static Scratch mappedIn(Path dir) {
        return mappedIn(dir, MAPPED_SHIFT);
    }

    /** With mappings of {@code 2^byteShift} bytes (small in tests, to cross many). */
    static Scratch mappedIn(Path dir, int byteShift) {
        return mappedIn(dir, byteShift, HeapRoom::has);
    }

    /** As {@link #mappedIn(Path, int)}, asking {@code heapHas} whether arrays fit the heap. */
    static Scratch mappedIn(Path dir, int byteShift, LongPredicate heapHas) {
        if (byteShift < 4 || byteShift > MAPPED_SHIFT) {
            throw new IllegalArgumentException("byte shift " + byteShift);
        }
        return new Scratch(dir, byteShift, heapHas);
    }

    /**
     * Whether arrays of {@code bytes} more (and a margin) fit the heap: always in the heap's own
     * scratch; out of core, where the heap still has room for them, plain arrays are faster than
     * mapped ones (the inbound references of a 30M-object index cost 1.37x the CPU of {@code paths}
     * mapped where the heap had room).
     */
    public boolean heapHas(long bytes) {
        return heapHas.test(bytes + HEAP_MARGIN);
    }

    /**
     * {@code length} object ids of a graph of {@code objects} objects (or values up to that count), all
     * 0: mapped out of core, in 8 bytes each where the graph's ids need them ({@link MappedIds#wide});
     * else in one heap array. Mapped cells are given back by {@link #release}({@code cells}).
     */
    public IdCells idCells(long length, long objects) {
        if (!isMapped()) {
            // heap cells hold ints: ids past 2^31 (or as past, in tests) need the loaded heap's mapped scratch
            ObjectArrays.length(objects, "ids in the heap's own scratch");
            return IdCells.inHeap(length);
        }
        MappedIds ids = ids(length, MappedIds.wide(objects));
        return registeredAs(ids, IdCells.mapped(ids));
    }

    /** As {@link #idCells}, in the heap while it has room for them (ids that fit ints, in one array). */
    public IdCells idCellsWhereRoom(long length, long objects) {
        return !MappedIds.wide(objects) && inHeap(length, 4) ? IdCells.inHeap(length) : idCells(length, objects);
    }

    /** {@code length} clear bits: in the heap while it has room for them, else mapped (given back by {@link #release}). */
    public BitCells bitsWhereRoom(long length) {
        long words = BitCells.words(length);
        if (inHeap(words, 8)) {
            return BitCells.inHeap(length);
        }
        MappedLongs mapped = longs(words);
        return registeredAs(mapped, BitCells.mapped(mapped));
    }

    /** {@code length} zero longs: in the heap while it has room for them, else mapped (given back by {@link #release}). */
    public LongCells longCellsWhereRoom(long length) {
        if (inHeap(length, 8)) {
            return LongCells.inHeap(length);
        }
        MappedLongs mapped = longs(length);
        return registeredAs(mapped, LongCells.mapped(mapped));
    }

    /** {@code length} zero bytes: in the heap while it has room for them, else mapped (given back by {@link #release}). */
    public ByteCells byteCellsWhereRoom(long length) {
        if (inHeap(length, 1)) {
            return ByteCells.inHeap(length);
        }
        MappedBytes mapped = bytes(length);
        return registeredAs(mapped, ByteCells.mapped(mapped));
    }

    /** Whether {@code length} values of {@code bytes} each go in one heap array: always in the heap's own scratch. */
    private boolean inHeap(long length, int bytes) {
        return !isMapped() || length <= HeapGraphBuilder.MAX_OBJECTS && heapHas(bytes * length);
    }

    public boolean isMapped() {
        return dir != null;
    }

    /** The bytes mapped or spilled so far: the disk the scratch took at most. */
    public synchronized long mappedBytes() {
        return mappedBytes;
    }

    /** The scratch's disk now: mapped files not released, and spilled chunks not closed. */
    public synchronized long liveBytes() {
        return liveBytes;
    }

    /** The most {@link #liveBytes} were at once. */
    public synchronized long peakLiveBytes() {
        return peakLiveBytes;
    }

    /** Counts {@code bytes} more written to files of {@link #newFile}. */
    synchronized void spilled(long bytes) {
        mappedBytes += bytes;
        grown(bytes);
    }

    /** Counts {@code bytes} of files of {@link #newFile} given back. */
    synchronized void unspilled(long bytes) {
        liveBytes -= bytes;
    }

    private void grown(long bytes) {
        liveBytes += bytes;
        peakLiveBytes = Math.max(peakLiveBytes, liveBytes);
    }

    /**
     * Gives back the disk of {@code column}'s file (a column this scratch mapped; anything else, or one
     * released already, is passed over): the file is cut to nothing and closed. The column must not be
     * used again (its pages are gone: a read would fault).
     */
    public void release(Object column) {
        FileChannel file;
        synchronized (this) {
            file = live.remove(column);
        }
        if (file != null) {
            cut(file);
        }
    }

    /**
     * Gives back the disk past {@code column}'s first {@code bytes} (a column this scratch mapped,
     * whose tail is never read again: its pages there would fault); anything else is passed over.
     */
    public void shrink(Object column, long bytes) {
        FileChannel file;
        synchronized (this) {
            file = live.get(column);
        }
        if (file == null) {
            return;
        }
        try {
            long before = file.size();
            if (bytes < before) {
                file.truncate(bytes);
                synchronized (this) {
                    liveBytes -= before - bytes;
                }
            }
        } catch (IOException e) {
            // kept whole: its disk comes back when it is released
        }
    }

    /** Releases every column still mapped: once nothing uses them (a first read's graph, once its index is read back). */
    public void releaseAll() {
        List<FileChannel> files;
        synchronized (this) {
            files = new ArrayList<>(live.values());
            live.clear();
        }
        files.forEach(this::cut);
    }

    private void cut(FileChannel file) {
        try (file) {
            long bytes = file.size();
            file.truncate(0);
            synchronized (this) {
                liveBytes -= bytes;
            }
        } catch (IOException e) {
            // unlinked already: its disk comes back when its mappings are collected
        }
    }

    /** Cuts a file of {@link #newFile} to nothing and closes it: its disk back at once. */
    static void cutQuietly(FileChannel file) {
        try (file) {
            file.truncate(0);
        } catch (IOException e) {
            // unlinked already: its disk comes back when its mappings are collected
        }
    }

    /**
     * A new empty file, open to read and write, unlinked already (its disk is given back when it is
     * closed and its mappings collected); for columns written as they fill ({@link SpilledChunks}).
     */
    FileChannel newFile() throws IOException {
        Files.createDirectories(dir);
        Path file = Files.createTempFile(dir, ".heaplens-scratch-", ".tmp");
        try {
            return FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } finally {
            deleteQuietly(file);
        }
    }

    /** {@code length} ints, all 0, mapped (the in-heap computation uses plain arrays). */
    MappedInts ints(long length) {
        FileChannel[] file = new FileChannel[1];
        return registered(new MappedInts(map(length << 2, file), byteShift - 2), file[0]);
    }

    /** {@code length} object ids, all 0, in 8 bytes each when {@code wide} ({@link MappedIds#wide}), else in 4. */
    MappedIds ids(long length, boolean wide) {
        FileChannel[] file = new FileChannel[1];
        MappedIds ids = wide ? MappedIds.Wide.over(new MappedLongs(map(length << 3, file), byteShift - 3))
                : MappedIds.narrow(new MappedInts(map(length << 2, file), byteShift - 2));
        return registered(ids, file[0]);
    }

    /** {@code length} bytes, all 0. */
    MappedBytes bytes(long length) {
        FileChannel[] file = new FileChannel[1];
        return registered(new MappedBytes(map(length, file), byteShift), file[0]);
    }

    /** {@code length} longs, all 0. */
    MappedLongs longs(long length) {
        FileChannel[] file = new FileChannel[1];
        return registered(new MappedLongs(map(length << 3, file), byteShift - 3), file[0]);
    }

    private synchronized <T> T registered(T column, FileChannel file) {
        live.put(column, file);
        return column;
    }

    /** {@code user}, a view over {@code column}, now the key that {@link #release} takes for its file. */
    private synchronized <T> T registeredAs(Object column, T user) {
        live.put(user, live.remove(column));
        return user;
    }

    /**
     * A new file of {@code bytes} zeros (sparse until written), mapped in pages of 2^byteShift, unlinked
     * already; its channel, left open for {@link #release}, in {@code file[0]}.
     */
    private ByteBuffer[] map(long bytes, FileChannel[] file0) {
        Path file = null;
        try {
            Files.createDirectories(dir);
            file = Files.createTempFile(dir, ".heaplens-scratch-", ".tmp");
            int pageCount = Pages.count(bytes, byteShift);
            ByteBuffer[] pages = new ByteBuffer[Math.max(1, pageCount)];
            pages[0] = ByteBuffer.allocate(0);
            FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
            try {
                for (int p = 0; p < pageCount; p++) {
                    long at = (long) p << byteShift;
                    pages[p] = ch.map(FileChannel.MapMode.READ_WRITE, at, Math.min(1L << byteShift, bytes - at))
                            .order(ByteOrder.nativeOrder());
                }
            } catch (IOException | RuntimeException e) {
                ch.close();
                throw e;
            }
            synchronized (this) {
                mappedBytes += bytes;
                grown(bytes);
            }
            file0[0] = ch;
            return pages;
        } catch (IOException | UnsupportedOperationException e) {
            throw new HeaplensException("cannot map a scratch file of " + bytes + " bytes in " + dir + ": " + e.getMessage());
        } finally {
            deleteQuietly(file);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                file.toFile().deleteOnExit(); // a system that cannot unlink a mapped file: at exit, then
            }
        }
    }
}
