package dev.heaplens.web;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Bind address, token, Host check and the asset allow-list, over raw HTTP requests (nothing normalises the path). */
class ServerSecurityTest {
    @TempDir
    static Path dir;
    static Workspace workspace;
    static Server local;

    @BeforeAll
    static void start() {
        workspace = WebFixtures.workspace(List.of(new WebFixtures().write(dir, WebFixtures.Kind.HPROF)), List.of());
        local = Server.start(workspace, "127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        local.close();
        workspace.close();
    }

    record Response(int status, String headers, String body) {
    }

    static Response get(String host, int port, String target, String... extraHeaders) throws IOException {
        try (Socket s = new Socket(host, port)) {
            StringBuilder request = new StringBuilder("GET " + target + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\n");
            for (String h : extraHeaders) {
                request.append(h).append("\r\n");
            }
            request.append("Connection: close\r\n\r\n");
            OutputStream out = s.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = s.getInputStream();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int split = text.indexOf("\r\n\r\n");
            String head = text.substring(0, split);
            return new Response(Integer.parseInt(head.substring(9, 12)), head, text.substring(split + 4));
        }
    }

    @Test
    void servesItsPageAssetsAndApiOnLoopback() throws IOException {
        assertThat(local.url()).startsWith("http://127.0.0.1:").doesNotContain("token");
        Response page = get("127.0.0.1", local.port(), "/");
        assertThat(page.status).isEqualTo(200);
        assertThat(page.body).contains("<script src=\"app.js\"></script>");
        assertThat(page.headers.toLowerCase()).contains("content-security-policy: default-src 'none'").contains("nosniff");
        assertThat(get("127.0.0.1", local.port(), "/echarts.min.js").status).isEqualTo(200);
        Response info = get("127.0.0.1", local.port(), "/api/info");
        assertThat(info.status).isEqualTo(200);
        assertThat(WebFixtures.parse(info.body).get("dumps").get(0).get("runtime").asText()).isEqualTo("JVM");
        assertThat(get("127.0.0.1", local.port(), "/api/object?address=0x1").status).isEqualTo(404);
        assertThat(get("127.0.0.1", local.port(), "/api/histogram?size=100000").status).isEqualTo(400);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/../pom.xml", "/..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd", "/app.js/../../pom.xml",
            "//etc/passwd", "/etc/passwd", "/dev/heaplens/web/app.js", "/META-INF/MANIFEST.MF",
            "/dev/heaplens/cli/Main.class", "/api/../../etc/passwd", "/api/info/../../x", "/index.html", "/C:/Windows/win.ini",
            "http://127.0.0.1/etc/passwd", "/webjars/echarts/5.5.0/echarts.js"})
    void anythingButTheAllowListIsNotFound(String target) throws IOException {
        Response r = get("127.0.0.1", local.port(), target);
        assertThat(r.status).as(target).isIn(400, 404);
        assertThat(r.body).doesNotContain("<project").doesNotContain("root:").doesNotContain("Manifest");
    }

    @Test
    void loopbackRefusesAnotherHostNameAndOtherMethods() throws IOException {
        try (Socket s = new Socket("127.0.0.1", local.port())) {
            s.getOutputStream().write("GET /api/info HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.UTF_8));
            String text = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(text).startsWith("HTTP/1.1 403");
        }
        try (Socket s = new Socket("127.0.0.1", local.port())) {
            s.getOutputStream().write(("POST /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            assertThat(new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).startsWith("HTTP/1.1 405");
        }
    }

    /** A non-loopback bind: a machine address when there is one, else the wildcard (also not loopback). */
    static String otherAddress() throws IOException {
        for (NetworkInterface i : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress a : Collections.list(i.getInetAddresses())) {
                if (a instanceof Inet4Address && !a.isLoopbackAddress()) {
                    return a.getHostAddress();
                }
            }
        }
        return "0.0.0.0";
    }

    @Test
    void elsewhereEveryRequestNeedsTheToken() throws IOException {
        String address = otherAddress();
        try (Server remote = Server.start(workspace, address, 0)) {
            Matcher m = Pattern.compile("\\?token=([0-9a-f]{48})$").matcher(remote.url());
            assertThat(m.find()).as(remote.url()).isTrue();
            String token = m.group(1);
            String host = address.equals("0.0.0.0") ? "127.0.0.1" : address;
            for (String target : List.of("/", "/app.js", "/api/info", "/api/overview?d=0")) {
                assertThat(get(host, remote.port(), target).status).as(target).isEqualTo(403);
                assertThat(get(host, remote.port(), target, "X-Heaplens-Token: " + "0".repeat(48)).status).isEqualTo(403);
                assertThat(get(host, remote.port(), target, "Cookie: heaplens_token=wrong").status).isEqualTo(403);
            }
            Response opened = get(host, remote.port(), "/?token=" + token);
            assertThat(opened.status).isEqualTo(200);
            assertThat(opened.headers).containsIgnoringCase("Set-Cookie: heaplens_token=" + token).contains("HttpOnly").contains("SameSite=Strict");
            assertThat(get(host, remote.port(), "/api/info", "Cookie: heaplens_token=" + token).status).isEqualTo(200);
            assertThat(get(host, remote.port(), "/api/info", "X-Heaplens-Token: " + token).status).isEqualTo(200);
            assertThat(get(host, remote.port(), "/../pom.xml?token=" + token).status).isEqualTo(404);
        }
    }

    @Test
    void loopbackHostNames() {
        assertThat(Server.loopbackHost("127.0.0.1:8080")).isTrue();
        assertThat(Server.loopbackHost("localhost:1")).isTrue();
        assertThat(Server.loopbackHost("[::1]:7447")).isTrue();
        assertThat(Server.loopbackHost("127.0.0.1.evil.example")).isFalse();
        assertThat(Server.loopbackHost("localhost.evil.example:80")).isFalse();
        assertThat(Server.loopbackHost(null)).isFalse();
    }
}
