package dev.heaplens.format.hprof.probe;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Run in a child JVM: prints every {@code @Contended} class and field of java.base as the JVM has
 * them (the annotation is kept at run time), one a line: {@code class NAME} or
 * {@code field CLASS.FIELD group=GROUP}.
 */
public final class ContendedProbe {
    private ContendedProbe() {
    }

    public static void main(String[] args) throws Exception {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path base = jrt.getPath("/modules/java.base");
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(base)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String file = base.relativize(p).toString();
                if (!file.endsWith(".class") || file.endsWith("module-info.class")) {
                    continue;
                }
                Class<?> c;
                try {
                    c = Class.forName(file.substring(0, file.length() - 6).replace('/', '.'), false, null);
                } catch (Throwable notLoadable) {
                    continue;
                }
                if (contended(c.getDeclaredAnnotations()) != null) {
                    found.add("class " + c.getName());
                }
                for (Field f : c.getDeclaredFields()) {
                    String group = contended(f.getDeclaredAnnotations());
                    if (group != null) {
                        found.add("field " + c.getName() + "." + f.getName() + " group=" + group);
                    }
                }
            }
        }
        found.forEach(System.out::println);
    }

    /** The group of a {@code @Contended} among {@code annotations} ("" for none named), or null. */
    private static String contended(Annotation[] annotations) {
        for (Annotation a : annotations) {
            if (a.annotationType().getName().equals("jdk.internal.vm.annotation.Contended")) {
                String text = a.toString(); // @jdk.internal.vm.annotation.Contended("tlr")
                int open = text.indexOf('(');
                return text.substring(open + 1, text.length() - 1).replace("\"", "").replace("value=", "");
            }
        }
        return null;
    }
}
