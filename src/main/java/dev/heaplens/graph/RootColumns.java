package dev.heaplens.graph;

import dev.heaplens.HeaplensException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Every part's GC roots resolved to object ids, with the categories numbered across parts; dangling roots dropped. */
final class RootColumns {
    final long[] target;
    final int[] category;
    final String[] categoryNames;
    final long dangling;

    RootColumns(List<HeapGraphPart> parts, AddressLookup lookup) {
        Map<String, Integer> categoryIds = new HashMap<>();
        List<String> names = new ArrayList<>();
        long total = 0;
        for (HeapGraphPart p : parts) {
            total += p.rootAddresses.size();
        }
        if (total > HeapGraphBuilder.MAX_OBJECTS) {
            throw new HeaplensException(String.format(Locale.ROOT,
                    "%,d GC roots: heaplens keeps them in one Java array and reads at most %,d", total,
                    HeapGraphBuilder.MAX_OBJECTS));
        }
        long[] targets = new long[(int) total];
        int[] categories = new int[(int) total];
        int roots = 0;
        long danglingRoots = 0;
        for (HeapGraphPart p : parts) {
            int[] global = new int[p.categories.size()];
            for (int c = 0; c < global.length; c++) {
                global[c] = categoryIds.computeIfAbsent(p.categories.get(c), name -> {
                    names.add(name);
                    return names.size() - 1;
                });
            }
            for (long r = 0; r < p.rootAddresses.size(); r++) {
                long t = lookup.find(p.rootAddresses.get(r));
                if (t < 0) {
                    danglingRoots++;
                } else {
                    targets[roots] = t;
                    categories[roots] = global[p.rootCategories.get(r)];
                    roots++;
                }
            }
        }
        this.target = roots < targets.length ? Arrays.copyOf(targets, roots) : targets;
        this.category = roots < categories.length ? Arrays.copyOf(categories, roots) : categories;
        this.categoryNames = names.toArray(new String[0]);
        this.dangling = danglingRoots;
    }
}
