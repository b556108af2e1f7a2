package dev.heaplens.format.hprof;

import java.util.HashMap;
import java.util.Map;

/**
 * What every pass over a dump needs first: its strings, class names and class dumps. Objects are
 * skipped unread unless a subclass (a pass that also looks at objects) asks for them; analyses
 * outside this package extend it too (the String grouping of {@code analysis.jvm}).
 */
public class HprofClassRecords implements HprofVisitor {
    protected final Map<Long, String> strings = new HashMap<>();
    final Map<Long, Long> classNameIds = new HashMap<>();
    protected final Map<Long, ClassDump> dumps = new HashMap<>();
    /** Strings, class names and class dumps read (repeated ones too). */
    private long records;

    @Override
    public void utf8(long id, byte[] bytes, int length) {
        records++;
        strings.put(id, HprofReader.text(bytes, length));
    }

    @Override
    public void loadClass(long classId, long nameId) {
        records++;
        classNameIds.put(classId, nameId);
    }

    @Override
    public void classDump(ClassDump dump, long offset) {
        records++;
        dumps.put(dump.classId(), dump);
    }

    /** Strings, class names and class dumps read, repeated ones too. */
    long recordCount() {
        return records;
    }

    @Override
    public boolean wantsObjects() {
        return false;
    }

    /**
     * Adds what {@code later} read, a part of the same dump after every part added before: a
     * record read again there wins, as it would have in one read of the whole file.
     */
    void add(HprofClassRecords later) {
        records += later.records;
        strings.putAll(later.strings);
        classNameIds.putAll(later.classNameIds);
        dumps.putAll(later.dumps);
    }

    /** Only the strings that name fields and statics: the others (method names...) are not needed. */
    Map<Long, String> fieldNames() {
        Map<Long, String> names = new HashMap<>();
        for (ClassDump d : dumps.values()) {
            keepNames(d.fieldNameIds(), names);
            keepNames(d.staticNameIds(), names);
        }
        return names;
    }

    private void keepNames(long[] ids, Map<Long, String> into) {
        for (long id : ids) {
            String name = strings.get(id);
            if (name != null) {
                into.put(id, name);
            }
        }
    }

    /** The class table of what was read, sizing objects with {@code layout}. */
    public HprofClasses classes(HprofLayout layout, int idSize) {
        return new HprofClasses(classNames(), fieldNames(), dumps, layout, idSize);
    }

    Map<Long, String> classNames() {
        Map<Long, String> names = new HashMap<>();
        classNameIds.forEach((classId, nameId) -> {
            String name = strings.get(nameId);
            if (name != null) {
                names.put(classId, ClassNames.javaName(name));
            }
        });
        return names;
    }
}
