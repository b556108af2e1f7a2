package dev.heaplens.format.ruby;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** Lines built to break a parser: deep nesting, huge lines, lines only some commands can read. */
class HostileLinesTest {
    private static final String GOOD = "{\"address\":\"0x10\", \"type\":\"OBJECT\", \"class\":\"0x20\", \"memsize\":40}";

    @Test
    void aValueNested100000DeepIsMalformedWithoutRecursion() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        String line = "{\"address\":\"0x10\", \"type\":\"OBJECT\", \"class\":\"0x20\", \"x\":" + deep + ", \"memsize\":40}";
        RubyLineParser parser = new RubyLineParser(EnumSet.allOf(RubyLineParser.Field.class));
        byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
        assertThat(parser.parse(bytes, 0, bytes.length, new RubyRecord())).isFalse();
        assertThat(parser.error()).isEqualTo("values nested more than 1024 deep");
    }

    @Test
    void nestedValuesWithinTheBoundAreSkipped() {
        String line = "{\"address\":\"0x10\", \"type\":\"OBJECT\", \"x\":[{\"a\":[1, {\"b\":[]}, \"s\"]}, {}], \"y\":{ }, "
                + "\"class\":\"0x20\", \"memsize\":40}";
        RubyLineParser parser = new RubyLineParser(EnumSet.allOf(RubyLineParser.Field.class));
        byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
        RubyRecord r = new RubyRecord();
        assertThat(parser.parse(bytes, 0, bytes.length, r)).as(parser.error()).isTrue();
        assertThat(r.classAddress).isEqualTo(0x20);
        for (String bad : List.of("[1 2]", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "[[]", "[}")) {
            byte[] b = ("{\"address\":\"0x10\", \"type\":\"OBJECT\", \"x\":" + bad + ", \"memsize\":40}")
                    .getBytes(StandardCharsets.US_ASCII);
            assertThat(parser.parse(b, 0, b.length, new RubyRecord())).as(bad).isFalse();
        }
    }

    @Test
    void aLongLineFromAStreamTakesLinearTime() throws IOException {
        // 48 MB in one line, handed over 16 KB at a time: a reader that rescans the line on every
        // read would scan ~70 GB here; a linear one reads it in well under a second.
        int length = 48 << 20;
        Reading reading = new Reading(Integer.MAX_VALUE);
        long start = System.nanoTime();
        reading.reader.readStream(new LongLineStream(length, 16 * 1024));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertThat(reading.reader.lines).isEqualTo(3);
        assertThat(reading.reader.malformed).isEqualTo(1);
        assertThat(reading.addresses).containsExactly(0x10L, 0x10L);
        assertThat(ms).as("ms for a 48 MB line").isLessThan(20_000);
    }

    @Test
    void aLineOverTheBoundIsSkippedAndCountedAndReadingGoesOn() throws IOException {
        Reading reading = new Reading(8 << 20);
        reading.reader.readStream(new LongLineStream(20 << 20, 64 * 1024));
        assertThat(reading.reader.lines).isEqualTo(3);
        assertThat(reading.reader.malformed).isEqualTo(1);
        assertThat(reading.reader.problems.get(0).toString())
                .isEqualTo("line 2: line longer than 8388608 bytes, more than heaplens holds: skipped");
        assertThat(reading.reader.problems.get(0).offset()).isEqualTo(GOOD.length() + 1);
        assertThat(reading.addresses).containsExactly(0x10L, 0x10L);
    }

    @Test
    void aLineTheRichParseRefusesIsReadInPartNotCalledMalformed() throws IOException {
        String partly = "{\"address\":\"0x30\", \"type\":\"OBJECT\", \"class\":\"0x20\", \"references\":[\"0x40\", zz], \"memsize\":8}";
        String broken = "{\"address\":\"0x50\", \"type\":\"OBJECT\", \"class\":\"0x20\", \"memsize\":";
        byte[] dump = (GOOD + "\n" + partly + "\n" + broken + "\n").getBytes(StandardCharsets.US_ASCII);
        for (Set<RubyLineParser.Field> fields : List.of(Set.<RubyLineParser.Field>of(),
                EnumSet.allOf(RubyLineParser.Field.class))) {
            Reading reading = new Reading(Integer.MAX_VALUE, fields);
            reading.reader.readStream(new java.io.ByteArrayInputStream(dump));
            assertThat(reading.reader.malformed).as(fields.toString()).isEqualTo(1);
            assertThat(reading.addresses).as(fields.toString()).containsExactly(0x10L, 0x30L);
            assertThat(reading.reader.partial).isEqualTo(fields.isEmpty() ? 0 : 1);
        }
    }

    @Test
    void memsizesThatCouldOverflowATotalAreMalformedValues() throws IOException {
        String[] absurd = {"9223372036854775807", "100000000000000000000000", "1099511627777", "1e23", "-40", "40.5"};
        StringBuilder dump = new StringBuilder(GOOD).append('\n');
        for (String size : absurd) {
            dump.append(GOOD.replace("\"memsize\":40", "\"memsize\":" + size)).append('\n');
        }
        for (Set<RubyLineParser.Field> fields : List.of(Set.<RubyLineParser.Field>of(),
                EnumSet.allOf(RubyLineParser.Field.class))) {
            Reading reading = new Reading(Integer.MAX_VALUE, fields);
            reading.reader.readStream(new java.io.ByteArrayInputStream(dump.toString().getBytes(StandardCharsets.US_ASCII)));
            assertThat(reading.reader.malformed).isEqualTo(absurd.length);
            assertThat(reading.addresses).containsExactly(0x10L);
            assertThat(reading.reader.problems.get(0).message()).startsWith("number too large");
            assertThat(reading.reader.problems.get(2).message())
                    .isEqualTo("memsize 1099511627777 is more than any object holds (1 TiB)");
        }
    }

    @Test
    void recordsPastTheChunksMemsizeBudgetAreCountedNotAdded() throws IOException {
        byte[] dump = (GOOD + "\n" + GOOD + "\n" + GOOD + "\n").getBytes(StandardCharsets.US_ASCII);
        Reading reading = new Reading(Integer.MAX_VALUE, Set.of(), 100);
        reading.reader.readStream(new java.io.ByteArrayInputStream(dump));
        assertThat(reading.addresses).hasSize(2);
        assertThat(reading.reader.malformed).isEqualTo(1);
        assertThat(reading.reader.problems.get(0).toString())
                .isEqualTo("line 3: memsizes add up to more than 100 bytes with this line's 40: the line is not counted");
    }

    /** A chunk reader with a sink that keeps the addresses it is given. */
    private static final class Reading {
        final List<Long> addresses = new ArrayList<>();
        final ChunkReader reader;

        Reading(int maxLine) {
            this(maxLine, Set.of());
        }

        Reading(int maxLine, Set<RubyLineParser.Field> fields) {
            this(maxLine, fields, Long.MAX_VALUE);
        }

        Reading(int maxLine, Set<RubyLineParser.Field> fields, long memsizeBudget) {
            reader = new ChunkReader(0, fields, r -> addresses.add(r.address), false,
                    new AtomicInteger(Integer.MAX_VALUE), new AtomicLong(), maxLine, memsizeBudget);
        }
    }

    /** A good line, a line of {@code length} bytes of {@code x}, a good line; {@code step} bytes per read. */
    private static final class LongLineStream extends InputStream {
        private final byte[] head = (GOOD + "\n").getBytes(StandardCharsets.US_ASCII);
        private final byte[] tail = ("\n" + GOOD + "\n").getBytes(StandardCharsets.US_ASCII);
        private final long total;
        private final int step;
        private long pos;

        LongLineStream(int length, int step) {
            this.total = head.length + (long) length + tail.length;
            this.step = step;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos >= total) {
                return -1;
            }
            int n = (int) Math.min(Math.min(len, step), total - pos);
            for (int i = 0; i < n; i++) {
                long p = pos + i;
                long fromTail = p - (total - tail.length);
                b[off + i] = p < head.length ? head[(int) p] : fromTail >= 0 ? tail[(int) fromTail] : (byte) 'x';
            }
            pos += n;
            return n;
        }
    }

}
