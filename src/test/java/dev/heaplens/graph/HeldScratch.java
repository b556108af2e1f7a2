package dev.heaplens.graph;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The kernel's view of the scratch files this process holds: those unlinked files of a directory that
 * are still open ({@code /proc/self/fd}) or mapped ({@code /proc/self/map_files}), by their size. An
 * oracle for the disk a scratch gives back, independent of its own counts. Linux only.
 */
public final class HeldScratch {
    private HeldScratch() {
    }

    /** Whether {@code /proc} shows this process's files here. */
    public static boolean available() {
        return Files.isDirectory(Path.of("/proc/self/fd")) && Files.isDirectory(Path.of("/proc/self/map_files"));
    }

    /** The sizes of the unlinked files of {@code dir} held open ({@code mapped} false) or mapped (true). */
    public static List<Long> sizes(Path dir, boolean mapped) throws IOException {
        List<Long> sizes = new ArrayList<>();
        try (Stream<Path> links = Files.list(Path.of(mapped ? "/proc/self/map_files" : "/proc/self/fd"))) {
            for (Path link : links.toList()) {
                try {
                    String target = Files.readSymbolicLink(link).toString();
                    if (target.startsWith(dir.toAbsolutePath().toString()) && target.endsWith("(deleted)")) {
                        sizes.add(Files.size(link));
                    }
                } catch (IOException e) {
                    // closed or unmapped since listed
                }
            }
        }
        return sizes;
    }
}
