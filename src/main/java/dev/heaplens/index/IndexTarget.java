package dev.heaplens.index;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Where an {@link IndexWriter} writes, and how a whole index takes the place of what was there:
 * a new file beside the target renamed onto it, or more sections appended to the index itself.
 */
abstract class IndexTarget {
    final FileChannel channel;

    private IndexTarget(FileChannel channel) {
        this.channel = channel;
    }

    /** Makes the written index the one readers find; the channel has been forced to disk. */
    abstract void commit() throws IOException;

    /** Leaves what was there before, as it was. */
    abstract void abandon() throws IOException;

    /**
     * A temporary file beside {@code target}, renamed onto it at the commit: a reader sees the old
     * index, no index, or the whole new one, never a part; a crash leaves only the temporary file.
     */
    static IndexTarget replacing(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = Files.createTempFile(dir, target.getFileName().toString() + ".", ".tmp");
        FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        return new IndexTarget(channel) {
            @Override
            void commit() throws IOException {
                channel.close();
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }

            @Override
            void abandon() throws IOException {
                channel.close();
                Files.deleteIfExists(temp);
            }
        };
    }

    /**
     * The index {@code file} itself, {@code length} bytes long as its reader checked it, written past
     * its end: for a disk with no room for a copy. Its bytes so far are not touched, so that the
     * pages mapped from it stay valid; a failed write cuts it back to {@code length}. Only a crash in
     * the write leaves it unreadable (its end is no longer a trailer), and the next command that
     * reads the dump then makes it again.
     */
    static IndexTarget appending(Path file, long length) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
        if (channel.size() != length) {
            channel.close();
            throw new IOException("it changed since it was read (" + length + " bytes then, " + Files.size(file) + " now)");
        }
        channel.position(length);
        return new IndexTarget(channel) {
            @Override
            void commit() throws IOException {
                channel.close();
            }

            @Override
            void abandon() throws IOException {
                try (channel) {
                    channel.truncate(length);
                    channel.force(true);
                }
            }
        };
    }
}
