package dev.heaplens.runtime;

import dev.heaplens.analysis.GroupBy;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** What every runtime keeps: how to read, whom to tell, and its grouping words. */
abstract class RuntimeBase implements HeapRuntime {
    final ReadOptions options;
    final ReadListener listener;
    private final Vocabulary words;

    RuntimeBase(ReadOptions options, ReadListener listener, Vocabulary words) {
        this.options = options;
        this.listener = listener;
        this.words = words;
    }

    @Override
    public String name() {
        return words.name();
    }

    @Override
    public GroupBy kindKey() {
        return words.kindKey();
    }

    @Override
    public GroupBy originKey() {
        return words.originKey();
    }

    /** None unless the runtime says so: its duplicateStrings refuses in one line. */
    @Override
    public boolean hasStringValues() {
        return false;
    }

    /** None unless the runtime says so: its loadThreads refuses in one line. */
    @Override
    public boolean hasThreads() {
        return false;
    }

    @Override
    public List<GroupBy> histogramKeys() {
        return words.histogram();
    }

    @Override
    public List<GroupBy> graphKeys() {
        return words.graph();
    }

    @Override
    public GroupBy defaultLeakKey() {
        return words.leakKey();
    }

    @Override
    public String keyMeaning(GroupBy key) {
        return words.meaning(key);
    }

    @Override
    public GroupBy key(GroupBy asked, List<GroupBy> keys, String dumpName) {
        return words.resolve(asked, keys, dumpName, listener);
    }

    /** {@code asked} as this runtime's histogram keys, each once, in the order asked. */
    List<GroupBy> histogramKeys(List<GroupBy> asked, String dumpName) {
        if (asked.isEmpty()) {
            throw new IllegalArgumentException("no key");
        }
        Set<GroupBy> keys = new LinkedHashSet<>();
        for (GroupBy key : asked) {
            keys.add(key(key, histogramKeys(), dumpName));
        }
        return List.copyOf(keys);
    }
}
