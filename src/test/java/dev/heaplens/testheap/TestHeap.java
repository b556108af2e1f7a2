package dev.heaplens.testheap;

import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.HprofWriter;
import dev.heaplens.format.hprof.RootKind;
import dev.heaplens.format.ruby.RubyDumpWriter;
import dev.heaplens.format.ruby.RubyType;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A small heap described once and written as either runtime's dump, so an analysis test runs on
 * both with the same expected answer. Objects are instances of classes with a fixed number of
 * reference and int fields; an object's size is what a 64-bit JVM with compressed oops gives it
 * (12-byte header, 4 bytes a field, 8-byte alignment), and the Ruby dump states the same size as
 * its memsize (JVM field names: {@code r0, r1...} for references, {@code i0...} for ints). Classes are GC roots in both dumps (sticky classes; Ruby's {@code vm} root) and
 * 16 bytes each, so no instance's figures depend on them.
 *
 * <pre>{@code
 * TestHeap h = new TestHeap();
 * TestHeap.Cls node = h.cls("Node", 2, 1);
 * long a = h.object(node), b = h.object(node);
 * h.refs(a, b).root(a);
 * h.writeRuby(dir.resolve("heap.json")); h.writeHprof(dir.resolve("heap.hprof"));
 * }</pre>
 */
public final class TestHeap {
    /** The size of a class object in both dumps. */
    public static final long CLASS_SIZE = 16;
    private static final long CLASS_BASE = 0x7f00_0001_0000L;
    private static final long OBJECT_BASE = 0x7f00_1000_0000L;

    /** A class: its name (no package), address, and the fields of each instance. */
    public record Cls(String name, long address, int referenceFields, int intFields) {
        /** The size of an instance. */
        public long instanceSize() {
            return (12 + 4L * (referenceFields + intFields) + 7) & ~7L;
        }
    }

    private record Obj(long address, Cls cls, long[] refs) {
    }

    private final Cls objectClass = new Cls("Object", CLASS_BASE, 0, 0);
    private final Cls classClass = new Cls("Class", CLASS_BASE + 0x100, 0, 0);
    private final List<Cls> classes = new ArrayList<>(List.of(objectClass, classClass));
    private final List<Obj> objects = new ArrayList<>();
    private final List<Long> roots = new ArrayList<>();
    private long nextAddress = OBJECT_BASE;

    public Cls cls(String name, int referenceFields, int intFields) {
        Cls c = new Cls(name, CLASS_BASE + 0x100L * classes.size(), referenceFields, intFields);
        classes.add(c);
        return c;
    }

    /** A new instance of {@code cls}, its reference fields null; objects sit packed in address order. */
    public long object(Cls cls) {
        long address = nextAddress;
        nextAddress += cls.instanceSize();
        objects.add(new Obj(address, cls, new long[cls.referenceFields()]));
        return address;
    }

    /** Sets the reference fields of {@code from}, in order (the rest stay null). */
    public TestHeap refs(long from, long... targets) {
        Obj o = find(from);
        if (targets.length > o.refs.length) {
            throw new IllegalArgumentException(o.cls.name() + " has " + o.refs.length + " reference fields");
        }
        Arrays.fill(o.refs, 0);
        System.arraycopy(targets, 0, o.refs, 0, targets.length);
        return this;
    }

    /** {@code address} is held by a GC root. */
    public TestHeap root(long address) {
        roots.add(address);
        return this;
    }

    /**
     * The same heap without {@code gone} (as an earlier or later dump of one process would have
     * it): the same classes and addresses; references to and roots of the gone objects dropped.
     */
    public TestHeap without(java.util.Set<Long> gone) {
        TestHeap copy = new TestHeap();
        copy.classes.clear();
        copy.classes.addAll(classes);
        copy.nextAddress = nextAddress;
        for (Obj o : objects) {
            if (!gone.contains(o.address)) {
                long[] refs = Arrays.stream(o.refs).map(r -> gone.contains(r) ? 0 : r).toArray();
                copy.objects.add(new Obj(o.address, o.cls, refs));
            }
        }
        roots.stream().filter(r -> !gone.contains(r)).forEach(copy.roots::add);
        return copy;
    }

    // ---- the model, for oracles

    public List<Long> addresses() {
        return objects.stream().map(Obj::address).toList();
    }

    public long size(long address) {
        return find(address).cls.instanceSize();
    }

    public Cls classOf(long address) {
        return find(address).cls;
    }

    /** The non-null references of {@code address}, in field order. */
    public long[] references(long address) {
        return Arrays.stream(find(address).refs).filter(r -> r != 0).toArray();
    }

    public List<Long> roots() {
        return List.copyOf(roots);
    }

    private Obj find(long address) {
        for (Obj o : objects) {
            if (o.address == address) {
                return o;
            }
        }
        throw new IllegalArgumentException("no object at 0x" + Long.toHexString(address));
    }

    // ---- the dumps

    /** Writes the heap as a Ruby 3.1 {@code ObjectSpace.dump_all}. */
    public Path writeRuby(Path file) {
        try (OutputStream out = Files.newOutputStream(file); RubyDumpWriter w = new RubyDumpWriter(out)) {
            w.root("vm", classes.stream().mapToLong(Cls::address).toArray());
            if (!roots.isEmpty()) {
                w.root("global_tbl", roots.stream().mapToLong(Long::longValue).toArray());
            }
            for (Cls c : classes) {
                RubyDumpWriter.Line line = w.object(c.address(), RubyType.CLASS).cls(classClass.address());
                if (!c.equals(objectClass)) {
                    line.superclass(objectClass.address());
                }
                line.name(c.name());
                if (!c.equals(objectClass)) {
                    line.references(objectClass.address());
                }
                line.memsize(CLASS_SIZE).write();
            }
            for (Obj o : objects) {
                w.object(o.address, RubyType.OBJECT).cls(o.cls.address()).ivars(o.refs.length + o.cls.intFields())
                        .references(references(o.address)).memsize(o.cls.instanceSize()).write();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** Writes the heap as a 64-bit HPROF dump (8-byte ids) of a JVM with compressed oops. */
    public Path writeHprof(Path file) {
        try (OutputStream out = Files.newOutputStream(file); HprofWriter w = new HprofWriter(out, 8)) {
            for (int i = 0; i < classes.size(); i++) {
                Cls c = classes.get(i);
                w.utf8(i + 1, jvmName(c)).loadClass(c.address(), i + 1);
            }
            // field names: r0, r1... for references, i0, i1... for ints
            int maxFields = classes.stream().mapToInt(c -> Math.max(c.referenceFields(), c.intFields())).max().orElse(0);
            long nameBase = classes.size() + 1;
            for (int k = 0; k < maxFields; k++) {
                w.utf8(nameBase + 2L * k, "r" + k).utf8(nameBase + 2L * k + 1, "i" + k);
            }
            w.segment();
            for (Cls c : classes) {
                BasicType[] types = fieldTypes(c);
                long[] names = new long[types.length];
                for (int k = 0; k < types.length; k++) {
                    names[k] = k < c.referenceFields() ? nameBase + 2L * k : nameBase + 2L * (k - c.referenceFields()) + 1;
                }
                w.classDump(c.address(), c.equals(objectClass) ? 0 : objectClass.address(), new long[0], new BasicType[0],
                        new long[0], names, types);
                w.root(RootKind.STICKY_CLASS, c.address());
            }
            for (long r : roots) {
                w.root(RootKind.JNI_GLOBAL, r);
            }
            for (Obj o : objects) {
                long[] values = Arrays.copyOf(o.refs, o.refs.length + o.cls.intFields());
                w.instance(o.address, o.cls.address(), fieldTypes(o.cls), values);
            }
            w.endSegment().end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    private String jvmName(Cls c) {
        return c.equals(objectClass) ? "java/lang/Object" : c.equals(classClass) ? "java/lang/Class" : c.name();
    }

    private static BasicType[] fieldTypes(Cls c) {
        BasicType[] types = new BasicType[c.referenceFields() + c.intFields()];
        Arrays.fill(types, 0, c.referenceFields(), BasicType.OBJECT);
        Arrays.fill(types, c.referenceFields(), types.length, BasicType.INT);
        return types;
    }
}
