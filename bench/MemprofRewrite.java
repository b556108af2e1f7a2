import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.zip.CRC32;

/**
 * bench/memprof-rewrite.sh's workload: exact mode's rewrite of every class of a jar, ROUNDS times, by
 * the transformer of one agent jar (loaded in a class loader of its own), as the agent rewrites
 * each application class it loads. Prints the classes, the bytes written and their CRC-32, which
 * two agents that rewrite alike give alike.
 * Run: java bench/MemprofRewrite.java AGENT_JAR TRANSFORMER_CLASS CORPUS_JAR ROUNDS
 */
public class MemprofRewrite {
    public static void main(String[] args) throws Exception {
        URLClassLoader agent = new URLClassLoader(new URL[] {Path.of(args[0]).toUri().toURL()}, null);
        Method rewrite = Class.forName(args[1], true, agent).getDeclaredMethod("rewrite", byte[].class, boolean.class);
        rewrite.setAccessible(true);
        List<byte[]> classes = new ArrayList<>();
        try (JarFile jar = new JarFile(args[2])) {
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                if (entry.getName().endsWith(".class") && !entry.getName().contains("module-info")) {
                    classes.add(jar.getInputStream(entry).readAllBytes());
                }
            }
        }
        long bytes = 0;
        CRC32 crc = new CRC32();
        for (int round = 0; round < Integer.parseInt(args[3]); round++) {
            for (byte[] b : classes) {
                try {
                    byte[] out = (byte[]) rewrite.invoke(null, b, false);
                    if (out != null) {
                        bytes += out.length;
                        crc.update(out);
                    }
                } catch (InvocationTargetException e) {
                    // a class the transformer leaves as it is
                }
            }
        }
        System.out.println(classes.size() + " classes, " + bytes + " bytes written, CRC-32 " + Long.toHexString(crc.getValue()));
    }
}
