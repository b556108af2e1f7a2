package dev.heaplens.format.ruby;


import java.util.HashMap;
import java.util.Map;

/**
 * The CLASS and MODULE records of a dump, by address, and the names users expect for them:
 * a class's {@code name}; {@code #<Class:Name>} for singleton classes; {@code #<Class:0x...>}
 * for anonymous ones. Instances of a singleton class are attributed to the real class behind it.
 * Classes are few (thousands, not millions), so plain objects are fine here.
 */
public final class ClassTable {
    private static final int MAX_WALK = 64;

    private final Map<Long, ClassInfo> byAddress = new HashMap<>();
    /** Singleton class address -> the class or module it is attached to. */
    private Map<Long, ClassInfo> attachedBySingleton;

    /** What the dump says about one class or module. */
    record ClassInfo(long address, boolean isModule, String name, String realClassName,
                     boolean singleton, long superclass, long metaclass) {
    }

    /** Records a CLASS or MODULE line. */
    public void add(RubyRecord r) {
        byAddress.put(r.address, new ClassInfo(r.address, r.type == RubyType.MODULE,
                text(r, r.name), text(r, r.realClassName), r.hasFlag(RubyRecord.SINGLETON),
                r.superclassAddress, r.classAddress));
        attachedBySingleton = null;
    }

    /** Every class record, for {@link RubyStore}. */
    java.util.Collection<ClassInfo> infos() {
        return byAddress.values();
    }

    /** Records a class as {@link RubyStore} stored it. */
    void add(ClassInfo info) {
        byAddress.put(info.address(), info);
        attachedBySingleton = null;
    }

    public void addAll(ClassTable other) {
        byAddress.putAll(other.byAddress);
        attachedBySingleton = null;
    }

    public int size() {
        return byAddress.size();
    }

    public boolean contains(long address) {
        return byAddress.containsKey(address);
    }

    public long countSingletons() {
        return byAddress.values().stream().filter(ClassInfo::singleton).count();
    }

    public long countModules() {
        return byAddress.values().stream().filter(ClassInfo::isModule).count();
    }

    /** The name of the class object at {@code address}, as Ruby's inspect would show it. */
    public String displayName(long address) {
        return displayName(address, 0);
    }

    private String displayName(long address, int depth) {
        ClassInfo info = byAddress.get(address);
        if (info == null) {
            return null;
        }
        if (info.name() != null) {
            return info.name();
        }
        if (isSingleton(info)) {
            ClassInfo attached = attached().get(address);
            if (attached != null && depth < MAX_WALK) {
                String inner = displayName(attached.address(), depth + 1);
                return "#<Class:" + (inner != null ? inner : hex(attached.address())) + ">";
            }
            String real = instanceClassName(address); // never comes back here: see its last branch
            return "#<Class:#<" + (real != null ? real : "?") + ">>";
        }
        return (info.isModule() ? "#<Module:" : "#<Class:") + hex(address) + ">";
    }

    /**
     * The class users expect an object to be counted under, from its type, its class field and
     * its detail (IMEMO kind or DATA struct name): {@code <iseq> (IMEMO)}, {@code Comparable (ICLASS)},
     * {@code (hidden ARRAY)}, a DATA object's struct when its class tells nothing more, else the
     * (real) class name.
     */
    public String objectClassName(RubyType type, long classAddress, String detail) {
        switch (type) {
            case IMEMO:
                return "<" + (detail != null ? detail : "?") + "> (IMEMO)";
            case ICLASS: {
                String module = displayName(classAddress);
                return (module != null ? module : "#<unknown module " + hex(classAddress) + ">") + " (ICLASS)";
            }
            case CLASS:
            case MODULE: {
                String name = classAddress == 0 ? null : instanceClassName(classAddress);
                return name != null ? name : type == RubyType.CLASS ? "Class" : "Module";
            }
            default:
                break;
        }
        if (type == RubyType.DATA && detail != null) {
            String name = classAddress == 0 ? null : instanceClassName(classAddress);
            // The struct name tells more than an unknown class or a bare Object/Data.
            if (name == null || name.equals("Object") || name.equals("Data") || name.startsWith("#<Class:0x")) {
                return "<" + detail + "> (DATA)";
            }
            return name;
        }
        if (classAddress == 0) {
            return "(hidden " + type.name() + ")";
        }
        String name = instanceClassName(classAddress);
        return name != null ? name : "#<unknown class " + hex(classAddress) + ">";
    }

    /**
     * The class an instance whose class field is {@code address} belongs to: the class itself,
     * or, for a singleton class, the real class behind it. Null when the dump has no such class.
     */
    public String instanceClassName(long address) {
        long current = address;
        for (int i = 0; i < MAX_WALK; i++) {
            ClassInfo info = byAddress.get(current);
            if (info == null) {
                return null;
            }
            if (!isSingleton(info)) {
                return displayName(current);
            }
            if (info.superclass() != 0 && byAddress.containsKey(info.superclass())) {
                current = info.superclass();
            } else if (info.realClassName() != null) {
                return info.realClassName();
            } else if (attached().containsKey(current)) {
                // a metaclass without superclass info (Ruby before 3.1): its instance is a class
                return attached().get(current).isModule() ? "Module" : "Class";
            } else {
                return "#<Class:" + hex(current) + ">"; // a singleton class we cannot see past
            }
        }
        return displayName(address);
    }

    /**
     * Singleton classes say so from Ruby 3.1 on; before, an unnamed class that is the class of a
     * class or module can only be that class's metaclass.
     */
    private boolean isSingleton(ClassInfo info) {
        return info.singleton() || (info.name() == null && attached().containsKey(info.address()));
    }

    private Map<Long, ClassInfo> attached() {
        if (attachedBySingleton == null) {
            Map<Long, ClassInfo> map = new HashMap<>();
            for (ClassInfo info : byAddress.values()) {
                ClassInfo meta = byAddress.get(info.metaclass());
                if (meta != null && (meta.singleton() || meta.name() == null)) {
                    map.put(info.metaclass(), info);
                }
            }
            attachedBySingleton = map;
        }
        return attachedBySingleton;
    }

    /** Ruby's way of printing an address in inspect output: 0x and 16 hex digits. */
    public static String hex(long address) {
        return String.format("0x%016x", address);
    }

    private static String text(RubyRecord r, RubyRecord.ByteRange range) {
        return range.isPresent() ? JsonText.decode(r.buf, range.start, range.end, range.escaped) : null;
    }
}
