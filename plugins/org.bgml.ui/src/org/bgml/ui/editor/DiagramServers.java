package org.bgml.ui.editor;

import java.net.URL;
import java.nio.file.Path;

import org.bgml.diagram.server.DiagramServer;
import org.eclipse.core.runtime.FileLocator;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * The one BGML diagram server of the workbench, started on first use on a free port of 127.0.0.1 and stopped when
 * the workbench shuts down. In-process, not a child process: the server is plain Java in the org.bgml.diagram
 * bundle (the GLSP and Jetty jars are on its class path), it shares this JVM's model, validation and launcher
 * bundles, costs no second JVM (its start-up and a few hundred MB), and its life is the workbench's. Every diagram
 * editor opens its own session on it.
 */
final class DiagramServers {
    private static DiagramServer server;

    private DiagramServers() {
    }

    static synchronized DiagramServer get() throws Exception {
        if (server == null) {
            server = DiagramServer.start(0, DiagramServer.newToken(), clientDir());
            Runtime.getRuntime().addShutdownHook(new Thread(DiagramServers::stop, "bgml-diagram-server-stop"));
        }
        return server;
    }

    static synchronized void stop() {
        if (server != null) {
            try {
                server.close();
            } catch (Exception e) {
                // shutting down anyway
            }
            server = null;
        }
    }

    /** The built client inside the diagram bundle, extracted as a whole folder (a jarred bundle's files are not on disk). */
    private static Path clientDir() throws Exception {
        Bundle bundle = FrameworkUtil.getBundle(DiagramServer.class);
        URL dist = bundle == null ? null : bundle.getEntry("client/dist/");
        if (dist == null) {
            throw new IllegalStateException("the org.bgml.diagram bundle has no client/dist/ (it is built with npm; rebuild with Node.js installed)");
        }
        URL file = FileLocator.toFileURL(dist);
        return Path.of(new java.io.File(file.getPath()).getAbsolutePath());
    }
}
