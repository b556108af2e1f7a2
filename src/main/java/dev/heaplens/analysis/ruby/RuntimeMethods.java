package dev.heaplens.analysis.ruby;

import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.util.HumanBytes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Methods defined at run time (Ruby feature request #16245): every method is an instruction
 * sequence ({@code iseq}) and a method entry ({@code ment}), IMEMO objects that
 * {@code ObjectSpace.each_object} never shows. {@code class_eval} of strings or
 * {@code define_method} in a loop leaves thousands of them at one allocation site; this counts
 * them by site and names the class or module that holds them.
 */
public final class RuntimeMethods {
    /** A site is told when it allocated at least this many instruction sequences and method entries. */
    public static final int MANY = 100;
    /** Sites listed at most. */
    static final int SITES = 10;
    /** The sites are told when they hold at least this share of the heap, or one of them {@link #MANY_ALONE} objects. */
    static final double WORTH_TELLING = 0.01;
    static final int MANY_ALONE = 1000;
    /** Without allocation sites, the totals are told when they are at least this share of the heap. */
    static final double UNTRACED_SHARE = 0.05;
    private static final String ISEQ = "<iseq> (IMEMO)";
    private static final String MENT = "<ment> (IMEMO)";

    private RuntimeMethods() {
    }

    /** The finding, or null when no site defines many methods. */
    public static Finding of(RubyHeap heap, Dominators d, long analysedBytes) {
        HeapGraph g = heap.graph();
        Map<String, long[]> bySite = new HashMap<>(); // site -> {iseq, ment, bytes}
        Map<String, Map<String, Long>> holders = new HashMap<>();
        long iseqs = 0;
        long ments = 0;
        long bytes = 0;
        for (long o = 0, n = g.objectCount(); o < n; o++) {
            if (heap.type(o) != RubyType.IMEMO || !d.isReachable(o)) {
                continue;
            }
            String cls = heap.className(o);
            boolean iseq = cls.equals(ISEQ);
            if (!iseq && !cls.equals(MENT)) {
                continue;
            }
            iseqs += iseq ? 1 : 0;
            ments += iseq ? 0 : 1;
            bytes += g.shallowSize(o);
            String site = heap.location(o);
            if (site == null) {
                continue;
            }
            long[] s = bySite.computeIfAbsent(site, k -> new long[3]);
            s[iseq ? 0 : 1]++;
            s[2] += g.shallowSize(o);
            String holder = holder(heap, d, o, iseq);
            if (holder != null) {
                holders.computeIfAbsent(site, k -> new HashMap<>()).merge(holder, 1L, Long::sum);
            }
        }
        List<Finding.Site> sites = new ArrayList<>();
        bySite.forEach((site, s) -> {
            if (s[0] + s[1] >= MANY) {
                Map<String, Long> counts = new LinkedHashMap<>();
                counts.put("iseq", s[0]);
                counts.put("ment", s[1]);
                sites.add(new Finding.Site(site, s[0] + s[1], s[2], counts, mostCommon(holders.get(site))));
            }
        });
        sites.sort((a, b) -> a.objects() != b.objects() ? Long.compare(b.objects(), a.objects()) : a.location().compareTo(b.location()));
        double totalShare = analysedBytes <= 0 ? 0 : (double) bytes / analysedBytes;
        if (sites.isEmpty()) {
            if (bySite.isEmpty() && totalShare >= UNTRACED_SHARE) {
                return new Finding("runtime-methods", bytes, iseqs + ments, totalShare, String.format(Locale.ROOT,
                        "%,d instruction sequences and %,d method entries take %s (%.1f%% of the heap). The dump has no "
                                + "allocation sites: dump again after ObjectSpace.trace_object_allocations_start to see "
                                + "which code defines them.", iseqs, ments, HumanBytes.of(bytes), 100 * totalShare),
                        List.of(), List.of());
            }
            return null;
        }
        List<Finding.Site> shown = List.copyOf(sites.subList(0, Math.min(SITES, sites.size())));
        long siteObjects = shown.stream().mapToLong(Finding.Site::objects).sum();
        long siteBytes = shown.stream().mapToLong(Finding.Site::bytes).sum();
        if (siteBytes < WORTH_TELLING * analysedBytes && shown.get(0).objects() < MANY_ALONE) {
            return null; // code loaded once (require) makes a few hundred at a site: not worth telling
        }
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT,
                "%,d site%s each allocated %,d or more instruction sequences (iseq) and method entries (ment), %,d objects "
                        + "and %s in all (%.1f%% of the heap); ObjectSpace.each_object does not show them. ",
                sites.size(), sites.size() == 1 ? "" : "s", MANY, siteObjects, HumanBytes.of(siteBytes),
                100.0 * siteBytes / Math.max(1, analysedBytes)));
        Finding.Site top = shown.get(0);
        t.append(String.format(Locale.ROOT, "The largest, %s, made %,d iseq and %,d ment", top.location(),
                top.counts().get("iseq"), top.counts().get("ment")));
        t.append(top.holder() != null ? " held by " + top.holder() + ". " : ". ");
        t.append("A site that runs class_eval of strings or define_method again and again leaks methods; if the count grows "
                + "between dumps, define the methods once (or use method_missing) instead.");
        return new Finding("runtime-methods", siteBytes, siteObjects, (double) siteBytes / Math.max(1, analysedBytes),
                t.toString(), shown, List.of());
    }

    /**
     * The class or module a method's objects belong to: a method entry names its owner; an
     * instruction sequence is owned by the nearest class among its dominators.
     */
    private static String holder(RubyHeap heap, Dominators d, long o, boolean iseq) {
        HeapGraph g = heap.graph();
        if (!iseq) {
            long owner = g.objectOf(g.classAddress(o));
            String name = owner >= 0 ? heap.classObjectName(owner) : null;
            if (name != null) {
                return name;
            }
        }
        long at = d.immediateDominator(o);
        for (int steps = 0; at >= 0 && steps < 20; steps++, at = d.immediateDominator(at)) {
            String name = heap.classObjectName(at);
            if (name != null) {
                return name;
            }
        }
        return null;
    }

    private static String mostCommon(Map<String, Long> counts) {
        if (counts == null) {
            return null;
        }
        String best = null;
        for (Map.Entry<String, Long> e : counts.entrySet()) { // most objects, then the first name in order
            if (best == null || e.getValue() > counts.get(best) || e.getValue().equals(counts.get(best)) && e.getKey().compareTo(best) < 0) {
                best = e.getKey();
            }
        }
        return best;
    }
}
