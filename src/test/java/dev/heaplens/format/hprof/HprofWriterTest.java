package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heaplens.graph.HeapGraph;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HprofWriterTest {
    private static final long[] NONE = {};
    private static final BasicType[] NO_TYPES = {};

    /** A chain of instances written to a file in segments of about 1 KiB, read back whole. */
    @Test
    void streamsBigDumpsInBoundedSegments(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("chain.hprof");
        int n = 5_000;
        try (OutputStream os = Files.newOutputStream(file); HprofWriter w = new HprofWriter(os, 8, 1024)) {
            w.utf8(1, "java/lang/Object").utf8(2, "Node").utf8(3, "next").loadClass(0x100, 1).loadClass(0x200, 2)
                    .segment()
                    .classDump(0x100, 0, NONE, NO_TYPES, NONE, NONE, NO_TYPES)
                    .classDump(0x200, 0x100, NONE, NO_TYPES, NONE, new long[] {3}, new BasicType[] {BasicType.OBJECT})
                    .root(RootKind.JNI_GLOBAL, 0x10_000);
            for (int i = 0; i < n; i++) {
                long next = i + 1 < n ? 0x10_000 + 16L * (i + 1) : 0;
                w.instance(0x10_000 + 16L * i, 0x200, new BasicType[] {BasicType.OBJECT}, new long[] {next});
            }
            w.endSegment().end();
        }
        byte[] bytes = Files.readAllBytes(file);
        assertThat(segments(bytes)).isGreaterThan(n * 25 / 1024 - 1); // 25 bytes per instance, none in memory long
        HeapGraph g = HprofGraphReader.read(HprofBytes.source("chain.hprof", bytes, true), HprofLayout.COMPRESSED_64, false)
                .graph();
        assertThat(g.objectCount()).isEqualTo(n + 2);
        assertThat(g.referenceCount()).isEqualTo((n - 1) + 1 + n); // each next, Node to its superclass, each Node to its class
        assertThat(g.rootCount()).isEqualTo(1);
    }

    @Test
    void subRecordsBelongInSegments() {
        HprofWriter w = HprofWriter.inMemory(4);
        assertThatThrownBy(() -> w.root(RootKind.UNKNOWN, 1)).isInstanceOf(IllegalStateException.class);
        w.segment();
        assertThatThrownBy(() -> w.utf8(1, "x")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new HprofWriter(OutputStream.nullOutputStream(), 2)).isInstanceOf(IllegalArgumentException.class);
    }

    private static int segments(byte[] data) {
        int n = 0;
        for (int at = 31; at < data.length; at += 9 + HprofInput.getInt(data, at + 5)) {
            if ((data[at] & 0xFF) == HprofTag.HEAP_DUMP_SEGMENT.code) {
                n++;
            }
        }
        return n;
    }
}
