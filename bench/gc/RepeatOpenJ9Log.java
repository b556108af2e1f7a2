import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes a large OpenJ9 verbose GC log for the benchmark: the GC events of a small log (everything
 * after its initialized element, before the closing tag) repeated, each copy's timestamps shifted
 * past the previous copy's, up to SIZE_MB.
 *   java RepeatOpenJ9Log.java TEMPLATE.xml OUT.xml SIZE_MB
 */
public class RepeatOpenJ9Log {
    private static final Pattern STAMP = Pattern.compile("timestamp=\"([0-9T:.-]+)\"");

    public static void main(String[] args) throws Exception {
        String text = Files.readString(Path.of(args[0]));
        long limit = Long.parseLong(args[2]) * 1_000_000L;
        int bodyStart = text.indexOf("</initialized>") + "</initialized>".length();
        int bodyEnd = text.lastIndexOf("</verbosegc>");
        String head = text.substring(0, bodyStart);
        String body = text.substring(bodyStart, bodyEnd);
        long written = 0;
        try (BufferedWriter out = Files.newBufferedWriter(Path.of(args[1]), StandardCharsets.UTF_8)) {
            out.write(head);
            written += head.length();
            for (int copy = 0; written < limit; copy++) {
                long shift = copy * 5L;
                Matcher m = STAMP.matcher(body);
                StringBuilder sb = new StringBuilder(body.length() + 64);
                while (m.find()) {
                    String t = LocalDateTime.parse(m.group(1)).plusSeconds(shift).toString();
                    if (t.length() == 19) {
                        t += ".000";
                    }
                    m.appendReplacement(sb, "timestamp=\"" + t + "\"");
                }
                m.appendTail(sb);
                out.write(sb.toString());
                written += sb.length();
            }
            out.write("</verbosegc>\n");
        }
    }
}
