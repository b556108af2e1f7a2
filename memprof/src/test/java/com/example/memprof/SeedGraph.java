package com.example.memprof;

import dev.heaplens.memprof.MemProf;

import java.util.ArrayList;
import java.util.List;

/** The seed's example: an A holding a list of two Bs, each holding its own C. */
public final class SeedGraph {
    static final class A {
        final List<B> bs = new ArrayList<>();

        void add(B b) {
            bs.add(b);
        }
    }

    static final class B {
        final C c;

        B(C c) {
            this.c = c;
        }
    }

    static final class C {
    }

    public static void main(String[] args) throws Exception {
        A a = new A();
        a.add(new B(new C()));
        a.add(new B(new C()));
        MemProf.prettyLogObjectGraph(System.out, C.class);
        System.out.println("-- sizes");
        MemProf.logObjectSizes(System.out);
        System.out.println("-- counts");
        MemProf.logObjectCounts(System.out);
        java.lang.ref.Reference.reachabilityFence(a);
    }
}
