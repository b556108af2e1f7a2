import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a large unified GC log by repeating a real one (the template) until the output reaches
 * the size asked: each repetition's uptime decorations and GC ids are shifted past the previous
 * repetition's, so the result reads as one long run. Lines before the first GC (the JVM's start)
 * are written once.
 *
 * <p>Usage: java RepeatGcLog.java TEMPLATE.log OUT.log MEGABYTES
 */
public class RepeatGcLog {
    public static void main(String[] args) throws IOException {
        List<String> lines = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
        long target = Long.parseLong(args[2]) * 1_000_000L;
        int firstGc = 0;
        while (firstGc < lines.size() && !lines.get(firstGc).contains("GC(")) {
            firstGc++;
        }
        double span = 0;
        int ids = 0;
        for (String l : lines) {
            span = Math.max(span, uptime(l));
            ids = Math.max(ids, gcId(l) + 1);
        }
        long written = 0;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(Path.of(args[1])), 1 << 20)) {
            for (int i = 0; i < firstGc; i++) {
                written += write(out, lines.get(i));
            }
            for (int rep = 0; written < target; rep++) {
                double shift = rep * span;
                int idShift = rep * ids;
                for (int i = firstGc; i < lines.size(); i++) {
                    String l = lines.get(i);
                    if (!l.contains("GC(")) {
                        continue; // the exit summary
                    }
                    written += write(out, shifted(l, shift, idShift));
                }
            }
        }
    }

    private static int write(OutputStream out, String line) throws IOException {
        byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
        out.write(b);
        return b.length;
    }

    private static double uptime(String l) {
        int end = l.indexOf("s]");
        return l.startsWith("[") && end > 0 ? Double.parseDouble(l.substring(1, end)) : 0;
    }

    private static int gcId(String l) {
        int at = l.indexOf("GC(");
        if (at < 0) {
            return -1;
        }
        return Integer.parseInt(l.substring(at + 3, l.indexOf(')', at)));
    }

    private static String shifted(String l, double shift, int idShift) {
        int end = l.indexOf("s]");
        String time = String.format(java.util.Locale.ROOT, "%.3f", uptime(l) + shift);
        int at = l.indexOf("GC(");
        int close = l.indexOf(')', at);
        return "[" + time + l.substring(end, at + 3) + (gcId(l) + idShift) + l.substring(close);
    }
}
