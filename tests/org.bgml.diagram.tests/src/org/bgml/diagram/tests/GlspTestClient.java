package org.bgml.diagram.tests;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
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

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A minimal GLSP client over the real WebSocket: JSON-RPC 2.0 messages, one per text frame, as the GLSP client
 * sends them (initialize, initializeClientSession, then {@code process} notifications carrying action messages).
 */
final class GlspTestClient implements AutoCloseable {
    static final List<String> CLIENT_ACTIONS = List.of("setModel", "updateModel", "setDirtyState", "setMarkers", "message", "status",
            "bgmlSetProblems", "bgmlSetProperties", "bgmlSetRuns", "bgmlRunProgress", "bgmlRunAvailable", "setEditValidationResult",
            "setTypeHints", "setContextActions", "startProgress", "endProgress", "updateProgress", "requestBounds", "selectAll",
            "triggerNodeCreation", "triggerEdgeCreation", "setEditMode", "setPopupModel", "setViewport", "center", "fit", "select");
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final Gson gson = new Gson();
    private final WebSocket socket;
    private final LinkedBlockingQueue<JsonObject> inbox = new LinkedBlockingQueue<>();
    private final List<JsonObject> seen = new ArrayList<>();
    private final AtomicInteger ids = new AtomicInteger();
    final String clientId = "test-" + System.nanoTime();

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
            JsonObject m = inbox.poll(200, TimeUnit.MILLISECONDS);
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

    /** Opens a model and returns its root (from setModel). */
    JsonObject open(String sourceUri) throws Exception {
        send(Map.of("kind", "requestModel", "requestId", "req-" + ids.incrementAndGet(),
                "options", Map.of("sourceUri", sourceUri, "diagramType", "bgml-diagram")));
        return action("setModel").getAsJsonObject("newRoot");
    }

    /** Sends an operation and returns the root of the next updateModel. */
    JsonObject edit(Map<String, Object> operation) throws Exception {
        send(operation);
        return action("updateModel").getAsJsonObject("newRoot");
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
}
