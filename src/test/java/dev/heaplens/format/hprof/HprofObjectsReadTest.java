package dev.heaplens.format.hprof;

import dev.heaplens.graph.HeapGraph;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link HprofGraphReader#readObjects} (the graph of {@code leaks --no-retained}) against the whole
 * graph of the same dump, {@link HprofGraphReader#read}: the same objects with the same columns,
 * no references and no roots, and no warning that the dump lacks roots.
 */
class HprofObjectsReadTest {
    @TempDir
    static Path dir;
    private static Path dump;

    @BeforeAll
    static void dumpThisJvm() throws IOException {
        dump = SelfDump.write(dir.resolve("self.hprof"));
    }

    @Test
    void aRealDumpsObjectsAreItsWholeGraphsWithoutItsReferences() throws IOException {
        for (int threads : new int[] {1, 2}) {
            HprofGraphReader.Result whole = HprofGraphReader.read(HprofSource.of(dump), null, false, threads);
            HprofGraphReader.Result objects = HprofGraphReader.readObjects(HprofSource.of(dump), null, false, threads);
            sameObjects(whole.graph(), objects.graph());
            assertThat(objects.warnings()).isEqualTo(whole.warnings());
            assertThat(objects.classes().names()).isEqualTo(whole.classes().names());
        }
    }

    @Test
    void aDumpWithoutRootsIsNotWarnedOfWhenNoneAreRead() throws IOException {
        Path noRoots = dir.resolve("no-roots.hprof");
        BasicType[] oneReference = {BasicType.OBJECT};
        try (OutputStream out = Files.newOutputStream(noRoots); HprofWriter w = new HprofWriter(out, 8)) {
            w.utf8(1, "java/lang/Object").loadClass(0x100, 1).utf8(2, "Node").loadClass(0x110, 2).utf8(3, "next");
            w.segment();
            w.classDump(0x100, 0, new long[0], new BasicType[0], new long[0], new long[0], new BasicType[0]);
            w.classDump(0x110, 0x100, new long[0], new BasicType[0], new long[0], new long[] {3}, oneReference);
            w.instance(0x1000, 0x110, oneReference, new long[] {0x1010}); // no roots at all
            w.instance(0x1010, 0x110, oneReference, new long[] {0});
            w.endSegment().end();
        }
        HprofGraphReader.Result whole = HprofGraphReader.read(HprofSource.of(noRoots));
        HprofGraphReader.Result objects = HprofGraphReader.readObjects(HprofSource.of(noRoots), null, false, 1);
        assertThat(whole.warnings()).contains(HprofGraphReader.NO_ROOTS);
        assertThat(objects.warnings()).doesNotContain(HprofGraphReader.NO_ROOTS);
        sameObjects(whole.graph(), objects.graph());
    }

    private static void sameObjects(HeapGraph whole, HeapGraph objects) {
        assertThat(objects.referenceCount()).isZero();
        assertThat(objects.rootCount()).isZero();
        assertThat(objects.objectCount()).isEqualTo(whole.objectCount()).isPositive();
        for (int o = 0; o < whole.objectCount(); o++) {
            assertThat(objects.address(o)).as("object %d", o).isEqualTo(whole.address(o));
            assertThat(objects.kind(o)).isEqualTo(whole.kind(o));
            assertThat(objects.classAddress(o)).isEqualTo(whole.classAddress(o));
            assertThat(objects.shallowSize(o)).isEqualTo(whole.shallowSize(o));
            assertThat(objects.position(o)).isEqualTo(whole.position(o));
        }
    }
}
