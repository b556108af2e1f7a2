package dev.heaplens.analysis.ruby;

/**
 * Names the gem (or other origin) a source path belongs to, from the path alone:
 * {@code .../gems/rack-3.0.8/lib/rack.rb} is {@code rack}; Bundler git checkouts
 * ({@code .../bundler/gems/name-abc123/}) too; Debian's {@code vendor_ruby} libraries are
 * {@code name (vendor_ruby)}; Ruby's own library is {@code ruby stdlib}; {@code <internal:...>}
 * is {@code ruby core}; anything else is the application, {@code app}.
 */
public final class GemClassifier {
    public static final String APP = "app";
    public static final String STDLIB = "ruby stdlib";
    public static final String CORE = "ruby core";

    private GemClassifier() {
    }

    public static String gemOf(String path) {
        if (path.startsWith("<internal:")) {
            return CORE;
        }
        int gems = path.lastIndexOf("/gems/");
        if (gems >= 0) {
            String dir = firstSegment(path, gems + "/gems/".length());
            if (dir != null) {
                return stripVersion(dir);
            }
        }
        int vendor = path.indexOf("/vendor_ruby/");
        if (vendor >= 0) {
            String dir = firstSegment(path, vendor + "/vendor_ruby/".length());
            return (dir == null ? stripRb(path.substring(vendor + "/vendor_ruby/".length())) : dir) + " (vendor_ruby)";
        }
        if (isStdlib(path)) {
            return STDLIB;
        }
        return APP;
    }

    /** {@code /usr/lib/ruby/3.1.0/set.rb}, {@code ~/.rubies/ruby-3.3.0/lib/ruby/3.3.0/json.rb}... */
    private static boolean isStdlib(String path) {
        int lib = path.indexOf("/lib/ruby/");
        if (lib < 0) {
            return false;
        }
        int v = lib + "/lib/ruby/".length();
        return v < path.length() && Character.isDigit(path.charAt(v));
    }

    private static String firstSegment(String path, int from) {
        int slash = path.indexOf('/', from);
        return slash > from ? path.substring(from, slash) : null;
    }

    /** {@code activesupport-7.1.3} is {@code activesupport}; {@code nokogiri-1.16.0-x86_64-linux} too. */
    static String stripVersion(String dir) {
        for (int i = 1; i < dir.length() - 1; i++) {
            if (dir.charAt(i) == '-' && Character.isDigit(dir.charAt(i + 1))) {
                return dir.substring(0, i);
            }
        }
        int dash = dir.lastIndexOf('-');
        if (dash > 0 && dir.length() - dash - 1 >= 7 && dir.substring(dash + 1).chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            return dir.substring(0, dash); // bundler git checkout: name-<revision>
        }
        return dir;
    }

    private static String stripRb(String file) {
        return file.endsWith(".rb") ? file.substring(0, file.length() - 3) : file;
    }
}
