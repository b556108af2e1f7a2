package dev.heaplens.runtime;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.HeapSummary;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.analysis.suspects.SuspectsResult;
import dev.heaplens.io.DumpInput;

import java.util.List;

/**
 * The one entry point to heaplens' analyses: what a command (or a web UI, a GC report, a
 * profiler) asks of a dump, whatever runtime wrote it. {@link #of} picks the Ruby or JVM
 * implementation once, from the dump's detected format; nothing above this interface names a
 * format or a runtime class. Warnings, notes and progress go to the {@link ReadListener}.
 */
public interface HeapRuntime {
    /**
     * The runtime that reads {@code input}'s format: the first of {@link Runtimes}' entries that reads it.
     *
     * @throws dev.heaplens.HeaplensException when no runtime reads the file (it says what the file is)
     */
    static HeapRuntime of(DumpInput input, ReadOptions options, ReadListener listener) {
        RuntimeEntry entry = Runtimes.reading(input);
        if (entry == null) {
            input.requireRuby(); // no runtime reads it: says what the file is, in the words it always had
            throw new IllegalStateException(input.name() + " is read by no runtime");
        }
        return entry.open(options, listener);
    }

    /**
     * Refuses, in one line, dumps that different runtimes wrote: a Ruby heap and a JVM heap have no groups
     * in common. The one place that checks it, for every command and view that reads several dumps.
     *
     * @param doing what the caller does with them, for the message ("compare", "serve")
     */
    static void requireOneRuntime(List<DumpInput> inputs, String doing) {
        if (inputs.isEmpty()) {
            return; // GC data alone
        }
        DumpInput first = inputs.get(0);
        for (DumpInput input : inputs) {
            if (Runtimes.reading(input) != Runtimes.reading(first)) {
                throw new dev.heaplens.HeaplensException(first.name() + " is " + first.format().description() + " but "
                        + input.name() + " is " + input.format().description() + ": " + doing + " dumps of the same runtime");
            }
        }
    }

    /**
     * Every runtime's keys, for {@code --by}'s help: of histogram and diff, or with {@code graphKeys} of
     * retained and leaks ("Ruby dumps: class, type, location or gem; JVM heap dumps: class, package or kind").
     */
    static String keysByRuntime(boolean graphKeys) {
        return Vocabulary.help(graphKeys);
    }

    /** Every runtime's default key of leaks, for its help: "location for Ruby dumps, class for JVM heap dumps". */
    static String leakKeyDefaults() {
        return Vocabulary.leakDefaults();
    }

    /**
     * Every runtime's keys with what each means, a paragraph per runtime, for a help's footer ("KEY for
     * Ruby dumps: type (the dump's type: ...), class (the object's class), ...").
     */
    static List<String> keysExplained(boolean graphKeys) {
        List<String> paragraphs = new java.util.ArrayList<>(); // no stream: help is built at every command's start
        for (RuntimeEntry entry : Runtimes.all()) {
            paragraphs.add(entry.words().explained(graphKeys));
        }
        return paragraphs;
    }

    /** "Ruby" or "JVM", for messages. */
    String name();

    /** The keys a histogram (and diff) of this runtime groups by. */
    List<GroupBy> histogramKeys();

    /** The keys retained and leaks group this runtime's heap graph by. */
    List<GroupBy> graphKeys();

    /** What {@code key} groups by in this runtime, in a few words ("file:line"), for menus; null when not its key. */
    String keyMeaning(GroupBy key);

    /** The coarse category of an object: a Ruby type, a JVM kind (instance, array, class). */
    GroupBy kindKey();

    /** Where objects come from at the coarsest level: a Ruby gem, a Java package. */
    GroupBy originKey();

    /** Whether its dumps carry string values to compare ({@link #duplicateStrings}); else that refuses. */
    boolean hasStringValues();

    /** Whether its dumps carry thread stacks ({@link #loadThreads}); else that refuses. */
    boolean hasThreads();

    /** What leaks groups by when not told: where objects come from, or their class when that is unknown. */
    GroupBy defaultLeakKey();

    /**
     * {@code asked} as this runtime says it: an old or other runtime's word for the same key is
     * taken (with a note), a key the runtime does not have is refused with the ones it has.
     *
     * @param keys {@link #histogramKeys()} or {@link #graphKeys()}
     */
    GroupBy key(GroupBy asked, List<GroupBy> keys, String dumpName);

    /** Objects and bytes per group in one streaming read (no heap graph). */
    default Histogram histogram(DumpInput input, GroupBy by) {
        return histograms(input, List.of(by)).get(0);
    }

    /**
     * One histogram per key, all from the same one streaming read (no heap graph), in the order
     * asked; keys this runtime takes for the same one (JVM {@code type} and {@code kind}) give one.
     */
    List<Histogram> histograms(DumpInput input, List<GroupBy> by);

    /** The dump read into a heap graph with its namer and dominator tree. */
    LoadedHeap load(DumpInput input);

    /**
     * As {@link #load}, for {@link #suspects}: a first read also keeps what suspects reads in the
     * index it writes (other commands leave that to the first suspects run, which adds it).
     */
    default LoadedHeap loadForSuspects(DumpInput input) {
        return load(input);
    }

    /**
     * The dump's objects for what follows no reference ({@code leaks --no-retained}): the whole
     * graph from the dump's index when it has a sound one, else a graph of the objects alone,
     * read without references or GC roots (faster, and in less memory), which is not indexed.
     * Nothing that traverses the graph may be asked of it.
     */
    LoadedHeap loadObjects(DumpInput input);

    /** What fills the heap; with {@code reachability}, also what GC roots reach (a heap graph). */
    HeapSummary summary(DumpInput input, boolean reachability);

    /**
     * What leaks compares, from dumps {@code a}, {@code b} and {@code c} of this runtime: C's
     * heap, and which of its objects are new in B by the runtime's identities (address plus what
     * tells a reused address apart).
     */
    default LeakCandidates leakCandidates(DumpInput a, DumpInput b, DumpInput c) {
        return leakCandidates(a, b, load(c));
    }

    /** As {@link #leakCandidates(DumpInput, DumpInput, DumpInput)}, with C's heap already loaded (the web UI's). */
    LeakCandidates leakCandidates(DumpInput a, DumpInput b, LoadedHeap heapC);

    /**
     * Strings with equal contents and what they waste, with the text of the {@code shown} most
     * wasteful. Only a JVM runtime has them; the others refuse in one line.
     */
    DuplicateStrings duplicateStrings(DumpInput input, int shown);

    /**
     * The leak suspects of a loaded heap (MAT's rules, runtime-neutral), with the checks this
     * runtime adds and what tools hold; a suspect retains more than {@code thresholdPercent} of the
     * heap the tools leave.
     */
    SuspectsResult suspects(LoadedHeap heap, double thresholdPercent);

    /**
     * The dump read into a heap graph for {@code threads}: only a runtime whose dumps carry thread
     * stacks has them (a JVM); the others refuse in one line before reading.
     */
    LoadedHeap loadThreads(DumpInput input);
}
