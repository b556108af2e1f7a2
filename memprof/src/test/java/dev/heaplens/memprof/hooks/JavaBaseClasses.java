package dev.heaplens.memprof.hooks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Every class file of the running JDK's java.base: the real classes the class-file readers are checked on. */
final class JavaBaseClasses {
    private JavaBaseClasses() {
    }

    static List<Path> all() {
        try (Stream<Path> files = Files.walk(FileSystems.getFileSystem(URI.create("jrt:/")).getPath("/modules/java.base"))) {
            return files.filter(p -> p.toString().endsWith(".class")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
