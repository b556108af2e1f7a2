package dev.heaplens.format.rubygc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every GC.stat key of Ruby 1.9 to 3.4, under its current name, with what it means and the Ruby
 * versions that have it; older names map to the current ones (Ruby 2.2 renamed most keys). A key
 * not listed is kept and shown as unknown.
 */
public final class RubyGcKeys {
    /** One key: its current name, the Ruby version that added it and the one that removed it (null if present). */
    public record Key(String name, String since, String until, String meaning) {
    }

    private static final Map<String, Key> KEYS = new LinkedHashMap<>();
    private static final Map<String, String> RENAMED = new LinkedHashMap<>();

    private static void key(String name, String since, String until, String meaning) {
        KEYS.put(name, new Key(name, since, until, meaning));
    }

    /** Figures the report prints that are not GC.stat keys: explained, never taken for GC.stat's. */
    private static final Map<String, Key> REPORT_KEYS = new LinkedHashMap<>();

    private static void report(String name, String meaning) {
        REPORT_KEYS.put(name, new Key(name, null, null, meaning));
    }

    /** A key of heaplens's Ruby report that is not a GC.stat key (its since is null), or null. */
    public static Key reportKey(String name) {
        return REPORT_KEYS.get(name);
    }

    static {
        key("count", "1.9", null, "GC runs so far, minor and major");
        key("time", "3.1", null, "milliseconds spent in GC so far (marking plus sweeping)");
        key("marking_time", "3.3", null, "milliseconds spent marking");
        key("sweeping_time", "3.3", null, "milliseconds spent sweeping");
        key("minor_gc_count", "2.1", null, "minor GCs: only young objects and the remembered set are marked");
        key("major_gc_count", "2.1", null, "major GCs: the whole heap is marked");
        key("heap_allocated_pages", "1.9", null, "heap pages allocated (eden plus tomb); 2.1: heap_used");
        key("heap_sorted_length", "1.9", "3.4", "length of the sorted page table (may exceed allocated pages); 2.1: heap_length");
        key("heap_allocatable_pages", "1.9", "3.4", "pages that can be added before the heap must grow; 2.1: heap_increment");
        key("heap_allocatable_slots", "3.4", null, "slots that can be added before the heap must grow");
        key("heap_available_slots", "2.2", null, "slots in all allocated pages");
        key("heap_live_slots", "1.9", null, "slots holding live objects; 2.1: heap_live_slot, 1.9/2.0: heap_live_num");
        key("heap_free_slots", "1.9", null, "free slots; 2.1: heap_free_slot, 1.9/2.0: heap_free_num");
        key("heap_final_slots", "1.9", null, "slots waiting for finalizers to run; 2.1: heap_final_slot");
        key("heap_marked_slots", "2.2", null, "slots marked by the last GC (old objects plus survivors)");
        key("heap_swept_slots", "2.1", "2.2", "slots swept by the last GC; 2.1: heap_swept_slot");
        key("heap_eden_pages", "2.1", null, "pages holding at least one live object; 2.1: heap_eden_page_length");
        key("heap_tomb_pages", "2.1", "3.4", "pages with no live object, kept for reuse or release; 2.1: heap_tomb_page_length");
        key("heap_empty_pages", "3.4", null, "empty pages the heap keeps");
        key("total_allocated_pages", "2.2", null, "pages allocated since start");
        key("total_freed_pages", "2.2", null, "pages released since start");
        key("total_allocated_objects", "2.0", null, "objects allocated since start; 2.0/2.1: total_allocated_object");
        key("total_freed_objects", "2.0", null, "objects freed since start; 2.0/2.1: total_freed_object");
        key("malloc_increase_bytes", "2.1", null, "bytes malloc'ed by objects since the last GC; over the limit, a minor GC runs; 2.1: malloc_increase");
        key("malloc_increase_bytes_limit", "2.1", null, "the malloc limit (RUBY_GC_MALLOC_LIMIT .. _MAX); 2.1: malloc_limit");
        key("oldmalloc_increase_bytes", "2.1", null, "bytes malloc'ed by old objects since the last major GC; over the limit, a major GC runs; 2.1: oldmalloc_increase");
        key("oldmalloc_increase_bytes_limit", "2.1", null, "the old malloc limit (RUBY_GC_OLDMALLOC_LIMIT .. _MAX); 2.1: oldmalloc_limit");
        key("remembered_wb_unprotected_objects", "2.1", null, "write-barrier-unprotected (shady) objects in the remembered set; 2.1: remembered_shady_object");
        key("remembered_wb_unprotected_objects_limit", "2.1", null, "over this, a major GC runs (major_by shady); 2.1: remembered_shady_object_limit");
        key("old_objects", "2.1", null, "objects in the old generation; 2.1: old_object");
        key("old_objects_limit", "2.1", null, "over this, a major GC runs (major_by oldgen); 2.1: old_object_limit");
        key("compact_count", "2.7", null, "heap compactions (GC.compact or auto_compact)");
        key("read_barrier_faults", "3.0", null, "read barrier faults during compaction");
        key("total_moved_objects", "3.0", null, "objects moved by compaction");
        key("weak_references_count", "3.4", null, "weak references seen by the last GC");
        key("retained_weak_references_count", "3.4", null, "weak references the last GC kept");

        report("gc_by", "latest_gc_info's cause of a GC: newobj (no free slot), malloc (malloc limit), method "
                + "(GC.start), capi, stress; the report counts one per snapshot taken after a GC");
        report("major_by", "latest_gc_info's cause of a major GC: nofree (a sweep left too few free slots), oldgen "
                + "(old_objects over old_objects_limit), shady (remembered_wb_unprotected_objects over its limit), "
                + "force (GC.start or a failed allocation), oldmalloc (the old malloc limit)");
        report("snapshots", "GC.stat snapshots read");
        report("span_ms", "first snapshot's time to the last one's, in ms");
        report("gc_count", "GCs over the span: last count minus the first (a single snapshot's own count)");
        report("gc_time_ms", "ms spent in GC over the span (GC.stat time, Ruby 3.1+)");
        report("gc_per_minute", "GCs over the span per minute of wall time");
        report("allocated_objects_per_second", "total_allocated_objects over the span per second");
        report("old_objects_growth_per_second", "old_objects at the end minus at the start, per second");
        report("malloc_limit_share", "the highest malloc_increase_bytes / malloc_increase_bytes_limit of any snapshot");
        report("oldmalloc_limit_share", "the highest oldmalloc_increase_bytes / oldmalloc_increase_bytes_limit of any snapshot");
        report("old_objects_trend", "old_objects after GC: least-squares slope per second, lowest value per quarter of "
                + "the span (floors), rising_floor when it grows by 20% or more quarter after quarter");
        report("heap_peak", "each heap figure's largest value over the series");
        report("unknown_keys", "keys of the series that no Ruby version's GC.stat has (kept and shown)");

        RENAMED.put("heap_used", "heap_allocated_pages");
        RENAMED.put("heap_length", "heap_sorted_length");
        RENAMED.put("heap_increment", "heap_allocatable_pages");
        RENAMED.put("heap_live_slot", "heap_live_slots");
        RENAMED.put("heap_live_num", "heap_live_slots");
        RENAMED.put("heap_free_slot", "heap_free_slots");
        RENAMED.put("heap_free_num", "heap_free_slots");
        RENAMED.put("heap_final_slot", "heap_final_slots");
        RENAMED.put("heap_final_num", "heap_final_slots");
        RENAMED.put("heap_swept_slot", "heap_swept_slots");
        RENAMED.put("heap_eden_page_length", "heap_eden_pages");
        RENAMED.put("heap_tomb_page_length", "heap_tomb_pages");
        RENAMED.put("total_allocated_object", "total_allocated_objects");
        RENAMED.put("total_freed_object", "total_freed_objects");
        RENAMED.put("malloc_increase", "malloc_increase_bytes");
        RENAMED.put("malloc_limit", "malloc_increase_bytes_limit");
        RENAMED.put("oldmalloc_increase", "oldmalloc_increase_bytes");
        RENAMED.put("oldmalloc_limit", "oldmalloc_increase_bytes_limit");
        RENAMED.put("remembered_shady_object", "remembered_wb_unprotected_objects");
        RENAMED.put("remembered_shady_object_limit", "remembered_wb_unprotected_objects_limit");
        RENAMED.put("old_object", "old_objects");
        RENAMED.put("old_object_limit", "old_objects_limit");
    }

    private RubyGcKeys() {
    }

    /** The current name of a key (old names renamed; unknown keys as given). */
    public static String canonical(String key) {
        return RENAMED.getOrDefault(key, key);
    }

    /** The key, or null when it is not one Ruby 1.9 to 3.4 has. */
    public static Key get(String name) {
        return KEYS.get(name);
    }

    public static List<Key> all() {
        return List.copyOf(KEYS.values());
    }

    /** The old names that map to {@code name}. */
    public static List<String> oldNames(String name) {
        return RENAMED.entrySet().stream().filter(e -> e.getValue().equals(name)).map(Map.Entry::getKey).toList();
    }

    /** True when Ruby {@code version} ("3.1", "2.1.1"...) has the key. */
    public static boolean inVersion(Key key, String version) {
        return compare(version, key.since()) >= 0 && (key.until() == null || compare(version, key.until()) < 0);
    }

    static int compare(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.min(2, Math.max(x.length, y.length)); i++) {
            int p = i < x.length ? parse(x[i]) : 0;
            int q = i < y.length ? parse(y[i]) : 0;
            if (p != q) {
                return Integer.compare(p, q);
            }
        }
        return 0;
    }

    private static int parse(String s) {
        int n = 0;
        for (int i = 0; i < s.length() && Character.isDigit(s.charAt(i)); i++) {
            n = n * 10 + s.charAt(i) - '0';
        }
        return n;
    }
}
