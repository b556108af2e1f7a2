package dev.heaplens.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SizesTest {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "0|0 B",
            "1|1 B",
            "999|999 B",
            "1000|1.0 KB",
            "1001|1.0 KB",
            "1234|1.2 KB",
            "5679|5.7 KB",
            "99999|100.0 KB",
            "123456|123.5 KB",
            "999949|999.9 KB",
            // would be 1000.0 KB with a plain >= 1000 test: it moves up a unit instead
            "999950|1.0 MB",
            "999999|1.0 MB",
            "1000000|1.0 MB",
            "12345678|12.3 MB",
            "1500000000|1.5 GB",
            "2000000000000|2.0 TB",
            "3000000000000000|3.0 PB",
            // PB is the last unit
            "9223372036854775807|9223.4 PB",
            "-999|-999 B",
            "-1500|-1.5 KB",
    })
    void bytes(long bytes, String expected) {
        assertThat(Sizes.bytes(bytes)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "0|0",
            "999|999",
            "1000|1,000",
            "1234567|1,234,567",
            "-1234|-1,234",
            "9223372036854775807|9,223,372,036,854,775,807",
    })
    void count(long count, String expected) {
        assertThat(Sizes.count(count)).isEqualTo(expected);
    }

    @Test
    void percent() {
        assertThat(Sizes.percent(1, 3)).isEqualTo("33.3%");
        assertThat(Sizes.percent(2, 3)).isEqualTo("66.7%");
        assertThat(Sizes.percent(5, 5)).isEqualTo("100.0%");
        assertThat(Sizes.percent(0, 5)).isEqualTo("0.0%");
        assertThat(Sizes.percent(1, 1000)).isEqualTo("0.1%");
        assertThat(Sizes.percent(1, 10000)).isEqualTo("0.0%");
        assertThat(Sizes.percent(3096, 5679)).isEqualTo("54.5%");
        assertThat(Sizes.percent(0, 0)).isEqualTo("-");
        assertThat(Sizes.percent(7, 0)).isEqualTo("-");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "0|0",
            "1500|1500",
            "4096|4096",
            "4096B|4096",
            "4096b|4096",
            "10K|10000",
            "10KB|10000",
            "10kb|10000",
            "10 KB|10000",
            "' 7 '|7",
            "1_000_000|1000000",
            "2.5MB|2500000",
            "1M|1000000",
            "3GB|3000000000",
            "1TB|1000000000000",
            "1KiB|1024",
            "10KiB|10240",
            "1.5kib|1536",
            "1MiB|1048576",
            "1GiB|1073741824",
            "1.5GiB|1610612736",
            "1TiB|1099511627776",
            // fractions of a byte round to the nearest byte
            "1.7KiB|1741",
            "0.0005KB|1",
    })
    void parseBytes(String text, long expected) {
        assertThat(Sizes.parseBytes(text)).isEqualTo(expected);
    }

    @Test
    void parseBytesRejectsWhatIsNotASize() {
        assertThatThrownBy(() -> Sizes.parseBytes("abc"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a size: 'abc' (examples: 1500, 10KB, 2.5MB, 1GiB)");
        assertThatThrownBy(() -> Sizes.parseBytes(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a size: '' (examples: 1500, 10KB, 2.5MB, 1GiB)");
        assertThatThrownBy(() -> Sizes.parseBytes("-5"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a size: '-5' (examples: 1500, 10KB, 2.5MB, 1GiB)");
        assertThatThrownBy(() -> Sizes.parseBytes("KB"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a size: 'KB' (examples: 1500, 10KB, 2.5MB, 1GiB)");
    }

    @Test
    void parseBytesRejectsUnknownUnits() {
        assertThatThrownBy(() -> Sizes.parseBytes("10XB"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown size unit 'XB' in '10XB' (use B, KB, MB, GB, TB or KiB, MiB, GiB, TiB)");
        assertThatThrownBy(() -> Sizes.parseBytes("1e3"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown size unit 'E3' in '1e3' (use B, KB, MB, GB, TB or KiB, MiB, GiB, TiB)");
        assertThatThrownBy(() -> Sizes.parseBytes("1PB"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown size unit 'PB' in '1PB' (use B, KB, MB, GB, TB or KiB, MiB, GiB, TiB)");
    }

    @Test
    void parseBytesMalformedNumberSaysNotASize() {
        assertThatThrownBy(() -> Sizes.parseBytes("1.2.3"))
                .hasMessage("not a size: '1.2.3' (examples: 1500, 10KB, 2.5MB, 1GiB)");
        assertThatThrownBy(() -> Sizes.parseBytes("."))
                .hasMessage("not a size: '.' (examples: 1500, 10KB, 2.5MB, 1GiB)");
    }

    @Test
    void parseBytesOfBytesRoundTrips() {
        for (long n : new long[] {0, 1, 999, 4096, 65536, 1_000_000}) {
            assertThat(Sizes.parseBytes(Long.toString(n))).isEqualTo(n);
        }
    }
}
