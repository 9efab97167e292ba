package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import org.bgml.diagram.server.DiagramServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A minimal GLSP client over the real WebSocket: JSON-RPC 2.0 messages, one per text frame, as the GLSP client
 * sends them (initialize, initializeClientSession, then {@code process} notifications carrying action messages).
 * It also holds what the diagram tests share: starting a server ({@link #startServer}, {@link SharedServer}), the
 * edit operations the editor sends ({@link #createNode}, {@link #applyProperty}) and the property sheet
 * ({@link #properties}, {@link #row}).
 */
final class GlspTestClient implements AutoCloseable {
    static final List<String> CLIENT_ACTIONS = List.of("setModel", "updateModel", "bgmlMoveNodes", "bgmlSetProblemClasses", "setDirtyState",
            "setMarkers", "message", "status",
            "bgmlSetProblems", "bgmlSetProperties", "bgmlSetRuns", "bgmlRunProgress", "bgmlRunAvailable", "setEditValidationResult",
            "setTypeHints", "setContextActions", "bgmlPatternsChanged", "startProgress", "endProgress", "updateProgress", "requestBounds", "selectAll",
            "triggerNodeCreation", "triggerEdgeCreation", "setEditMode", "setPopupModel", "setViewport", "center", "fit", "select");
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final Gson gson = new Gson();
    private final WebSocket socket;
    private final LinkedBlockingQueue<JsonObject> inbox = new LinkedBlockingQueue<>();
    /** Messages {@link #open} read past while waiting for the validation, to be read again first. */
    private final java.util.ArrayDeque<JsonObject> replay = new java.util.ArrayDeque<>();
    private final List<JsonObject> seen = new ArrayList<>();
    private final AtomicInteger ids = new AtomicInteger();
    final String clientId = "test-" + System.nanoTime();
    /** The diagram as the client has it: the latest setModel or updateModel, with the moves since applied. */
    private JsonObject current;
    /** The root of the latest setModel as the server sent it, before the validation's classes came. */
    JsonObject sentModel;
    /** The bgmlSetProblemClasses that followed the latest setModel, or null when the validation marked nothing. */
    JsonObject problemClasses;
    /** The kind of the latest model change {@link #edit} saw: {@code updateModel} or {@code bgmlMoveNodes}. */
    String lastUpdate;

    GlspTestClient(URI uri) throws Exception {
        socket = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(WAIT).buildAsync(uri, new WebSocket.Listener() {
            private final StringBuilder partial = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                partial.append(data);
                if (last) {
                    inbox.add(JsonParser.parseString(partial.toString()).getAsJsonObject());
                    partial.setLength(0);
                }
                ws.request(1);
                return null;
            }
        }).get(60, TimeUnit.SECONDS);
    }

    /** A client of {@code server} whose GLSP session is initialized for the BGML diagram type. */
    static GlspTestClient connect(DiagramServer server) throws Exception {
        GlspTestClient c = new GlspTestClient(server.webSocketUri());
        try {
            c.initialize();
        } catch (Exception | Error e) {
            c.close();
            throw e;
        }
        return c;
    }

    /**
     * Starts a diagram server on a free port. With {@code dist} (created when missing) it serves a stand-in client
     * page from there; without, it serves no page.
     */
    static DiagramServer startServer(Path dist) throws Exception {
        if (dist != null) {
            Files.createDirectories(dist);
            Files.writeString(dist.resolve("index.html"), "<!doctype html><title>BGML</title>");
        }
        return DiagramServer.start(0, DiagramServer.newToken(), dist);
    }

    /** initialize + initializeClientSession for the BGML diagram type. */
    void initialize() throws Exception {
        request("initialize", Map.of("applicationId", "bgml-tests", "protocolVersion", "1.0.0"));
        request("initializeClientSession", Map.of("clientSessionId", clientId, "diagramType", "bgml-diagram", "clientActionKinds", CLIENT_ACTIONS));
    }

    JsonElement request(String method, Object params) throws Exception {
        String id = String.valueOf(ids.incrementAndGet());
        JsonObject msg = new JsonObject();
        msg.addProperty("jsonrpc", "2.0");
        msg.addProperty("id", id);
        msg.addProperty("method", method);
        msg.add("params", gson.toJsonTree(params));
        socket.sendText(msg.toString(), true).get(10, TimeUnit.SECONDS);
        JsonObject reply = await(m -> m.has("id") && id.equals(m.get("id").getAsString()) && !m.has("method"));
        if (reply.has("error")) {
            throw new IllegalStateException(method + " failed: " + reply.get("error"));
        }
        return reply.get("result");
    }

    /** Sends an action to the server in a {@code process} notification. */
    void send(Map<String, Object> action) throws Exception {
        JsonObject msg = new JsonObject();
        msg.addProperty("jsonrpc", "2.0");
        msg.addProperty("method", "process");
        msg.add("params", gson.toJsonTree(Map.of("clientId", clientId, "action", action)));
        socket.sendText(msg.toString(), true).get(10, TimeUnit.SECONDS);
    }

    /** The next action from the server of {@code kind} that passes {@code test}; earlier ones are skipped. */
    JsonObject action(String kind, Predicate<JsonObject> test) throws Exception {
        JsonObject m = await(x -> {
            if (!"process".equals(str(x, "method"))) {
                return false;
            }
            JsonObject a = x.getAsJsonObject("params").getAsJsonObject("action");
            return kind.equals(str(a, "kind")) && test.test(a);
        });
        return m.getAsJsonObject("params").getAsJsonObject("action");
    }

    JsonObject action(String kind) throws Exception {
        return action(kind, a -> true);
    }

    private JsonObject await(Predicate<JsonObject> test) throws Exception {
        long end = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < end) {
            JsonObject m = replay.isEmpty() ? inbox.poll(200, TimeUnit.MILLISECONDS) : replay.poll();
            if (m == null) {
                continue;
            }
            seen.add(m);
            if (test.test(m)) {
                return m;
            }
        }
        throw new AssertionError("no matching message from the server within " + WAIT.toSeconds() + " s; last ones: "
                + seen.subList(Math.max(0, seen.size() - 5), seen.size()));
    }

    /**
     * Opens a model and returns its root as the browser client has it once the validation came: the setModel, which
     * the server sends before validating, with the classes of the bgmlSetProblemClasses that follows applied. The
     * messages in between (runs, problems, markers) are read again by the next {@link #action} calls.
     */
    JsonObject open(String sourceUri) throws Exception {
        send(Map.of("kind", "requestModel", "requestId", "req-" + ids.incrementAndGet(),
                "options", Map.of("sourceUri", sourceUri, "diagramType", "bgml-diagram")));
        current = action("setModel").getAsJsonObject("newRoot");
        sentModel = current;
        problemClasses = null;
        List<JsonObject> between = new ArrayList<>();
        JsonObject problems = await(x -> {
            JsonObject a = "process".equals(str(x, "method")) ? x.getAsJsonObject("params").getAsJsonObject("action") : null;
            if (a != null && "bgmlSetProblemClasses".equals(str(a, "kind"))) {
                current = marked(current, a);
                problemClasses = a;
            }
            between.add(x);
            return a != null && "bgmlSetProblems".equals(str(a, "kind"));
        });
        replay.addAll(between);
        seen.removeAll(between);
        assertNotNull(problems);
        return current;
    }

    /** {@code root} (a copy) with the problem classes of a bgmlSetProblemClasses, as the browser client applies them. */
    private static JsonObject marked(JsonObject root, JsonObject marks) {
        JsonObject copy = root.deepCopy();
        Map<String, JsonObject> all = index(copy);
        for (var e : marks.getAsJsonArray("elements")) {
            JsonObject m = e.getAsJsonObject();
            JsonObject element = all.get(str(m, "elementId"));
            if (element == null) {
                throw new AssertionError("bgmlSetProblemClasses marks an element the client does not have: " + m);
            }
            String problem = str(m, "problem");
            if (!element.has("args")) {
                element.add("args", new JsonObject());
            }
            element.getAsJsonObject("args").addProperty("problem", problem);
            if (!element.has("cssClasses")) {
                element.add("cssClasses", new JsonArray());
            }
            String css = "bgml-" + problem;
            if (!element.getAsJsonArray("cssClasses").toString().contains("\"" + css + "\"")) {
                element.getAsJsonArray("cssClasses").add(css);
            }
        }
        return copy;
    }

    JsonObject open(Path file) throws Exception {
        return open(file.toString());
    }

    /**
     * Sends an operation and returns the diagram after the server's answer: the root of the next updateModel, or the
     * diagram the client had with the next bgmlMoveNodes applied (as the browser client applies it).
     */
    JsonObject edit(Map<String, Object> operation) throws Exception {
        send(operation);
        JsonObject m = await(x -> "process".equals(str(x, "method"))
                && List.of("updateModel", "bgmlMoveNodes").contains(str(x.getAsJsonObject("params").getAsJsonObject("action"), "kind")));
        JsonObject update = m.getAsJsonObject("params").getAsJsonObject("action");
        lastUpdate = str(update, "kind");
        current = "updateModel".equals(lastUpdate) ? update.getAsJsonObject("newRoot") : moved(current, update);
        return current;
    }

    /** {@code root} (a copy) with the node positions and edge label offsets of a bgmlMoveNodes. */
    private static JsonObject moved(JsonObject root, JsonObject move) {
        if (root == null) {
            throw new AssertionError("bgmlMoveNodes before any model: " + move);
        }
        JsonObject copy = root.deepCopy();
        Map<String, JsonObject> all = index(copy);
        for (var e : move.getAsJsonArray("moves")) {
            JsonObject m = e.getAsJsonObject();
            JsonObject node = all.get(str(m, "elementId"));
            if (node == null) {
                throw new AssertionError("bgmlMoveNodes moves an element the client does not have: " + m);
            }
            JsonObject position = new JsonObject();
            position.add("x", m.get("x"));
            position.add("y", m.get("y"));
            node.add("position", position);
        }
        for (var e : move.getAsJsonArray("labels")) {
            JsonObject l = e.getAsJsonObject();
            JsonObject label = all.get(str(l, "elementId"));
            if (label == null || !label.has("edgePlacement")) {
                throw new AssertionError("bgmlMoveNodes re-offsets no edge label the client has: " + l);
            }
            label.getAsJsonObject("edgePlacement").add("offset", l.get("offset"));
        }
        return copy;
    }

    /**
     * Draws the smallest pair to connect: a server with a facet (Server1/facet1) and a client with a receptacle
     * (Client1/receptacle1), neither typed yet.
     */
    void createServerAndClient() throws Exception {
        edit(createNode("node:server", null, 100, 100));
        edit(createNode("port:facet", "Server1", 0, 0));
        edit(createNode("node:client", null, 500, 100));
        edit(createNode("port:receptacle", "Client1", 0, 0));
    }

    JsonObject undo() throws Exception {
        return edit(Map.of("kind", "glspUndo"));
    }

    JsonObject redo() throws Exception {
        return edit(Map.of("kind", "glspRedo"));
    }

    /** Saves the model and returns the server's setDirtyState for that save. */
    JsonObject save() throws Exception {
        send(Map.of("kind", "saveModel"));
        return action("setDirtyState", a -> "save".equals(str(a, "reason")));
    }

    /** The property sheet of the element {@code id}. */
    JsonObject properties(String id) throws Exception {
        send(Map.of("kind", "bgmlRequestProperties", "elementId", id));
        return action("bgmlSetProperties", a -> id.equals(str(a, "elementId")));
    }

    /** The text of the next error message: why the server refused the last operation. */
    String refusal() throws Exception {
        return str(action("message", m -> "ERROR".equalsIgnoreCase(str(m, "severity"))), "message");
    }

    /** The createNode operation of a palette tool; {@code container} null for a top-level node. */
    static Map<String, Object> createNode(String type, String container, double x, double y) {
        return container == null
                ? Map.of("kind", "createNode", "elementTypeId", type, "location", Map.of("x", x, "y", y), "args", Map.of())
                : Map.of("kind", "createNode", "elementTypeId", type, "containerId", container, "location", Map.of("x", x, "y", y), "args", Map.of());
    }

    /** The createEdge operation of the invocation tool: {@code source} receptacle uses {@code target} facet. */
    static Map<String, Object> invocation(String source, String target) {
        return Map.of("kind", "createEdge", "elementTypeId", "edge:invocation", "sourceElementId", source, "targetElementId", target, "args", Map.of());
    }

    /** The id of the first element of {@code type} in a diagram's index. */
    static String firstOfType(Map<String, JsonObject> all, String type) {
        return all.values().stream().filter(o -> type.equals(str(o, "type"))).map(o -> str(o, "id")).findFirst().orElseThrow();
    }

    /** A value typed into a property sheet's row. */
    static Map<String, Object> applyProperty(String id, String property, String value) {
        return Map.of("kind", "bgmlApplyProperty", "elementId", id, "property", property, "value", value);
    }

    /** The row {@code name} of a property sheet, or null. */
    static JsonObject rowOrNull(JsonObject sheet, String name) {
        for (JsonElement r : sheet.getAsJsonArray("properties")) {
            if (name.equals(str(r.getAsJsonObject(), "name"))) {
                return r.getAsJsonObject();
            }
        }
        return null;
    }

    /** The row {@code name} of a property sheet, which must be there. */
    static JsonObject row(JsonObject sheet, String name) {
        JsonObject r = rowOrNull(sheet, name);
        assertNotNull(r, "no row " + name + " in " + sheet);
        return r;
    }

    static String str(JsonObject o, String key) {
        return o != null && o.has(key) && o.get(key).isJsonPrimitive() ? o.get(key).getAsString() : null;
    }

    /** Every element of a GModel tree by id. */
    static Map<String, JsonObject> index(JsonObject root) {
        Map<String, JsonObject> all = new java.util.LinkedHashMap<>();
        collect(root, all);
        return all;
    }

    private static void collect(JsonObject e, Map<String, JsonObject> all) {
        all.put(str(e, "id"), e);
        JsonArray children = e.getAsJsonArray("children");
        if (children != null) {
            children.forEach(c -> collect(c.getAsJsonObject(), all));
        }
    }

    @Override
    public void close() {
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").orTimeout(5, TimeUnit.SECONDS).exceptionally(t -> null).join();
    }

    static CompletableFuture<Void> none() {
        return CompletableFuture.completedFuture(null);
    }

    /**
     * One diagram server for all tests of a class ({@code @RegisterExtension static final SharedServer server = ...}):
     * started before the first, closed after the last.
     */
    static final class SharedServer implements BeforeAllCallback, AfterAllCallback {
        private final boolean page;
        private Path dist;
        private DiagramServer server;

        private SharedServer(boolean page) {
            this.page = page;
        }

        /** A server without a client page. */
        static SharedServer withoutPage() {
            return new SharedServer(false);
        }

        /** A server that also serves a stand-in client page. */
        static SharedServer withPage() {
            return new SharedServer(true);
        }

        @Override
        public void beforeAll(ExtensionContext context) throws Exception {
            dist = page ? Files.createTempDirectory("bgml-dist") : null;
            server = startServer(dist);
        }

        @Override
        public void afterAll(ExtensionContext context) throws Exception {
            try {
                server.close();
            } finally {
                if (dist != null) {
                    Files.deleteIfExists(dist.resolve("index.html"));
                    Files.deleteIfExists(dist);
                }
            }
        }

        DiagramServer get() {
            return server;
        }

        /** A new initialized client of this server. */
        GlspTestClient connect() throws Exception {
            return GlspTestClient.connect(server);
        }
    }
}
