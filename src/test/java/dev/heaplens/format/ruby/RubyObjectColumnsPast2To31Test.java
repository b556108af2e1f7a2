package dev.heaplens.format.ruby;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.graph.NarrowInts;
import dev.heaplens.graph.Scratch;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ruby's columns asked of objects past 2^31 and 2^32 (columns of 2^32 + 1000 objects in sparse
 * scratch files): a value read alone from the index and one from the column once loaded whole are
 * those of the object asked, by its long id.
 */
class RubyObjectColumnsPast2To31Test {
    private static final long LENGTH = (1L << 32) + 1000;
    private static final long[] AT = {(1L << 31) - 1, (1L << 31) + 2, (1L << 32) + 3, LENGTH - 1};

    @TempDir
    Path dir;

    /** What the index holds of object {@code o} in column {@code name}. */
    private static int stored(String name, long o) {
        return (int) (o % 60_000) + name.length();
    }

    @Test
    void valuesAloneAndFromLoadedColumnsArePast2To32() {
        Scratch scratch = Scratch.mappedIn(dir);
        NarrowInts sites = NarrowInts.where(scratch, LENGTH, -1, 65_000);
        for (long o : AT) {
            sites.put(o, new int[] {stored(RubyObjectColumns.SITE, o)}, 1);
        }
        long[] asked = {-1};
        RubyObjectColumns.Source index = new RubyObjectColumns.Source() {
            @Override
            public NarrowInts column(String name) {
                assertThat(name).isEqualTo(RubyObjectColumns.SITE);
                return sites;
            }

            @Override
            public int at(String name, long o) {
                asked[0] = o;
                return stored(name, o);
            }
        };
        RubyObjectColumns columns = new RubyObjectColumns(index, new boolean[] {true, false, false, false, false});
        for (long o : AT) {
            assertThat(columns.site(o)).as("object %d, read alone", o).isEqualTo(stored(RubyObjectColumns.SITE, o));
            assertThat(asked[0]).isEqualTo(o);
            assertThat(columns.generation(o)).as("no such column").isEqualTo(-1);
        }
        for (int k = 0; k < 5000; k++) { // past the values read alone: the column is loaded
            columns.site(AT[k % AT.length]);
        }
        asked[0] = -1;
        for (long o : AT) {
            assertThat(columns.site(o)).as("object %d, from the column", o).isEqualTo(stored(RubyObjectColumns.SITE, o));
            assertThat(columns.site(o + (o == LENGTH - 1 ? -1 : 1))).as("beside object %d: none", o).isEqualTo(-1);
        }
        assertThat(asked[0]).as("none read alone once loaded").isEqualTo(-1);
        sites.release(scratch);
    }
}
