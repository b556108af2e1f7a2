package dev.heaplens.format.hprof;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/** Tests' own heap, dumped as a JVM user would: live objects only, after a GC. */
public final class SelfDump {
    private SelfDump() {
    }

    /** Dumps this JVM's live objects to {@code file} (which must not exist yet). */
    public static Path write(Path file) throws IOException {
        System.gc();
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(file.toString(), true);
        return file;
    }
}
