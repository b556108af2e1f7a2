package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.GroupBy;

import java.util.List;
import java.util.Map;

/** Resolves a {@code --by} key for one runtime: synonyms taken, foreign keys refused naming the ones that work. */
final class Keys {
    private Keys() {
    }

    /**
     * @param synonyms  old or other words for a key this runtime has, with the note to print (null: silent)
     * @param other     the other runtime's keys of the same list, and its name, to say where a key belongs
     */
    static GroupBy resolve(GroupBy asked, List<GroupBy> keys, Map<GroupBy, GroupBy> synonyms, Map<GroupBy, String> notes,
                           String dumpName, String runtime, List<GroupBy> otherKeys, String otherRuntime,
                           ReadListener listener) {
        if (keys.contains(asked)) {
            return asked;
        }
        GroupBy same = synonyms.get(asked);
        if (same != null && keys.contains(same)) {
            String note = notes.get(asked);
            if (note != null) {
                listener.note(note);
            }
            return same;
        }
        String where = otherKeys.contains(asked) ? " is for " + otherRuntime + "; " : " does not apply here; ";
        throw new HeaplensException(dumpName + ": --by " + asked + where + runtime + " groups by " + list(keys));
    }

    /** "a, b or c". */
    static String list(List<GroupBy> keys) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            s.append(i == 0 ? "" : i == keys.size() - 1 ? " or " : ", ").append(keys.get(i).label());
        }
        return s.toString();
    }
}
