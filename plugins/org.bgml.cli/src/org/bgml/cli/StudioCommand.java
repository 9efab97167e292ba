package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.bgml.diagram.server.ClientLocation;
import org.bgml.diagram.server.DiagramServer;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml studio [FILE]}: the diagram editor in the browser. Starts the diagram server on 127.0.0.1 on a free
 * port with a random access token, opens the default browser when there is one, opens FILE once in the server
 * meanwhile, prints the URL, and stops cleanly on Ctrl-C. A FILE that does not exist yet opens as an empty model and is created on the first save.
 */
@Command(name = "studio", description = "edit a model in the diagram editor (browser), with live validation and results",
        footer = { "  bgml studio examples/roundtrip.bgml", "  (prints the page's URL; Ctrl-C stops the server)" })
final class StudioCommand implements Subcommand {
    private static final Duration WARMUP_LIMIT = Duration.ofSeconds(15);

    @Parameters(paramLabel = "FILE", description = "the model (created on the first save if it does not exist)")
    List<String> files = new ArrayList<>();

    @Option(names = "--port", paramLabel = "N", description = "the port on 127.0.0.1 (default: a free one)")
    String portNumber;

    @Option(names = "--client", paramLabel = "DIR", description = "the built diagram client (default: plugins/org.bgml.diagram/client/dist)")
    String clientDir;

    @Option(names = "--no-browser", description = "do not open a browser; only print the URL")
    boolean noBrowser;

    @Override
    public String synopsis() {
        return "[FILE] [--port N] [--client DIR] [--no-browser]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        if (files.size() > 1) {
            throw new UsageException("give at most one model file");
        }
        Path model = files.isEmpty() ? null : in.path(files.get(0)).toAbsolutePath().normalize();
        if (model != null && Files.isDirectory(model)) {
            throw new UsageException(model + " is a folder; give a .bgml file");
        }
        int port;
        try {
            port = portNumber == null ? 0 : Integer.parseInt(portNumber);
        } catch (NumberFormatException e) {
            throw new UsageException("--port needs a number");
        }
        Path client = clientDir != null ? in.path(clientDir) : ClientLocation.find();
        if (!ClientLocation.available(client)) {
            err.println("bgml studio: the diagram client is not built (plugins/org.bgml.diagram/client/dist); "
                    + "build it with `npm ci && npm run build` there, or give --client DIR. Serving the WebSocket only.");
        }
        DiagramServer server;
        try {
            server = DiagramServer.start(port, DiagramServer.newToken(), client);
        } catch (Exception e) {
            err.println("bgml studio: the diagram server did not start: " + e.getMessage());
            return Bgml.UNUSABLE;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            try {
                server.close();
            } catch (Exception e) {
                // stopping anyway
            }
            stopped.countDown();
        }, "bgml-studio-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        URI page = server.pageUri(model);
        // a browser takes a while to start: it starts now, while the server opens the model itself once
        if (!noBrowser) {
            openBrowser(page, err);
        }
        // the page is announced once the server has opened the model: the first page load then finds the server's
        // code for this model loaded and compiled (a second or more of the first diagram otherwise)
        server.warmUp(model, WARMUP_LIMIT);
        out.println("BGML Studio: " + page);
        out.println("diagram server: " + server.webSocketUri());
        out.println("Ctrl-C stops the server.");
        out.flush();
        try {
            server.join();
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Bgml.OK;
    }

    /** Opens the page with xdg-open when a display is there; otherwise the printed URL is the way in. */
    private static void openBrowser(URI page, PrintStream err) {
        String display = System.getenv("DISPLAY");
        String wayland = System.getenv("WAYLAND_DISPLAY");
        if ((display == null || display.isEmpty()) && (wayland == null || wayland.isEmpty())) {
            return;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, "xdg-open"))) {
                try {
                    new ProcessBuilder("xdg-open", page.toString()).redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                } catch (IOException e) {
                    err.println("bgml studio: could not open a browser (" + e.getMessage() + "); open the URL above");
                }
                return;
            }
        }
    }
}
