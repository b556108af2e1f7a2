package dev.heaplens.mcp;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files a tool may read: those the user named when starting the server, and those under the
 * directories they allowed with --root. A path is checked twice: as written (so that nothing is
 * said about a file outside, not even whether it exists) and after its symbolic links are
 * followed (so that a link under a root cannot lead out of it).
 */
public final class AllowedFiles {
    private final List<Path> roots;
    private final List<Path> files;
    private final Path base;

    private AllowedFiles(List<Path> roots, List<Path> files, Path base) {
        this.roots = roots;
        this.files = files;
        this.base = base;
    }

    /**
     * The roots and files the user gave, each of which must exist; relative paths, now and in
     * tool calls, are taken from {@code base} (the server's working directory).
     */
    public static AllowedFiles of(List<Path> roots, List<Path> files, Path base) {
        List<Path> realRoots = new ArrayList<>();
        for (Path root : roots) {
            Path real = real(base.resolve(root), root);
            if (!Files.isDirectory(real)) {
                throw new HeaplensException(root + ": --root is not a directory");
            }
            realRoots.add(real);
        }
        List<Path> realFiles = new ArrayList<>();
        for (Path file : files) {
            Path real = real(base.resolve(file), file);
            if (!Files.isRegularFile(real)) {
                throw new HeaplensException(file + ": not a file");
            }
            realFiles.add(real);
        }
        return new AllowedFiles(List.copyOf(realRoots), List.copyOf(realFiles), base.toAbsolutePath().normalize());
    }

    private static Path real(Path path, Path asGiven) {
        try {
            return path.toRealPath();
        } catch (NoSuchFileException e) {
            throw new HeaplensException(asGiven + ": no such file or directory");
        } catch (IOException e) {
            throw new HeaplensException(asGiven + ": " + e.getMessage());
        }
    }

    /** The directories allowed, followed links resolved. */
    public List<Path> roots() {
        return roots;
    }

    /** The file the caller asked for, as its real path, or why it may not be read. */
    Path check(String asked) throws ToolError {
        if (asked.isEmpty() || asked.indexOf('\0') >= 0) {
            throw new ToolError("not a path: " + Quote.of(asked));
        }
        Path written;
        try {
            written = base.resolve(asked).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw new ToolError("not a path: " + Quote.of(asked));
        }
        if (!allows(written)) {
            throw outside(asked);
        }
        Path real;
        try {
            real = written.toRealPath();
        } catch (NoSuchFileException e) {
            throw new ToolError(asked + ": no such file");
        } catch (IOException e) {
            throw new ToolError(asked + ": cannot read it (" + e.getMessage() + ")");
        }
        if (!allows(real)) {
            throw outside(asked);
        }
        if (!Files.isRegularFile(real)) {
            throw new ToolError(asked + ": not a file");
        }
        if (!Files.isReadable(real)) {
            throw new ToolError(asked + ": not readable");
        }
        return real;
    }

    private boolean allows(Path path) {
        if (files.contains(path)) {
            return true;
        }
        for (Path root : roots) {
            if (path.startsWith(root)) {
                return true;
            }
        }
        return false;
    }

    private ToolError outside(String asked) {
        return new ToolError(asked + ": outside the files and directories this server may read ("
                + describe() + "); start heaplens mcp with --root DIR or the file to allow it");
    }

    /** The allowed roots and files, for messages. */
    String describe() {
        List<String> parts = new ArrayList<>();
        roots.forEach(r -> parts.add(r + "/"));
        files.forEach(f -> parts.add(f.toString()));
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }
}
