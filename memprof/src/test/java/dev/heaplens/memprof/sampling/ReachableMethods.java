package dev.heaplens.memprof.sampling;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The methods of heaplens's classes (dev/heaplens/...) that can run from some entry methods, read
 * from their class files with ASM, and every invokedynamic (or dynamic constant) in them. A call
 * to one of heaplens's methods reaches the method it resolves to (inherited ones included) and,
 * when virtual, its overrides in the classes of {@code universe} (the entries' packages, or those
 * given). Calls into the JDK are not followed, but the JDK calls back: when an object of a heaplens class is
 * made on the path, its methods that override a JDK class's or interface's (a HashMap key's equals
 * and hashCode, a StackWalker function's apply) are reached too. So is the static initializer of
 * every class reached, and a lambda's body from its invokedynamic. Methods the JDK calls back on
 * objects made elsewhere (a ThreadLocal's initialValue) must be given as entries.
 */
final class ReachableMethods {
    /** A method: its class's internal name, its name and descriptor. */
    record Ref(String owner, String name, String desc) {
        @Override
        public String toString() {
            return owner.substring(owner.lastIndexOf('/') + 1) + "." + name + desc;
        }
    }

    /** A dynamic call site or constant in a reached method: where it is and its bootstrap method. */
    record Dynamic(Ref in, int line, String bootstrap) {
        @Override
        public String toString() {
            return in + " line " + line + ": invokedynamic bootstrapped by " + bootstrap;
        }
    }

    private final Map<String, ClassInfo> classes = new HashMap<>();
    private final List<String> universe;
    private final Set<Ref> reached = new LinkedHashSet<>();
    private final List<Dynamic> dynamics = new ArrayList<>();
    private final Set<String> made = new HashSet<>();
    private final Deque<Ref> work = new ArrayDeque<>();

    private ReachableMethods(List<String> universe) {
        this.universe = universe;
    }

    /** What {@code entries} reach; the classes of their packages are the candidates for overrides. */
    static ReachableMethods from(List<Ref> entries) {
        Set<String> packages = new LinkedHashSet<>();
        for (Ref e : entries) {
            packages.add(e.owner().substring(0, e.owner().lastIndexOf('/') + 1));
        }
        return from(entries, List.copyOf(packages));
    }

    /** What {@code entries} reach; the classes of {@code packages} (dev/heaplens/x/) are the candidates for overrides. */
    static ReachableMethods from(List<Ref> entries, List<String> packages) {
        List<String> universe = new ArrayList<>();
        for (String p : packages) {
            universe.addAll(classesIn(p));
        }
        ReachableMethods r = new ReachableMethods(universe);
        for (Ref e : entries) {
            ClassInfo c = r.info(e.owner());
            if (c == null || !c.bodies.containsKey(e.name() + e.desc())) {
                throw new IllegalArgumentException("no entry method " + e);
            }
            r.work.add(e);
        }
        r.run();
        return r;
    }

    Set<Ref> reached() {
        return Collections.unmodifiableSet(reached);
    }

    List<Dynamic> dynamics() {
        return Collections.unmodifiableList(dynamics);
    }

    private void run() {
        while (!work.isEmpty()) {
            Ref call = work.poll();
            Ref m = resolve(call);
            if (m == null || !reached.add(m)) {
                continue;
            }
            ClassInfo c = info(m.owner());
            MethodInfo body = c.bodies.get(m.name() + m.desc());
            reachClass(c);
            for (Dynamic d : body.dynamics) {
                dynamics.add(new Dynamic(m, d.line(), d.bootstrap()));
            }
            for (Ref lambda : body.lambdas) {
                work.add(lambda);
            }
            for (Call invoke : body.calls) {
                work.add(invoke.target);
                if (invoke.opcode == Opcodes.INVOKEVIRTUAL || invoke.opcode == Opcodes.INVOKEINTERFACE) {
                    for (String sub : universe) {
                        if (!sub.equals(invoke.target.owner()) && isSubtype(sub, invoke.target.owner())
                                && info(sub).bodies.containsKey(invoke.target.name() + invoke.target.desc())) {
                            work.add(new Ref(sub, invoke.target.name(), invoke.target.desc()));
                        }
                    }
                }
            }
            for (String type : body.news) {
                ClassInfo madeHere = info(type);
                if (madeHere != null) {
                    reachClass(madeHere);
                    handedToTheJdk(madeHere);
                }
            }
        }
    }

    private void reachClass(ClassInfo c) {
        if (c.bodies.containsKey("<clinit>()V")) {
            work.add(new Ref(c.name, "<clinit>", "()V"));
        }
    }

    /** An instance of {@code c} is made on the path: the JDK may call its methods that override the JDK's, inherited ones too. */
    private void handedToTheJdk(ClassInfo c) {
        if (!made.add(c.name)) {
            return;
        }
        ClassInfo superclass = info(c.superName);
        if (superclass != null) {
            handedToTheJdk(superclass);
        }
        Set<String> jdkMethods = new HashSet<>();
        jdkMethodsOf(c.name, jdkMethods, new HashSet<>());
        for (Map.Entry<String, MethodInfo> e : c.bodies.entrySet()) {
            if ((e.getValue().access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) == 0 && jdkMethods.contains(e.getKey())) {
                int paren = e.getKey().indexOf('(');
                work.add(new Ref(c.name, e.getKey().substring(0, paren), e.getKey().substring(paren)));
            }
        }
    }

    /** The name + descriptor of every method declared by a JDK supertype of {@code type}. */
    private void jdkMethodsOf(String type, Set<String> out, Set<String> seen) {
        if (type == null || !seen.add(type)) {
            return;
        }
        ClassHeader h = header(type);
        if (!isOurs(type)) {
            out.addAll(h.methods);
        }
        jdkMethodsOf(h.superName, out, seen);
        for (String i : h.interfaces) {
            jdkMethodsOf(i, out, seen);
        }
    }

    /** The method a call resolves to: declared in its class or inherited from one of heaplens's; null when the JDK's. */
    private Ref resolve(Ref call) {
        for (String owner = call.owner(); owner != null && isOurs(owner); owner = info(owner).superName) {
            ClassInfo c = info(owner);
            if (c == null) {
                return null;
            }
            if (c.bodies.containsKey(call.name() + call.desc())) {
                return new Ref(owner, call.name(), call.desc());
            }
            for (String i : c.interfaces) { // a default method
                Ref inInterface = isOurs(i) ? resolve(new Ref(i, call.name(), call.desc())) : null;
                if (inInterface != null) {
                    return inInterface;
                }
            }
        }
        return null;
    }

    private boolean isSubtype(String type, String of) {
        if (type == null || !isOurs(type)) {
            return false;
        }
        ClassInfo c = info(type);
        if (c == null) {
            return false;
        }
        if (type.equals(of)) {
            return true;
        }
        if (isSubtype(c.superName, of)) {
            return true;
        }
        for (String i : c.interfaces) {
            if (isSubtype(i, of)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isOurs(String internalName) {
        return internalName.startsWith("dev/heaplens/");
    }

    /** One of heaplens's classes, read in full; null when it is not heaplens's or has no class file. */
    private ClassInfo info(String internalName) {
        if (!isOurs(internalName)) {
            return null;
        }
        return classes.computeIfAbsent(internalName, n -> {
            byte[] bytes = classFile(n);
            if (bytes == null) {
                return null;
            }
            ClassInfo c = new ClassInfo();
            new ClassReader(bytes).accept(c, 0);
            return c;
        });
    }

    private static ClassHeader header(String internalName) {
        byte[] bytes = classFile(internalName);
        if (bytes == null) {
            throw new IllegalStateException("no class file for " + internalName);
        }
        ClassHeader h = new ClassHeader();
        new ClassReader(bytes).accept(h, ClassReader.SKIP_CODE);
        return h;
    }

    private static byte[] classFile(String internalName) {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The internal names of the classes of package {@code path} (dev/heaplens/x/) in every class directory. */
    private static List<String> classesIn(String path) {
        List<String> out = new ArrayList<>();
        try {
            for (URL dir : Collections.list(ClassLoader.getSystemResources(path))) {
                if (!dir.getProtocol().equals("file")) {
                    throw new IllegalStateException("classes not in a directory: " + dir);
                }
                try (Stream<Path> files = Files.list(Path.of(dir.toURI()))) {
                    files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".class"))
                            .forEach(f -> out.add(path + f.substring(0, f.length() - ".class".length())));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no classes in " + path);
        }
        return out;
    }

    private record Call(int opcode, Ref target) {
    }

    private static final class MethodInfo {
        final int access;
        final List<Call> calls = new ArrayList<>();
        final Set<String> news = new LinkedHashSet<>();
        final List<Dynamic> dynamics = new ArrayList<>();
        final List<Ref> lambdas = new ArrayList<>();

        MethodInfo(int access) {
            this.access = access;
        }
    }

    /** A class's supertypes and the name + descriptor of each method it declares. */
    private static class ClassHeader extends ClassVisitor {
        String name;
        String superName;
        List<String> interfaces = List.of();
        final Set<String> methods = new HashSet<>();

        ClassHeader() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            this.name = name;
            this.superName = superName;
            this.interfaces = List.of(interfaces == null ? new String[0] : interfaces);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
            methods.add(name + desc);
            return null;
        }
    }

    /** A heaplens class: what each of its methods calls, makes and bootstraps. */
    private static final class ClassInfo extends ClassHeader {
        final Map<String, MethodInfo> bodies = new HashMap<>();

        @Override
        public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
            MethodInfo m = new MethodInfo(access);
            bodies.put(name + desc, m);
            return new MethodVisitor(Opcodes.ASM9) {
                private int line = -1;

                @Override
                public void visitLineNumber(int line, Label start) {
                    this.line = line;
                }

                @Override
                public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
                    if (isOurs(owner)) {
                        m.calls.add(new Call(opcode, new Ref(owner, name, desc)));
                    }
                }

                @Override
                public void visitTypeInsn(int opcode, String type) {
                    if (opcode == Opcodes.NEW && isOurs(type)) {
                        m.news.add(type);
                    }
                }

                @Override
                public void visitInvokeDynamicInsn(String name, String desc, Handle bootstrap, Object... args) {
                    m.dynamics.add(new Dynamic(null, line, bootstrap.getOwner() + "." + bootstrap.getName()));
                    for (Object a : args) {
                        if (a instanceof Handle h && isOurs(h.getOwner())) {
                            m.lambdas.add(new Ref(h.getOwner(), h.getName(), h.getDesc()));
                        }
                    }
                }

                @Override
                public void visitLdcInsn(Object value) {
                    if (value instanceof ConstantDynamic c) {
                        m.dynamics.add(new Dynamic(null, line, c.getBootstrapMethod().getOwner() + "."
                                + c.getBootstrapMethod().getName()));
                    }
                }
            };
        }
    }
}
