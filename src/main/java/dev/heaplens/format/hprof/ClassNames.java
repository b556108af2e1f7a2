package dev.heaplens.format.hprof;

/** Turns the JVM's internal class names, as HPROF has them, into Java source names. */
public final class ClassNames {
    private ClassNames() {
    }

    /** {@code java/lang/String} → {@code java.lang.String}, {@code [I} → {@code int[]}, {@code [[Ljava/lang/Object;} → {@code java.lang.Object[][]}. */
    public static String javaName(String jvmName) {
        int dims = 0;
        while (dims < jvmName.length() && jvmName.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return hidden(jvmName.replace('/', '.'));
        }
        String element = jvmName.substring(dims);
        String base;
        if (element.length() > 2 && element.charAt(0) == 'L' && element.endsWith(";")) {
            base = hidden(element.substring(1, element.length() - 1).replace('/', '.'));
        } else if (element.length() == 1) {
            base = primitive(element.charAt(0));
            if (base == null) {
                return jvmName; // not a descriptor: keep what the dump says
            }
        } else {
            return jvmName;
        }
        return base + "[]".repeat(dims);
    }

    /** HPROF names hidden classes (lambdas) {@code X$$Lambda$12+0x800000010}; Java says {@code X$$Lambda$12/0x800000010}. */
    private static String hidden(String name) {
        int plus = name.lastIndexOf("+0x");
        return plus < 0 ? name : name.substring(0, plus) + '/' + name.substring(plus + 1);
    }

    private static String primitive(char descriptor) {
        switch (descriptor) {
            case 'Z': return "boolean";
            case 'B': return "byte";
            case 'C': return "char";
            case 'S': return "short";
            case 'I': return "int";
            case 'J': return "long";
            case 'F': return "float";
            case 'D': return "double";
            default: return null;
        }
    }
}
