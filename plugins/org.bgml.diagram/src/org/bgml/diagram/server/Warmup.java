package org.bgml.diagram.server;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import com.google.gson.Gson;

/**
 * Opens a model once through the server's own page and WebSocket, as a browser would, and closes it again: the first
 * real diagram of that model then finds Jetty, the GLSP session (its injector), the model loading, layout, the
 * diagram's construction and its JSON already loaded and compiled. Without it the first page load of
 * the 1,000-component model spent about a second more in the server than a reload did. It only reads the model: the
 * session it opens is never edited nor saved, and it ends once the diagram has come (or after {@link #LIMIT}); the
 * validation, which the client applies after drawing, is not waited for.
 */
final class Warmup implements WebSocket.Listener {
    static final Duration LIMIT = Duration.ofSeconds(60);
    /** The actions the session sends to this client: those of a first page load. */
    private static final List<String> ACTIONS = List.of("setModel", "setDirtyState", "setMarkers", "message", "status", "bgmlSetProblems",
            "bgmlSetProblemClasses", "bgmlSetProperties", "bgmlSetRuns", "bgmlRunAvailable", "setTypeHints", "startProgress", "endProgress");
    /** The server's message that the model could not be opened. */
    private static final Pattern FAILED = Pattern.compile("\"severity\":\"(ERROR|FATAL)\"");
    private final Gson gson = new Gson();
    private final StringBuilder partial = new StringBuilder();
    private final CompletableFuture<Void> initialized = new CompletableFuture<>();
    private final CompletableFuture<Void> sessionReady = new CompletableFuture<>();
    private final CompletableFuture<Void> drawn = new CompletableFuture<>();
    private final CompletableFuture<Void> closed = new CompletableFuture<>();

    private Warmup() {
    }

    /**
     * Opens {@code model} once on {@code server} and returns when the diagram has come, the session failed, or
     * {@code limit} has passed (the session then goes on in the background); nothing when {@code model} is no file.
     */
    static void open(DiagramServer server, Path model, Duration limit) {
        if (model == null || !Files.isRegularFile(model)) {
            return;
        }
        Thread thread = new Thread(() -> {
            try {
                new Warmup().run(server, model);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                // only a head start: the page opens the model the same way and reports what goes wrong
            }
        }, "bgml-diagram-warmup");
        thread.setDaemon(true);
        thread.start();
        try {
            thread.join(limit);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run(DiagramServer server, Path model) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(LIMIT).build();
        try {
            URI page = server.pageUri(model);
            http.send(HttpRequest.newBuilder(page).timeout(LIMIT).build(), HttpResponse.BodyHandlers.discarding());
            WebSocket socket = http.newWebSocketBuilder().connectTimeout(LIMIT).buildAsync(server.webSocketUri(), this).get(LIMIT.toSeconds(),
                    TimeUnit.SECONDS);
            try {
                String clientId = "bgml-warmup";
                send(socket, Map.of("jsonrpc", "2.0", "id", "0", "method", "initialize", "params",
                        Map.of("applicationId", clientId, "protocolVersion", "1.0.0")));
                initialized.get(LIMIT.toSeconds(), TimeUnit.SECONDS);
                send(socket, Map.of("jsonrpc", "2.0", "id", "1", "method", "initializeClientSession", "params",
                        Map.of("clientSessionId", clientId, "diagramType", "bgml-diagram", "clientActionKinds", ACTIONS)));
                sessionReady.get(LIMIT.toSeconds(), TimeUnit.SECONDS);
                send(socket, Map.of("jsonrpc", "2.0", "method", "process", "params", Map.of("clientId", clientId, "action",
                        Map.of("kind", "requestModel", "requestId", "warmup", "options",
                                Map.of("sourceUri", model.toString(), "diagramType", "bgml-diagram")))));
                drawn.get(LIMIT.toSeconds(), TimeUnit.SECONDS);
            } finally {
                socket.sendClose(WebSocket.NORMAL_CLOSURE, "").get(LIMIT.toSeconds(), TimeUnit.SECONDS);
                closed.get(LIMIT.toSeconds(), TimeUnit.SECONDS); // the server has ended the session
            }
        } finally {
            http.close();
        }
    }

    private void send(WebSocket socket, Map<String, Object> message) throws Exception {
        socket.sendText(gson.toJson(message), true).get(LIMIT.toSeconds(), TimeUnit.SECONDS);
    }

    @Override
    public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            String message = partial.toString();
            partial.setLength(0);
            // the two replies (by id), then the diagram
            if (message.startsWith("{\"jsonrpc\":\"2.0\",\"id\":\"") && message.contains("\"error\":")) {
                onError(socket, new IllegalStateException(message));
            } else if (message.startsWith("{\"jsonrpc\":\"2.0\",\"id\":\"0\"")) {
                initialized.complete(null);
            } else if (message.startsWith("{\"jsonrpc\":\"2.0\",\"id\":\"1\"")) {
                sessionReady.complete(null);
            } else if (message.contains("\"kind\":\"setModel\"") || FAILED.matcher(message).find()) {
                drawn.complete(null); // (or the model could not be opened)
            }
        }
        socket.request(1);
        return null;
    }

    @Override
    public void onError(WebSocket socket, Throwable error) {
        initialized.completeExceptionally(error);
        sessionReady.completeExceptionally(error);
        drawn.completeExceptionally(error);
        closed.complete(null);
    }

    @Override
    public CompletionStage<?> onClose(WebSocket socket, int statusCode, String reason) {
        drawn.complete(null);
        closed.complete(null);
        return null;
    }
}
