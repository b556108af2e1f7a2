package dev.heaplens.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The only files the server sends: a fixed map from URL path to a resource inside the jar. A
 * request path is looked up in the map and never used to build a file or resource name, so
 * {@code ..}, absolute paths and anything else unknown are simply not found.
 */
final class Assets {
    /** ECharts from its WebJar (org.webjars:echarts in the pom): the version in the path must match the pom's. */
    static final String ECHARTS = "META-INF/resources/webjars/echarts/5.5.0/echarts.min.js";
    private static final String OWN = "dev/heaplens/web/";

    record Asset(String resource, String contentType) {
    }

    static final Map<String, Asset> BY_PATH = Map.of(
            "/", new Asset(OWN + "index.html", "text/html; charset=utf-8"),
            "/app.js", new Asset(OWN + "app.js", "text/javascript; charset=utf-8"),
            "/suspects.js", new Asset(OWN + "suspects.js", "text/javascript; charset=utf-8"),
            "/threads.js", new Asset(OWN + "threads.js", "text/javascript; charset=utf-8"),
            "/app.css", new Asset(OWN + "app.css", "text/css; charset=utf-8"),
            "/echarts.min.js", new Asset(ECHARTS, "text/javascript; charset=utf-8"));

    private Assets() {
    }

    /** The bytes of a resource bundled in the jar. */
    static byte[] read(String resource) {
        try (InputStream in = Assets.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing from the jar: " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(String resource) {
        return new String(read(resource), java.nio.charset.StandardCharsets.UTF_8);
    }
}
