package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.GroupBy;

import java.util.List;
import java.util.Map;

/**
 * The grouping words of one runtime: its keys, the other words it takes for them, and how its
 * messages name its dumps.
 *
 * @param name               "Ruby", "JVM"
 * @param aDump              "a Ruby dump", as a refusal says it
 * @param dumps              "Ruby dumps", as another runtime's refusal points to it
 * @param kindKey            the coarse category of an object: Ruby's type, the JVM's kind
 * @param originKey          where objects come from at the coarsest level: a Ruby gem, a Java package
 * @param histogram          keys of histogram and diff
 * @param graph              keys of retained and leaks
 * @param histogramSynonyms  other words histogram and diff take, and the key each means
 * @param graphSynonyms      other words retained and leaks take
 * @param notes              what to say when a synonym is taken (none: silent)
 */
record Vocabulary(String name, String aDump, String dumps, GroupBy kindKey, GroupBy originKey, List<GroupBy> histogram, List<GroupBy> graph,
                  Map<GroupBy, GroupBy> histogramSynonyms, Map<GroupBy, GroupBy> graphSynonyms,
                  Map<GroupBy, String> notes) {

    /** Every runtime's words, to tell a user which runtime a refused key belongs to. */
    static List<Vocabulary> all() {
        return List.of(RubyRuntime.WORDS, JvmRuntime.WORDS);
    }

    /**
     * {@code asked} in this runtime's words for {@code keys} ({@link #histogram} or {@link #graph}):
     * a synonym is taken (with its note), a key of another runtime or of no such list is refused,
     * naming the keys that work.
     */
    GroupBy resolve(GroupBy asked, List<GroupBy> keys, String dumpName, ReadListener listener) {
        if (keys.contains(asked)) {
            return asked;
        }
        boolean ofGraph = keys == graph;
        GroupBy same = (ofGraph ? graphSynonyms : histogramSynonyms).get(asked);
        if (same != null) {
            String note = notes.get(asked);
            if (note != null) {
                listener.note(note);
            }
            return same;
        }
        String where = " does not apply here; ";
        for (Vocabulary other : all()) {
            if (other != this && (ofGraph ? other.graph : other.histogram).contains(asked)) {
                where = " is for " + other.dumps + "; ";
                break;
            }
        }
        throw new HeaplensException(dumpName + ": --by " + asked + where + aDump + " groups by " + list(keys));
    }

    /** Each runtime's keys, for help: "Ruby dumps: class, type, location or gem; JVM heap dumps: class, package or kind". */
    static String help(boolean graphKeys) {
        StringBuilder s = new StringBuilder();
        for (Vocabulary words : all()) {
            s.append(s.length() == 0 ? "" : "; ").append(words.dumps).append(": ")
                    .append(list(graphKeys ? words.graph : words.histogram));
        }
        return s.toString();
    }

    /** "a, b or c". */
    private static String list(List<GroupBy> keys) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            s.append(i == 0 ? "" : i == keys.size() - 1 ? " or " : ", ").append(keys.get(i).label());
        }
        return s.toString();
    }
}
