package dev.heaplens.web;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.Leaks;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.GcReports;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.runtime.GcRuns;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.LeakCandidates;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Everything {@code serve} and {@code report} show: the dumps (each read once into a graph), the
 * comparisons they allow (two dumps: the diff; three: the leaks), and the GC data. What a view
 * needs is computed once and kept.
 */
public final class Workspace implements AutoCloseable {
    /** Leak groups given exact retained sizes and a sample path. */
    static final int LEAK_GROUPS = 20;

    /** A dump opened by the caller, with the runtime that reads it. */
    public record Source(DumpInput input, HeapRuntime runtime) {
    }

    final List<ServedDump> dumps = new ArrayList<>();
    /** The GC report as {@code heaplens gc --format json} writes it (a comparison for two runs), or null. */
    final String gcJson;
    final String gcName;
    private final ExecutorService background;
    private final Map<GroupBy, Leaks> leaks = new ConcurrentHashMap<>();
    private LeakCandidates candidates;

    private Workspace(List<Source> sources, List<String> gcFiles, java.io.InputStream standardInput) {
        background = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "heaplens-web-index");
            t.setDaemon(true);
            return t;
        });
        for (Source s : sources) {
            dumps.add(new ServedDump(dumps.size(), s.runtime(), s.runtime().loadForSuspects(s.input()), background));
        }
        if (gcFiles.isEmpty()) {
            gcJson = null;
            gcName = null;
        } else {
            gcJson = GcReports.render(GcRuns.analyse(gcFiles, standardInput), OutputFormat.JSON);
            gcName = String.join(", ", gcFiles.stream().map(f -> f.equals("-") ? "standard input" : f).toList());
        }
    }

    /** Reads every dump into a graph and indexes it, and reads the GC files; fails in one line on bad input. */
    public static Workspace load(List<Source> sources, List<String> gcFiles) {
        return load(sources, gcFiles, java.io.InputStream.nullInputStream());
    }

    /** As {@link #load(List, List)}; a GC file {@code -} is read from {@code standardInput}, as {@code heaplens gc -} does. */
    public static Workspace load(List<Source> sources, List<String> gcFiles, java.io.InputStream standardInput) {
        if (sources.isEmpty() && gcFiles.isEmpty()) {
            throw new HeaplensException("give at least one dump, or GC data with --gc");
        }
        HeapRuntime.requireOneRuntime(sources.stream().map(Source::input).toList(), "serve");
        return new Workspace(sources, gcFiles, standardInput);
    }

    boolean hasDiff() {
        return dumps.size() >= 2;
    }

    boolean hasLeaks() {
        return dumps.size() == 3;
    }

    ServedDump dump(int id) {
        if (id < 0 || id >= dumps.size()) {
            throw new ApiException(404, "no dump " + id);
        }
        return dumps.get(id);
    }

    /** The leaks of the three dumps grouped by {@code key}; A and B are read once more for their identities. */
    synchronized Leaks leaks(GroupBy key) {
        Leaks found = leaks.get(key);
        if (found == null) {
            ServedDump c = dumps.get(2);
            if (candidates == null) {
                candidates = c.runtime.leakCandidates(dumps.get(0).heap.input(), dumps.get(1).heap.input(), c.heap);
            }
            found = Leaks.find(c.heap.namer(), c.dominators, candidates.newInB(), candidates.rule(), key, LEAK_GROUPS);
            leaks.put(key, found);
        }
        return found;
    }

    @Override
    public void close() {
        background.shutdownNow();
    }
}
