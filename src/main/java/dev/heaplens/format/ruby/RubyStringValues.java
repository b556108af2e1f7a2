package dev.heaplens.format.ruby;

import dev.heaplens.io.DumpInput;

import java.util.EnumSet;
import java.util.function.ObjLongConsumer;

/**
 * Every STRING's contents as the dump holds them ({@code value}, JSON escapes undone), read in one
 * more pass over the dump for {@code export --values} (the parser's {@code SIZES} read the value):
 * the graph keeps no contents. Shared strings
 * (whose bytes another string holds) have no {@code value} in the dump, and none here.
 */
public final class RubyStringValues {
    private RubyStringValues() {
    }

    /**
     * Hands each string's value and address to {@code sink}, from the reading threads (the sink
     * synchronizes), in no particular order.
     */
    public static void read(DumpInput input, RubyDumpReader.Options options, ObjLongConsumer<String> sink) {
        RubyDumpReader.read(input, options.withFields(EnumSet.of(RubyLineParser.Field.SIZES)), () -> (RubyRecordSink) r -> {
            if (r.type == RubyType.STRING && r.value.isPresent()) {
                sink.accept(JsonText.decode(r.buf, r.value.start, r.value.end, r.value.escaped), r.address);
            }
        });
    }
}
