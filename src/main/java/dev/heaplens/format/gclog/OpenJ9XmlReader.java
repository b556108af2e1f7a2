package dev.heaplens.format.gclog;

import dev.heaplens.HeaplensException;
import dev.heaplens.gc.GcEventDetails;
import dev.heaplens.gc.GcEvents;
import dev.heaplens.gc.GcLog;
import dev.heaplens.gc.GcRuntime;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads OpenJ9 / IBM J9 verbose GC XML ({@code -Xverbosegclog}, {@code -verbose:gc}) with the
 * JDK's streaming XML reader (no DTDs, no external entities); {@link OpenJ9Events} makes the events.
 * A file cut while the JVM was writing it (no closing {@code </verbosegc>}) is read up to the cut,
 * with a warning.
 */
final class OpenJ9XmlReader {
    private OpenJ9XmlReader() {
    }

    private static XMLInputFactory factory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, false);
        return f;
    }

    static GcLog read(List<GcInput> files) {
        GcEvents events = new GcEvents();
        GcEventDetails details = new GcEventDetails();
        OpenJ9Events parser = new OpenJ9Events(events, details);
        List<String> warnings = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        long lines = 0;
        XMLInputFactory factory = factory();
        for (GcInput f : files) {
            lines += readFile(factory, f, parser, warnings);
            sources.add(f.name());
        }
        if (parser.cutWindows > 0) {
            warnings.add(parser.cutWindows + " pause" + (parser.cutWindows == 1 ? " was" : "s were")
                    + " still open at the end of a file (<exclusive-start> without <exclusive-end>): not counted");
        }
        if (parser.notUnderstood > 0) {
            boolean one = parser.notUnderstood == 1;
            warnings.add(parser.notUnderstood + (one ? " pause was" : " pauses were") + " not understood and not counted; "
                    + "the first: " + parser.firstNotUnderstood);
        }
        if (!parser.unknown.isEmpty()) {
            long n = parser.unknown.values().stream().mapToLong(Long::longValue).sum();
            warnings.add(n + " element" + (n == 1 ? "" : "s") + " heaplens does not know " + (n == 1 ? "was" : "were")
                    + " skipped: " + parser.unknown.entrySet().stream().limit(8)
                    .map(Map.Entry::getKey).map(k -> "<" + k + "> x" + parser.unknown.get(k))
                    .collect(Collectors.joining(", ")) + (parser.unknown.size() > 8 ? ", ..." : ""));
        }
        if (events.size() == 0 && !parser.unknown.isEmpty()) {
            throw new HeaplensException(String.join(", ", sources) + ": no GC events heaplens reads in this OpenJ9 / "
                    + "IBM J9 verbose GC XML: " + warnings.get(warnings.size() - 1)
                    + " (heaplens reads the format OpenJ9 and IBM J9 2.6 and later write)");
        }
        return new GcLog(GcRuntime.JVM, collector(parser.policy), null, false, events, null, details, 0, lines,
                sources, warnings, parser.notUnderstood, false);
    }

    /** "OpenJ9 gencon" from {@code -Xgcpolicy:gencon}. */
    static String collector(String policy) {
        if (policy == null || policy.isBlank()) {
            return "OpenJ9";
        }
        String p = policy.startsWith("-Xgcpolicy:") ? policy.substring("-Xgcpolicy:".length()) : policy;
        return "OpenJ9 " + p;
    }

    private static long readFile(XMLInputFactory factory, GcInput f, OpenJ9Events parser, List<String> warnings) {
        XMLStreamReader xml = null;
        int line = 0;
        try (InputStream in = f.openStream()) {
            xml = factory.createXMLStreamReader(in);
            int depth = 0;
            while (xml.hasNext()) {
                int ev = xml.next();
                if (ev == XMLStreamConstants.START_ELEMENT) {
                    depth++;
                    XMLStreamReader x = xml;
                    String name = xml.getLocalName();
                    if (depth == 2) {
                        parser.topLevel(name, a -> x.getAttributeValue(null, a));
                    } else if (depth > 2) {
                        parser.nested(name, a -> x.getAttributeValue(null, a), depth);
                    }
                } else if (ev == XMLStreamConstants.END_ELEMENT) {
                    depth--;
                }
                line = Math.max(line, xml.getLocation().getLineNumber()); // -1 once the document has ended
            }
        } catch (XMLStreamException e) {
            int at = e.getLocation() != null ? e.getLocation().getLineNumber() : line;
            String why = e.getMessage() == null ? "" : e.getMessage().replaceAll("\\s+", " ");
            int cut = why.indexOf("Message: ");
            warnings.add(f.name() + ": the XML is cut or broken at line " + at + " (" + (cut >= 0 ? why.substring(cut + 9)
                    : why).trim() + "): read up to there");
            line = at;
        } catch (java.io.EOFException | java.util.zip.ZipException e) {
            warnings.add(f.name() + ": the gzip data is cut or corrupt (" + e.getMessage() + "): read up to line " + line);
        } catch (IOException e) {
            throw new HeaplensException(f.name() + ": cannot read: " + e.getMessage());
        } finally {
            parser.endOfFile();
            if (xml != null) {
                try {
                    xml.close();
                } catch (XMLStreamException ignored) {
                    // closing a reader that already failed
                }
            }
        }
        return line;
    }
}
