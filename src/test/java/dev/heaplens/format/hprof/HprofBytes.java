package dev.heaplens.format.hprof;

import java.io.ByteArrayInputStream;
import java.io.InputStream;

/** HPROF files held in memory, as the readers' sources. */
final class HprofBytes {
    private HprofBytes() {
    }

    /** A source over bytes, named {@code name}, of known size unless {@code sizeKnown} is false (as for gzip). */
    static HprofSource source(String name, byte[] data, boolean sizeKnown) {
        return new HprofSource() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(data);
            }

            @Override
            public long size() {
                return sizeKnown ? data.length : -1;
            }
        };
    }
}
