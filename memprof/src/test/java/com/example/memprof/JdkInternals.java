package com.example.memprof;

import dev.heaplens.memprof.MemProf;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.HashSet;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One list made here and grown inside the JDK (its backing array is reallocated by ArrayList's
 * own code, about 30 times), holding one object made here; objects made under a lambda, a stream,
 * a reflective call and JDK clones (whose own insides are the JDK's); an array creation that fails
 * (the JVM makes the exception's message there: a byte[] at an int[]'s site); and whether the profiler's
 * allocation hook class exists (it does only when classes are rewritten).
 */
public final class JdkInternals {
    static List<Object> kept;
    static final List<Object> more = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        Object element = new Object(); // site: element
        kept = new ArrayList<>(); // site: list
        for (int i = 0; i < 100_000; i++) {
            kept.add(element);
        }
        Supplier<Object> lambda = () -> new int[7]; // site: lambda
        more.add(lambda.get());
        more.add(IntStream.range(0, 3).mapToObj(i -> new long[i]).collect(Collectors.toList())); // site: stream
        Method made = JdkInternals.class.getDeclaredMethod("made");
        more.add(made.invoke(null));
        HashSet<String> set = new HashSet<>(List.of("a", "b"));
        more.add(set); // kept: main's locals are dead to the GC once main is compiled (its loop above)
        more.add(set.clone()); // site: set clone
        more.add(Calendar.getInstance().clone()); // site: calendar clone
        more.add(new Copied().copy()); // its clone() is inherited: a call exact mode does not record
        try {
            more.add(new int[args.length - 1]); // site: negative
        } catch (NegativeArraySizeException e) {
            more.add(e.getMessage()); // "-1", a string (and its byte[]) the JVM made at the newarray
        }
        boolean hook;
        try {
            Class.forName("java.lang.$HeaplensMemProf", false, null);
            hook = true;
        } catch (ClassNotFoundException e) {
            hook = false;
        }
        System.out.println("hook class: " + hook);
        MemProf.logAllocations(System.out);
    }

    static final class Copied implements Cloneable {
        Copied copy() throws CloneNotSupportedException {
            return (Copied) clone(); // invokevirtual Copied.clone: an application class's, inherited
        }
    }

    static Object made() {
        return new char[3]; // site: reflective
    }
}
