package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.RubyLineParser;
import dev.heaplens.format.ruby.RubyRecord;
import dev.heaplens.format.ruby.RubyRecordSink;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.format.ruby.JsonText;
import dev.heaplens.format.ruby.SharedStrings;
import dev.heaplens.graph.HeapGraphPart;
import dev.heaplens.graph.IntColumn;

import java.util.EnumSet;
import java.util.Set;

/**
 * Feeds one reading thread's records to its part of the heap graph: objects with their
 * references, GC roots, allocation sites, IMEMO kinds and DATA struct names, and the class
 * records that name classes.
 */
final class RubyGraphSink implements RubyRecordSink {
    static final Set<RubyLineParser.Field> FIELDS =
            EnumSet.of(RubyLineParser.Field.REFERENCES, RubyLineParser.Field.ALLOCATION);

    private final HeapGraphPart part;
    /** Beside the graph, by part-local object: see {@link RubyObjectColumns}. */
    final IntColumn siteColumn = new IntColumn();
    final IntColumn generationColumn = new IntColumn();
    final IntColumn detailColumn = new IntColumn();
    private final SharedStrings.Local details;
    private final SharedStrings.Local sites;
    final ClassTable classes = new ClassTable();
    private byte[] siteKey = new byte[256];

    RubyGraphSink(HeapGraphPart part, SharedStrings details, SharedStrings sites) {
        this.part = part;
        this.details = details.local();
        this.sites = sites.local();
    }

    @Override
    public void accept(RubyRecord r) {
        RubyType type = r.type;
        if (type == RubyType.ROOT) {
            String category = r.root.isPresent() ? JsonText.decode(r.buf, r.root.start, r.root.end, r.root.escaped) : "(none)";
            for (int i = 0; i < r.referenceCount; i++) {
                part.addRoot(category, r.references[i]);
            }
            return;
        }
        if (type == RubyType.SHAPE) {
            return;
        }
        if (type == RubyType.CLASS || type == RubyType.MODULE) {
            classes.add(r);
        }
        part.addObject(r.address, (byte) type.ordinal(), r.classAddress, r.memsize);
        for (int i = 0; i < r.referenceCount; i++) {
            part.addReference(r.references[i]);
        }
        if (type != RubyType.IMEMO && r.classAddress != 0) {
            // The GC marks an object's class, but the dump leaves it out of "references"
            // (objspace_dump.c skips it): without this edge singleton classes look unreachable.
            // IMEMO "class" fields are not classes.
            part.addReference(r.classAddress);
        }
        part.setPosition(r.offset);
        RubyRecord.ByteRange detail = type == RubyType.IMEMO ? r.imemoType : type == RubyType.DATA ? r.struct : null;
        if (detail != null && detail.isPresent()) {
            detailColumn.set(part.lastObject(), details.intern(r.buf, detail.start, detail.end, detail.escaped));
        }
        if (r.file.isPresent() && r.line >= 0) {
            siteColumn.set(part.lastObject(), internSite(r));
        }
        if (r.generation >= 0) {
            generationColumn.set(part.lastObject(), (int) Math.min(Integer.MAX_VALUE, r.generation));
        }
    }

    /** The site {@code file:line}, interned from its bytes (JSON escapes of the file kept as written). */
    private int internSite(RubyRecord r) {
        int fileLength = r.file.length();
        String line = Long.toString(r.line);
        int length = fileLength + 1 + line.length();
        if (siteKey.length < length) {
            siteKey = new byte[Math.max(length, siteKey.length * 2)];
        }
        System.arraycopy(r.buf, r.file.start, siteKey, 0, fileLength);
        siteKey[fileLength] = ':';
        for (int i = 0; i < line.length(); i++) {
            siteKey[fileLength + 1 + i] = (byte) line.charAt(i);
        }
        return sites.intern(siteKey, 0, length, r.file.escaped);
    }
}
