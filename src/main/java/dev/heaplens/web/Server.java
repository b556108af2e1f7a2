package dev.heaplens.web;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Pattern;

/**
 * The local web server of {@code heaplens serve}: the JDK's own HTTP server (no dependency),
 * sending the page's few assets and the API's JSON, nothing else.
 *
 * <p>Safety: it binds 127.0.0.1 unless told otherwise; on loopback it answers only requests
 * whose Host is a loopback name (so a web page cannot reach it through DNS rebinding); bound to
 * any other address it requires a random token, given in the printed URL and then kept in a
 * cookie. Only GET is answered.
 */
public final class Server implements AutoCloseable {
    private static final Pattern VIEW = Pattern.compile("/api/([a-z]{1,20})");
    private static final String COOKIE = "heaplens_token";
    private static final String CSP = "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data:; "
            + "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

    private final HttpServer http;
    private final ExecutorService threads;
    private final Api api;
    private final String token;
    private final boolean loopback;

    private Server(HttpServer http, Api api, String token, boolean loopback) {
        this.http = http;
        this.api = api;
        this.token = token;
        this.loopback = loopback;
        this.threads = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "heaplens-web");
            t.setDaemon(true);
            return t;
        });
        http.setExecutor(threads);
        http.createContext("/", this::handle);
    }

    /**
     * Starts serving {@code workspace} on {@code bind:port} ({@code port} 0: a free one).
     *
     * @throws HeaplensException when the address is unknown or the port taken
     */
    public static Server start(Workspace workspace, String bind, int port) {
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new HeaplensException("--bind: unknown address '" + bind + "'");
        }
        HttpServer http;
        try {
            http = HttpServer.create(new InetSocketAddress(address, port), 64);
        } catch (java.net.BindException e) {
            throw new HeaplensException("cannot listen on " + bind + ":" + port + ": " + e.getMessage()
                    + (port == 0 ? "" : "; is another heaplens serve on it? --port 0 picks a free port"));
        } catch (IOException e) {
            throw new HeaplensException("cannot listen on " + bind + ":" + port + ": " + e.getMessage());
        }
        boolean loopback = address.isLoopbackAddress();
        String token = loopback ? null : newToken();
        Server server = new Server(http, new Api(workspace), token, loopback);
        http.start();
        return server;
    }

    private static String newToken() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    public int port() {
        return http.getAddress().getPort();
    }

    /** The URL to open: with the token when one is required. */
    public String url() {
        InetSocketAddress a = http.getAddress();
        String host = a.getAddress().isAnyLocalAddress() ? hostName() : a.getAddress().getHostAddress();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return "http://" + host + ":" + a.getPort() + "/" + (token == null ? "" : "?token=" + token);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Headers headers = exchange.getResponseHeaders();
            headers.set("X-Content-Type-Options", "nosniff");
            headers.set("Referrer-Policy", "no-referrer");
            headers.set("Cache-Control", "no-store");
            if (!"GET".equals(exchange.getRequestMethod())) {
                send(exchange, 405, "text/plain; charset=utf-8", "only GET");
                return;
            }
            if (loopback && !loopbackHost(exchange.getRequestHeaders().getFirst("Host"))) {
                send(exchange, 403, "text/plain; charset=utf-8", "this server answers requests to 127.0.0.1 or localhost only");
                return;
            }
            URI uri = exchange.getRequestURI();
            if (token != null) {
                String given = tokenOf(exchange, uri);
                if (given == null || !MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8))) {
                    send(exchange, 403, "text/plain; charset=utf-8", "a token is required: open the URL heaplens serve printed");
                    return;
                }
                headers.add("Set-Cookie", COOKIE + "=" + token + "; Path=/; HttpOnly; SameSite=Strict");
            }
            String path = uri.getRawPath();
            var view = VIEW.matcher(path);
            if (view.matches()) {
                api(exchange, view.group(1), uri.getRawQuery());
                return;
            }
            Assets.Asset asset = Assets.BY_PATH.get(path);
            if (asset == null) {
                send(exchange, 404, "text/plain; charset=utf-8", "not found");
                return;
            }
            headers.set("Content-Security-Policy", CSP);
            send(exchange, 200, asset.contentType(), Assets.read(asset.resource()));
        }
    }

    private void api(HttpExchange exchange, String view, String query) throws IOException {
        String json;
        int status = 200;
        try {
            json = api.answer(view, Params.parse(query));
        } catch (ApiException e) {
            status = e.status;
            json = "{\"error\":" + quote(e.getMessage()) + "}";
        } catch (HeaplensException e) {
            status = 400;
            json = "{\"error\":" + quote(e.getMessage()) + "}";
        }
        send(exchange, status, "application/json; charset=utf-8", json);
    }

    private static String quote(String s) {
        StringBuilder out = new StringBuilder();
        new dev.heaplens.report.JsonWriter(out).value(s);
        return out.toString();
    }

    private static String tokenOf(HttpExchange exchange, URI uri) {
        String header = exchange.getRequestHeaders().getFirst("X-Heaplens-Token");
        if (header != null) {
            return header;
        }
        String query = uri.getRawQuery();
        if (query != null) {
            String fromQuery = Params.parse(query).text("token", null);
            if (fromQuery != null) {
                return fromQuery;
            }
        }
        String cookies = exchange.getRequestHeaders().getFirst("Cookie");
        if (cookies != null) {
            for (String c : cookies.split(";")) {
                String t = c.trim();
                if (t.startsWith(COOKIE + "=")) {
                    return t.substring(COOKIE.length() + 1);
                }
            }
        }
        return null;
    }

    /** Whether {@code host} (the Host header, with its port) names this machine's loopback. */
    static boolean loopbackHost(String host) {
        if (host == null) {
            return false;
        }
        String name = host.startsWith("[") ? host.substring(0, host.indexOf(']') + 1) : host.replaceAll(":\\d+$", "");
        return name.equals("127.0.0.1") || name.equals("localhost") || name.equals("[::1]");
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        send(exchange, status, type, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        http.stop(0);
        threads.shutdownNow();
    }
}
