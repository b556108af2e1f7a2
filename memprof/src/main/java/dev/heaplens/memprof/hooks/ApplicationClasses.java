package dev.heaplens.memprof.hooks;

/**
 * Which classes are the application's, by class loader and internal name: those the transformer
 * rewrites, and those whose allocations the JVM's samples count. Not the JDK's (boot and platform
 * loaders, java.*, javax.*, jdk.*, sun.*, com.sun.*) and not heaplens's own.
 */
public final class ApplicationClasses {
    private ApplicationClasses() {
    }

    public static boolean isJdkClass(String internalName) {
        return internalName.startsWith("java/") || internalName.startsWith("javax/")
                || internalName.startsWith("jdk/") || internalName.startsWith("sun/")
                || internalName.startsWith("com/sun/");
    }

    public static boolean isOwnClass(String internalName) {
        return internalName.startsWith("dev/heaplens/");
    }

    /** Whether a class of {@code loader} named {@code internalName} is the application's: the classes rewritten. */
    public static boolean isApplicationClass(ClassLoader loader, String internalName) {
        return loader != null && internalName != null && loader != ClassLoader.getPlatformClassLoader()
                && !isJdkClass(internalName) && !isOwnClass(internalName);
    }
}
