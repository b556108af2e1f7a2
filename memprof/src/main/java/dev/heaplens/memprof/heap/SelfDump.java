package dev.heaplens.memprof.heap;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Every live object of this JVM, including those made before the agent or inside the JDK: an
 * HPROF dump of the process itself (live objects only, so after a full GC) read into heaplens's
 * heap graph. The dump file lives until this is closed, because object records are read from it
 * on demand (field names for edge labels).
 *
 * <p>This is the profiler's one door to heaplens's HPROF reading: {@link HprofSource#of},
 * {@link HprofGraphReader#read(HprofSource)} and {@link JvmHeap}.
 */
public final class SelfDump implements AutoCloseable {
    private final Path file;
    private final JvmHeap heap;
    private final ProfilerObjects profiler;

    private SelfDump(Path file, JvmHeap heap) {
        this.file = file;
        this.heap = heap;
        this.profiler = new ProfilerObjects(heap);
    }

    public static SelfDump take() {
        Path file = null;
        try {
            Path dir = Files.createTempDirectory("heaplens-memprof");
            file = dir.resolve("self.hprof");
            HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            bean.dumpHeap(file.toString(), true);
            return new SelfDump(file, new JvmHeap(HprofGraphReader.read(HprofSource.of(file))));
        } catch (IOException e) {
            delete(file);
            throw new UncheckedIOException("heaplens-memprof: cannot dump this JVM's heap: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            delete(file);
            throw e;
        }
    }

    public JvmHeap heap() {
        return heap;
    }

    /** The profiler's own objects (its tables), which no call reports. */
    public ProfilerObjects profiler() {
        return profiler;
    }

    @Override
    public void close() {
        delete(file);
    }

    private static void delete(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(file.getParent());
        } catch (IOException e) {
            file.toFile().deleteOnExit();
        }
    }
}
