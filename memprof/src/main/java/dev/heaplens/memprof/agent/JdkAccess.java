package dev.heaplens.memprof.agent;

import java.lang.instrument.Instrumentation;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The JDK's packages opened to the profiler, which an agent may ask for: the hook class is defined
 * in java.lang, objectSize walks objects' fields, and the log calls wait on the JDK's reference
 * processing. Exact mode opens them at start; otherwise the first call of the API does (every call
 * passes {@link Tracker#guarded}): it costs some 20 ms that a program which never logs should not pay.
 */
final class JdkAccess {
    private final Instrumentation inst;
    private volatile boolean opened;

    JdkAccess(Instrumentation inst) {
        this.inst = inst;
    }

    /** Opens the JDK's packages unless done already. */
    void openOnce() {
        if (opened) {
            return;
        }
        synchronized (this) {
            if (!opened) {
                open();
            }
        }
    }

    private void open() {
        Module profiler = JdkAccess.class.getModule();
        for (Module m : ModuleLayer.boot().modules()) {
            Map<String, Set<Module>> opens = new HashMap<>();
            for (String p : m.getPackages()) {
                opens.put(p, Set.of(profiler));
            }
            if (inst.isModifiableModule(m)) {
                inst.redefineModule(m, Set.of(), Map.of(), opens, Set.of(), Map.of());
            }
        }
        opened = true;
    }
}
