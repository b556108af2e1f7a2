package dev.heaplens;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** heaplens's version as the build wrote it (version.properties, filtered by Maven): one source for every command. */
public final class HeaplensVersion {
    private static final String UNKNOWN = "(version unknown: not built by Maven)";
    private static volatile String version;

    private HeaplensVersion() {
    }

    /** The project's version ({@code 0.1.0-SNAPSHOT}), or a phrase saying it is unknown. */
    public static String get() {
        String v = version;
        if (v == null) {
            Properties build = new Properties();
            try (InputStream in = HeaplensVersion.class.getResourceAsStream("/dev/heaplens/version.properties")) {
                if (in != null) {
                    build.load(in);
                }
            } catch (IOException e) {
                // unknown, as for a build that did not filter the file
            }
            v = build.getProperty("version", UNKNOWN);
            version = v;
        }
        return v;
    }
}
