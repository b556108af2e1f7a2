package dev.heaplens.attach;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;

/**
 * A process named by its id, checked before anything is asked of it: that it runs, that it is this
 * user's (the attach mechanism answers only its own user, or root), and that it is a JVM (else the
 * attach mechanism waits ten seconds for an answer that never comes).
 */
final class LiveProcess {
    private LiveProcess() {
    }

    /** Refuses, in one line, a process that cannot be dumped; returns its command's name for messages. */
    static String checkJvm(long pid) {
        if (pid <= 0 || !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            throw new HeaplensException("no process with id " + pid);
        }
        if (pid == ProcessHandle.current().pid()) {
            throw new HeaplensException("process " + pid + " is heaplens itself");
        }
        Path proc = Path.of("/proc", Long.toString(pid));
        String name = ProcessHandle.of(pid).flatMap(p -> p.info().command()).map(c -> Path.of(c).getFileName().toString())
                .orElseGet(() -> shortName(proc));
        if (!Files.isDirectory(proc)) {
            return name; // not Linux: the attach mechanism says what it can
        }
        String me = System.getProperty("user.name");
        try {
            UserPrincipal owner = Files.getOwner(proc);
            if (!owner.getName().equals(me) && !"root".equals(me)) {
                throw new HeaplensException("process " + pid + " (" + name + ") belongs to user " + owner.getName()
                        + ", and heaplens runs as " + me + ": run it as that user (sudo -u " + owner.getName()
                        + " heaplens dump " + pid + ")");
            }
        } catch (IOException e) {
            throw new HeaplensException("process " + pid + ": cannot read its owner (" + e.getMessage() + ")");
        }
        if (!loadsJvm(proc.resolve("maps"))) {
            throw new HeaplensException("process " + pid + " (" + name + ") is not a Java VM (no libjvm in it)");
        }
        return name;
    }

    /** The kernel's name of the process (another user's executable cannot be read, its name can). */
    private static String shortName(Path proc) {
        try {
            return Files.readString(proc.resolve("comm")).strip();
        } catch (IOException e) {
            return "?";
        }
    }

    /** Whether the process has HotSpot's library mapped; true when its map cannot be read (then attach decides). */
    private static boolean loadsJvm(Path maps) {
        try (var lines = Files.lines(maps)) {
            return lines.anyMatch(l -> l.endsWith("/libjvm.so"));
        } catch (IOException | java.io.UncheckedIOException e) {
            return true;
        }
    }
}
