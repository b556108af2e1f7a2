package dev.heaplens.analysis.suspects;

import dev.heaplens.util.HumanBytes;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** A suspect in a few sentences a person can act on, and the keywords to search a bug tracker with. */
final class SuspectText {
    /** Path steps written out in the sentence; a longer path is shortened in its middle. */
    private static final int PATH_WORDS = 8;

    private final Suspect.Kind kind;
    private final String className;
    private final Suspect.ObjectRef object;
    private final long instances;
    private final long retained;
    private final double share;
    private final Suspect.ObjectRef accumulation;
    private final List<Suspect.PathStep> path;
    private final List<Suspect.HeldClass> held;
    private final String location;
    private final String origin;
    private final String loader;

    SuspectText(Suspect.Kind kind, String className, Suspect.ObjectRef object, long instances, long retained, double share,
                Suspect.ObjectRef accumulation, List<Suspect.PathStep> path, List<Suspect.HeldClass> held, String location,
                String origin, String loader) {
        this.kind = kind;
        this.className = className;
        this.object = object;
        this.instances = instances;
        this.retained = retained;
        this.share = share;
        this.accumulation = accumulation;
        this.path = path;
        this.held = held;
        this.location = location;
        this.origin = origin;
        this.loader = loader;
    }

    String text() {
        StringBuilder t = new StringBuilder();
        String amount = HumanBytes.of(retained) + " (" + percent(share) + " of the heap)";
        if (kind == Suspect.Kind.SINGLE) {
            t.append(object.name().equals(className) ? "One " + className : "The " + object.name()).append(" (")
                    .append(object.hexAddress()).append(')').append(loader == null ? "" : ", loaded by " + loader + ",").append(" retains ").append(amount)
                    .append('.');
        } else {
            t.append(String.format(Locale.ROOT, "%,d", instances)).append(' ').append(className)
                    .append(" objects").append(loader == null ? "" : " (loaded by " + loader + ")")
                    .append(", each held by GC roots with no common owner, together retain ").append(amount).append('.');
        }
        if (accumulation != null && accumulation.object() != object.object()) {
            t.append(" The memory accumulates in one ").append(accumulation.name()).append(" (")
                    .append(accumulation.hexAddress()).append(", ").append(HumanBytes.of(accumulation.retainedBytes()))
                    .append(").");
        } else if (accumulation != null) {
            t.append(" The memory accumulates in this object itself.");
        } else if (kind == Suspect.Kind.GROUP) {
            t.append(" Their paths from the GC roots part early: no one object gathers them, so look at what creates them.");
        } else {
            t.append(" No single object below it holds most of it.");
        }
        if (!held.isEmpty()) {
            t.append(" It holds mostly ");
            for (int i = 0; i < Math.min(3, held.size()); i++) {
                Suspect.HeldClass h = held.get(i);
                t.append(i == 0 ? "" : i == Math.min(3, held.size()) - 1 ? " and " : ", ")
                        .append(String.format(Locale.ROOT, "%,d", h.objects())).append(' ').append(h.className())
                        .append(" (").append(HumanBytes.of(h.retainedBytes())).append(')');
            }
            t.append('.');
        }
        if (location != null) {
            t.append(" It was allocated at ").append(location);
            if (origin != null && !origin.equals(location)) {
                t.append(" (").append(origin).append(')');
            }
            t.append('.');
        }
        if (!path.isEmpty()) {
            t.append(" Kept alive by ").append(pathWords()).append('.');
        }
        String where = accumulation != null ? accumulation.name() : className;
        if (accumulation != null && accumulation.shallowBytes() >= LeakRules.BIG_DROP_RATIO * accumulation.retainedBytes()) {
            t.append(" Most of it is the ").append(where).append("'s own memory (").append(HumanBytes.of(accumulation.shallowBytes()))
                    .append("), not what it holds: a large buffer, table or stack, which is a leak only if it keeps growing.");
            return t.toString();
        }
        t.append(kind == Suspect.Kind.SINGLE || accumulation != null
                ? " Check what adds to this " + where + " and whether anything removes its entries: an unbounded cache or registry grows like this."
                : " Check where these " + className + " objects are created and what keeps each one alive.");
        return t.toString();
    }

    /** {@code root global_tbl -> Hash -[3]-> Array}: the chain with the reference names. */
    private String pathWords() {
        StringBuilder w = new StringBuilder("GC root ").append(path.get(0).via()).append(": ").append(path.get(0).object().name());
        int skipFrom = path.size() > PATH_WORDS ? PATH_WORDS / 2 : path.size();
        int skipTo = path.size() > PATH_WORDS ? path.size() - PATH_WORDS / 2 : path.size();
        for (int k = 1; k < path.size(); k++) {
            if (k == skipFrom) {
                w.append(" -> ... (").append(skipTo - skipFrom).append(" steps)");
            }
            if (k >= skipFrom && k < skipTo) {
                continue;
            }
            Suspect.PathStep s = path.get(k);
            w.append(" -").append(s.via() == null ? "" : s.via()).append("-> ").append(s.object().name());
        }
        return w.toString();
    }

    List<String> keywords() {
        Set<String> k = new LinkedHashSet<>();
        k.add(object.name().startsWith("class ") ? object.name().substring("class ".length()) : className);
        if (accumulation != null) {
            k.add(accumulation.name().startsWith("class ") ? accumulation.name().substring("class ".length()) : accumulation.className());
        }
        for (Suspect.PathStep s : path) { // the classes whose statics hold it: what a bug report names
            if (s.object().name().startsWith("class ") && !k.contains(s.object().name().substring("class ".length()))) {
                k.add(s.object().name().substring("class ".length()));
            }
        }
        if (location != null) {
            k.add(location);
        }
        if (origin != null) {
            k.add(origin);
        }
        return new ArrayList<>(k);
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }
}
