package dev.heaplens.analysis.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The class names closest to one that matched nothing, for a "did you mean" hint. */
public final class ClassNameSuggestions {
    private static final int MOST = 3;

    private ClassNameSuggestions() {
    }

    /** Up to three of {@code names} within an edit distance of max(3, half the wanted name), closest first. */
    public static List<String> closest(String wanted, List<String> names) {
        String lower = wanted.toLowerCase(Locale.ROOT);
        List<String> sorted = new ArrayList<>(names);
        sorted.sort(Comparator.comparingInt((String n) -> distance(lower, n.toLowerCase(Locale.ROOT))).thenComparing(n -> n));
        List<String> best = new ArrayList<>();
        for (String n : sorted) {
            if (best.size() == MOST || distance(lower, n.toLowerCase(Locale.ROOT)) > Math.max(3, lower.length() / 2)) {
                break;
            }
            best.add(n);
        }
        return best;
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
