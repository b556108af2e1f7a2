package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.GroupBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The grouping words of one runtime: its keys and what each means, the other words it takes for
 * them, and how its messages name its dumps. Help texts, refusals and the web's key menus all say
 * a key as this table does; nothing above {@code runtime/} writes a key's meaning by hand.
 *
 * @param name      "Ruby", "JVM"
 * @param aDump     "a Ruby dump", as a refusal says it
 * @param dumps     "Ruby dumps", as another runtime's refusal and the help point to it
 * @param kindKey   the coarse category of an object: Ruby's type, the JVM's kind
 * @param originKey where objects come from at the coarsest level: a Ruby gem, a Java package
 * @param histogram keys of histogram and diff
 * @param graph     keys of retained and leaks
 * @param synonyms  other words the runtime takes, and what it does with them
 * @param meanings  what each key groups by in this runtime, in a few words ("file:line")
 * @param keysNote  what the keys need of a dump, said after them in help (none: null)
 * @param leakKey   what leaks groups by when not told
 */
record Vocabulary(String name, String aDump, String dumps, GroupBy kindKey, GroupBy originKey, List<GroupBy> histogram,
                  List<GroupBy> graph, Synonyms synonyms, Map<GroupBy, String> meanings, String keysNote,
                  GroupBy leakKey) {

    /**
     * Other words for keys: histogram and diff take {@code histogram}'s, retained and leaks {@code graph}'s;
     * {@code notes} say what to say when one is taken (none: silent).
     */
    record Synonyms(Map<GroupBy, GroupBy> histogram, Map<GroupBy, GroupBy> graph, Map<GroupBy, String> notes) {
        static final Synonyms NONE = new Synonyms(Map.of(), Map.of(), Map.of());
    }

    Vocabulary {
        for (GroupBy key : histogram) {
            requireMeaning(key, meanings);
        }
        for (GroupBy key : graph) {
            requireMeaning(key, meanings);
        }
    }

    private static void requireMeaning(GroupBy key, Map<GroupBy, String> meanings) {
        if (!meanings.containsKey(key)) {
            throw new IllegalArgumentException("no meaning for key " + key);
        }
    }

    /** Every runtime's words, to tell a user which runtime a refused key belongs to. */
    static List<Vocabulary> all() {
        List<Vocabulary> all = new ArrayList<>(); // no stream: this runs at every command's start
        for (RuntimeEntry entry : Runtimes.all()) {
            all.add(entry.words());
        }
        return all;
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
        GroupBy same = (ofGraph ? synonyms.graph() : synonyms.histogram()).get(asked);
        if (same != null) {
            String note = synonyms.notes().get(asked);
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

    /**
     * This runtime's keys with what each means, for a help's footer: "KEY for JVM heap dumps: class (the
     * object's class), ... or kind (instance, ...); --by type is taken for kind."
     */
    String explained(boolean graphKeys) {
        List<GroupBy> keys = graphKeys ? graph : histogram;
        StringBuilder s = new StringBuilder("KEY for ").append(dumps).append(": ");
        for (int i = 0; i < keys.size(); i++) {
            s.append(i == 0 ? "" : i == keys.size() - 1 ? " or " : ", ")
                    .append(keys.get(i).label()).append(" (").append(meanings.get(keys.get(i))).append(')');
        }
        Map<GroupBy, GroupBy> taken = graphKeys ? synonyms.graph() : synonyms.histogram();
        for (GroupBy other : GroupBy.values()) { // the enum's order: the same help every run
            if (taken.containsKey(other)) {
                s.append("; --by ").append(other.label()).append(" is taken for ").append(taken.get(other).label());
            }
        }
        s.append('.');
        if (keysNote != null) {
            s.append(' ').append(keysNote);
        }
        return s.toString();
    }

    /** Each runtime's default key of leaks, for its help: "location for Ruby dumps, class for JVM heap dumps". */
    static String leakDefaults() {
        StringBuilder s = new StringBuilder();
        for (Vocabulary words : all()) {
            s.append(s.length() == 0 ? "" : ", ").append(words.leakKey.label()).append(" for ").append(words.dumps);
        }
        return s.toString();
    }

    /** What {@code key} means in this runtime, or null when it is not one of its keys. */
    String meaning(GroupBy key) {
        return meanings.get(key);
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
