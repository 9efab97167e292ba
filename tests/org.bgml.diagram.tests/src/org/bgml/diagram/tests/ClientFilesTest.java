package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.bgml.diagram.server.DiagramServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page and its assets as the browser asks for them: types, the folder's bounds, the packaged client. */
class ClientFilesTest {
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> get(DiagramServer server, String path) throws Exception {
        URI uri = URI.create("http://127.0.0.1:" + server.port() + path + (path.contains("?") ? "&" : "?") + "token=" + server.token());
        return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A request line sent as is (the HTTP client would normalise {@code ..} away before sending). */
    private static String rawStatusLine(DiagramServer server, String path) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            String request = "GET " + path + "?token=" + server.token() + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            return response.lines().findFirst().orElse("");
        }
    }

    @Test
    void servesTheFolderWithContentTypesAndNothingOutsideIt(@TempDir Path dir) throws Exception {
        Path dist = Files.createDirectories(dir.resolve("dist"));
        Files.writeString(dist.resolve("index.html"), "<!doctype html><title>BGML</title><script src=\"app.js\"></script>");
        Files.writeString(dist.resolve("app.js"), "console.log('bgml');");
        Files.writeString(dist.resolve("app.css"), "body { margin: 0 }");
        Files.writeString(dist.resolve("favicon.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
        Files.createDirectories(dist.resolve("assets"));
        Files.writeString(dist.resolve("assets/font.ttf"), "font");
        Files.writeString(dir.resolve("secret.txt"), "not for the browser");
        try (DiagramServer server = DiagramServer.start(0, DiagramServer.newToken(), dist)) {
            HttpResponse<String> page = get(server, "/");
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("<title>BGML</title>"), page.body());
            assertTrue(page.headers().firstValue("content-type").orElse("").startsWith("text/html"));
            assertEquals("no-store", page.headers().firstValue("cache-control").orElse(""));

            assertType(get(server, "/app.js"), "text/javascript");
            assertType(get(server, "/app.css"), "text/css");
            assertType(get(server, "/favicon.svg"), "image/svg+xml");
            assertType(get(server, "/assets/font.ttf"), "font/ttf");

            assertEquals(404, get(server, "/missing.js").statusCode());
            // no listing of a folder, and nothing above the served one
            assertNotEquals(200, get(server, "/assets/").statusCode());
            for (String escape : new String[] { "/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/assets/%2e%2e/%2e%2e/secret.txt" }) {
                String status = rawStatusLine(server, escape);
                assertFalse(status.contains(" 200 "), escape + " answered " + status);
            }
        }
    }

    @Test
    void withoutAFolderServesTheClientPackagedInTheBundle() throws Exception {
        try (DiagramServer server = DiagramServer.start(0, DiagramServer.newToken(), null)) {
            HttpResponse<String> page = get(server, "/");
            assertEquals(200, page.statusCode(), "the diagram bundle packages client/dist");
            assertTrue(page.body().contains("bgml-diagram.js"), page.body());
            assertType(get(server, "/bgml-diagram.js"), "text/javascript");
            // the page names its icon, so the browser does not ask for /favicon.ico
            assertTrue(page.body().contains("favicon.svg"), page.body());
            assertType(get(server, "/favicon.svg"), "image/svg+xml");
        }
    }

    private static void assertType(HttpResponse<String> response, String type) {
        assertEquals(200, response.statusCode(), response.uri().toString());
        String actual = response.headers().firstValue("content-type").orElse("");
        assertTrue(actual.startsWith(type), response.uri().getPath() + ": " + actual);
    }
}
