package dev.heaplens.runtime;

import dev.heaplens.index.IndexKey;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * An index made only to work out of core when none is kept (standard input, {@code --no-index},
 * {@code HEAPLENS_INDEX=off}, no writable directory): written to a directory of its own under the
 * scratch place ({@code HEAPLENS_SCRATCH}, else the platform's temporary directory), read back
 * mapped, then deleted. Where the OS allows (not Windows), the file is unlinked as soon as it is
 * mapped; a shutdown hook removes the directory when the command ends otherwise, on an error or
 * Ctrl-C included.
 */
final class ScratchIndex {
    /** What ties the scratch index to its own read: it is written and read back once, by this process. */
    static IndexKey key(String variant) {
        return new IndexKey(-1, 0, 0, 0, variant);
    }

    private static final String PREFIX = "heaplens-scratch-";
    private static final String FILE_NAME = "scratch" + HeapIndex.SUFFIX;
    private final Path dir;
    private final Thread hook;

    private ScratchIndex(Path dir) {
        this.dir = dir;
        this.hook = new Thread(this::deleteAtExit, "heaplens-scratch-index");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Where scratch indexes go: {@code HEAPLENS_SCRATCH} when set, else {@code java.io.tmpdir}. */
    static Path place() {
        String asked = System.getenv("HEAPLENS_SCRATCH");
        return Path.of(asked != null && !asked.isEmpty() ? asked : System.getProperty("java.io.tmpdir"));
    }

    /** A new directory under {@code place} for one scratch index. */
    static ScratchIndex in(Path place) {
        try {
            Files.createDirectories(place);
            return new ScratchIndex(Files.createTempDirectory(place, PREFIX));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a scratch directory in " + place + ": " + e.getMessage(), e);
        }
    }

    Path dir() {
        return dir;
    }

    /**
     * Where the scratch files of a heap read from {@code indexFile} go: beside it, or, for a scratch
     * index (its directory deleted once it is mapped), in the scratch place, so that a later scratch
     * file (inbound references, suspects' lists) does not make that directory again and leave it.
     */
    static Path scratchDirFor(Path indexFile) {
        Path dir = indexFile.toAbsolutePath().getParent();
        boolean scratchIndex = indexFile.getFileName().toString().equals(FILE_NAME)
                && dir.getFileName().toString().startsWith(PREFIX);
        return scratchIndex ? dir.getParent() : dir;
    }

    /** The index file, in {@link #dir}. */
    Path file() {
        return dir.resolve(FILE_NAME);
    }

    /**
     * Deletes the directory and what it holds: once the index is mapped (its mappings outlive the
     * file where the OS allows), or when the read failed. What cannot be deleted yet (a mapped file
     * on Windows) is left to the shutdown hook.
     */
    void release() {
        if (deleteQuietly()) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already: the hook runs anyway, and finds nothing
            }
        }
    }

    /**
     * The shutdown hook's deletion: the command's threads still run while hooks do, and may be making a
     * scratch file in the directory (making it again if gone), so it is deleted until it stays gone
     * for two looks 10 ms apart, for at most about 2 s.
     */
    private void deleteAtExit() {
        for (int tries = 0, gone = 0; tries < 200 && gone < 2; tries++) {
            gone = deleteQuietly() ? gone + 1 : 0;
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Whether the directory is gone. */
    private boolean deleteQuietly() {
        if (!Files.exists(dir)) {
            return true;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // still mapped where the OS refuses: tried again at exit
                }
            });
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
        return !Files.exists(dir);
    }
}
