package org.bgml.diagram.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Serves the built diagram client (index.html and its assets) from one folder, and nothing outside it; without a
 * folder, from the {@code client/dist/} resources packaged in this bundle.
 */
final class StaticFiles extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8", "map", "application/json", "json", "application/json", "svg", "image/svg+xml",
            "ttf", "font/ttf", "woff2", "font/woff2", "png", "image/png", "txt", "text/plain; charset=utf-8");
    static final String PACKAGED = "client/dist/";
    private final transient Path root;

    StaticFiles(Path root) {
        this.root = root == null ? null : root.toAbsolutePath().normalize();
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getPathInfo() == null || req.getPathInfo().equals("/") ? "index.html" : req.getPathInfo().substring(1);
        if (root == null) {
            servePackaged(path, resp);
            return;
        }
        Path file = root.resolve(path).normalize();
        if (!file.startsWith(root) || !Files.isRegularFile(file)) {
            resp.sendError(404);
            return;
        }
        String name = file.getFileName().toString();
        String ext = name.substring(name.lastIndexOf('.') + 1);
        resp.setContentType(TYPES.getOrDefault(ext, "application/octet-stream"));
        resp.setHeader("Cache-Control", "no-store");
        resp.setContentLengthLong(Files.size(file));
        Files.copy(file, resp.getOutputStream());
    }

    private static void servePackaged(String path, HttpServletResponse resp) throws IOException {
        if (path.contains("..") || path.startsWith("/")) {
            resp.sendError(404);
            return;
        }
        try (java.io.InputStream in = StaticFiles.class.getClassLoader().getResourceAsStream(PACKAGED + path)) {
            if (in == null) {
                resp.sendError(404, "the diagram client is not built: run `npm ci && npm run build` in plugins/org.bgml.diagram/client");
                return;
            }
            String ext = path.substring(path.lastIndexOf('.') + 1);
            resp.setContentType(TYPES.getOrDefault(ext, "application/octet-stream"));
            resp.setHeader("Cache-Control", "no-store");
            in.transferTo(resp.getOutputStream());
        }
    }

    /** Whether this installation packages the client (the bundle built with client/dist). */
    static boolean packaged() {
        return StaticFiles.class.getClassLoader().getResource(PACKAGED + "index.html") != null;
    }
}
