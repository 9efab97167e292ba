package org.bgml.diagram.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import org.bgml.diagram.glsp.BgmlDiagramModule;
import org.bgml.diagram.glsp.DiagramSessions;
import org.bgml.diagram.glsp.GModelJson;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelLoadException;
import org.eclipse.glsp.server.di.ServerModule;
import org.eclipse.glsp.server.websocket.GLSPConfigurator;
import org.eclipse.glsp.server.websocket.GLSPServerEndpoint;
import org.eclipse.glsp.server.websocket.WebsocketModule;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.websocket.jakarta.server.config.JakartaWebSocketServletContainerInitializer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

import com.google.inject.Guice;

import jakarta.websocket.server.ServerEndpointConfig;

/**
 * The BGML diagram server: GLSP over a WebSocket at {@code /bgml} and the built client at {@code /}, on one port of
 * 127.0.0.1, both behind a random access token. It knows nothing about who shows the page (a browser started by
 * {@code bgml studio}, or an editor in the IDE), and one server serves any number of diagram sessions.
 */
public final class DiagramServer implements AutoCloseable {
    public static final String ENDPOINT = "/bgml";
    /** The run status phase while a host runs the model ({@link #runByHost}); a run ends with {@code done} or {@code failed}. */
    public static final String RUN_LAUNCHED = org.bgml.diagram.glsp.RunHandler.LAUNCHED;
    private final Server jetty;
    private final String host;
    private final String token;
    private final DiagramSessions sessions;

    static {
        // Jetty's own messages: warnings and errors only, on stderr
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
    }

    private DiagramServer(Server jetty, String host, String token, DiagramSessions sessions) {
        this.jetty = jetty;
        this.host = host;
        this.token = token;
        this.sessions = sessions;
    }

    /** GLSP's configurator (a new injector per connection), telling on stderr why a session could not start. */
    private static final class SessionConfigurator extends GLSPConfigurator {
        SessionConfigurator(java.util.function.Supplier<com.google.inject.Injector> injector) {
            super(injector);
        }

        @Override
        public <T> T getEndpointInstance(Class<T> endpointClass) throws InstantiationException {
            try {
                return super.getEndpointInstance(endpointClass);
            } catch (RuntimeException | LinkageError e) {
                System.err.println("bgml diagram: a client session could not start: " + e);
                e.printStackTrace();
                throw e;
            }
        }
    }

    /** A fresh 128-bit token, hex-encoded. */
    public static String newToken() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /**
     * Starts a server on {@code 127.0.0.1:port} (0: any free port).
     *
     * @param clientDir the built client ({@code client/dist/}); null serves only the WebSocket
     */
    public static DiagramServer start(int port, String token, Path clientDir) throws Exception {
        String host = "127.0.0.1";
        Thread current = Thread.currentThread();
        ClassLoader previous = current.getContextClassLoader();
        // Jetty and the Jakarta WebSocket API find their parts with the service loader: inside OSGi this bundle's
        // class loader (which holds them on its Bundle-ClassPath) must be the context class loader while starting.
        current.setContextClassLoader(DiagramServer.class.getClassLoader());
        try {
            Server jetty = new Server();
            ServerConnector connector = new ServerConnector(jetty);
            connector.setHost(host);
            connector.setPort(port);
            jetty.addConnector(connector);

            ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
            context.setContextPath("/");
            StaticFiles.serve(context, clientDir);
            // the open sessions by file, for an editor in this JVM that shows them (DiagramSessions)
            DiagramSessions sessions = new DiagramSessions();
            // GLSP's server, writing diagrams with GModelJson's writer
            ServerModule serverModule = new GModelJson.Server().configureDiagramModule(new BgmlDiagramModule(),
                    binder -> binder.bind(DiagramSessions.class).toInstance(sessions));
            JakartaWebSocketServletContainerInitializer.configure(context, (servletContext, container) -> {
                container.setDefaultMaxTextMessageBufferSize(GLSPServerEndpoint.MAX_TEXT_MESSAGE_BUFFER_SIZE);
                // Jetty closes a WebSocket after 30 s without traffic; a diagram left open while the user reads it would
                // then reconnect and reload its whole model. The page closes its socket when it goes away.
                container.setDefaultMaxSessionIdleTimeout(0);
                ServerEndpointConfig config = ServerEndpointConfig.Builder.create(GLSPServerEndpoint.class, ENDPOINT)
                        .configurator(new SessionConfigurator(() -> Guice.createInjector(serverModule, new WebsocketModule())))
                        .build();
                container.addEndpoint(config);
            });
            jetty.setHandler(new TokenGate(token, context));
            jetty.start();
            return new DiagramServer(jetty, host, token, sessions);
        } finally {
            current.setContextClassLoader(previous);
        }
    }

    /**
     * Opens {@code model} once through this server's page and WebSocket, as a browser would, so that the first diagram
     * a client asks for finds the server's code loaded and compiled ({@link Warmup}). Returns when that is done, or
     * after {@code limit}; a model that cannot be opened is left for the client to report.
     */
    public void warmUp(Path model, java.time.Duration limit) {
        Warmup.open(this, model, limit);
    }

    // ---- for an editor in this JVM that shows a session's diagram and owns its file (see DiagramSessions)

    /** The model of the session that has {@code file} open, as the file would hold it; null when none has. */
    public String modelText(Path file) throws IOException {
        return sessions.modelText(file);
    }

    /**
     * Gives the session that has {@code file} open this model text and redraws it (undo history starts again); text
     * that does not parse changes nothing and throws with the line. False when no session has the file open.
     */
    public boolean replaceModel(Path file, String text) throws ModelLoadException, IOException {
        return sessions.replaceModel(file, text);
    }

    /** Parses model text as the content of {@code file}, with the messages loading the file would give. */
    public static BenchmarkModel parseModel(Path file, String text) throws ModelLoadException, IOException {
        return DiagramSessions.parse(file, text);
    }

    /** The host wrote the session's model to the file: the session (and the client's dirty mark) is clean. */
    public void markSaved(Path file) throws IOException {
        sessions.markSaved(file);
    }

    /** Writes the session's layout file (node positions) beside {@code file}. */
    public void saveLayout(Path file) throws IOException {
        sessions.saveLayout(file);
    }

    /** Writes the layout of the session on {@code file} beside {@code model} (Save As); false when none is open. */
    public boolean saveLayout(Path file, Path model) throws IOException {
        return sessions.saveLayout(file, model);
    }

    public boolean isOpen(Path file) {
        return sessions.isOpen(file);
    }

    public boolean isDirty(Path file) {
        return sessions.isDirty(file);
    }

    public boolean canUndo(Path file) {
        return sessions.canUndo(file);
    }

    public boolean canRedo(Path file) {
        return sessions.canRedo(file);
    }

    /** A save the client asks for calls {@code save} with the file instead of writing it; null ends that. */
    public void saveByHost(Path file, Consumer<Path> save) {
        sessions.saveByHost(file, save);
    }

    /**
     * A Generate &amp; Run the client asks for calls {@code run} with the target and the configuration (null: the
     * generator's choice), on the session's thread, instead of saving and running in the server; the host reports how
     * its run goes with {@link #runStatus}. null ends that.
     */
    public void runByHost(Path file, BiConsumer<String, String> run) {
        sessions.runByHost(file, run == null ? null : r -> run.accept(r.target(), r.configuration()));
    }

    /** Shows the host's run on the client: {@code launched}, {@code done} or {@code failed}; a finished run's id picks it for the overlay. */
    public void runStatus(Path file, String phase, String message, String runId) throws IOException {
        sessions.runStatus(file, phase, message, runId);
    }

    public int port() {
        return ((ServerConnector) jetty.getConnectors()[0]).getLocalPort();
    }

    public String token() {
        return token;
    }

    public InetSocketAddress address() {
        return new InetSocketAddress(host, port());
    }

    /** The page for {@code model}: {@code http://127.0.0.1:PORT/?token=T&model=PATH}. */
    public URI pageUri(Path model) {
        String q = "token=" + token + (model == null ? "" : "&model=" + URLEncoder.encode(model.toString(), StandardCharsets.UTF_8));
        return URI.create("http://" + host + ":" + port() + "/?" + q);
    }

    /** The GLSP WebSocket: {@code ws://127.0.0.1:PORT/bgml?token=T}. */
    public URI webSocketUri() {
        return URI.create("ws://" + host + ":" + port() + ENDPOINT + "?token=" + token);
    }

    public void join() throws InterruptedException {
        jetty.join();
    }

    @Override
    public void close() throws Exception {
        jetty.stop();
    }
}
