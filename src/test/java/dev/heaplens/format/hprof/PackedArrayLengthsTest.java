package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.graph.HeapGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The arrays' lengths a read keeps as one padding byte an object give back, for every object of
 * this JVM's own dump, the length each array's record says, read by a plain pass over the records
 * (no graph, no sizes); arrays of every primitive type and of every length up to 40 are made
 * first, so that every padding a size can hide occurs.
 */
class PackedArrayLengthsTest {
    /** Kept reachable while the dump is written. */
    static Object[] keep;

    @Test
    void lengthsFromPaddingBytesAreTheRecordsLengths(@TempDir Path dir) throws IOException {
        Object[] arrays = new Object[9 * 41];
        for (int n = 0; n <= 40; n++) {
            int k = 9 * n;
            arrays[k] = new byte[n];
            arrays[k + 1] = new boolean[n];
            arrays[k + 2] = new char[n];
            arrays[k + 3] = new short[n];
            arrays[k + 4] = new int[n];
            arrays[k + 5] = new float[n];
            arrays[k + 6] = new long[n];
            arrays[k + 7] = new double[n];
            arrays[k + 8] = new Object[n];
        }
        keep = arrays;
        Path dump = SelfDump.write(dir.resolve("self.hprof"));
        HprofGraphReader.Result read = HprofGraphReader.read(HprofSource.of(dump));
        HeapGraph g = read.graph();
        int[] lengths = new int[(int) g.objectCount()];
        read.lengths().copy(0, lengths, lengths.length);

        Map<Long, Integer> recorded = recordedLengths(dump);
        assertThat(recorded).hasSizeGreaterThan(arrays.length);
        int arraysSeen = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            Integer expected = recorded.get(g.address(o));
            assertThat(read.lengths().length(o)).isEqualTo(lengths[o]);
            assertThat(lengths[o]).as("object %d at %x", o, g.address(o)).isEqualTo(expected == null ? -1 : expected);
            arraysSeen += expected == null ? 0 : 1;
        }
        assertThat(arraysSeen).isEqualTo(recorded.size());
        // and a real dump's lengths were held packed, not as ints
        assertThat(PackedArrayLengths.pack(lengths, g, read.layout(), read.classes())).isNotNull();
        keep = null;
    }

    private static Map<Long, Integer> recordedLengths(Path dump) throws IOException {
        Map<Long, Integer> lengths = new HashMap<>();
        try (InputStream in = Files.newInputStream(dump)) {
            HprofReader.read("self.hprof", in, Files.size(dump), new HprofVisitor() {
                @Override
                public void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
                    lengths.put(id, length);
                }

                @Override
                public void primitiveArray(long id, BasicType type, long length, long offset) {
                    lengths.put(id, (int) length);
                }
            });
        }
        return lengths;
    }
}
