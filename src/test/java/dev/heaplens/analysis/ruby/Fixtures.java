package dev.heaplens.analysis.ruby;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.format.ruby.ReadResult;
import dev.heaplens.format.ruby.RubyDumpReader;
import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.io.DumpInput;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;

/** The real Ruby dumps under src/test/resources/fixtures and their golden figures. */
public final class Fixtures {
    public static final Path DIR = Path.of("src/test/resources/fixtures");

    private Fixtures() {
    }

    public static Path dump(String name) {
        return DIR.resolve(name + ".json.gz");
    }

    /** The golden figures Ruby measured in the same process, right before the dump. */
    public static JsonNode golden(String name) {
        try {
            return new ObjectMapper().readTree(DIR.resolve(name + ".golden.json").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Decompresses a fixture into {@code dir}, so it can be read as a plain, splittable file. */
    public static Path plainCopy(String name, Path dir) {
        Path out = dir.resolve(name + ".json");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dump(name)))) {
            Files.copy(in, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    public static <S extends RubyRecordSink> ReadResult<S> read(Path file, Set<RubyLineParser.Field> fields,
                                                                 int threads, long minChunk, Supplier<S> sinks) {
        RubyDumpReader.Options options = RubyDumpReader.Options.defaults()
                .withFields(fields).withThreads(threads).withMinChunk(minChunk);
        return RubyDumpReader.read(DumpInput.open(file.toString(), InputStream.nullInputStream()), options, sinks);
    }
}
