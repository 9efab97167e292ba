package org.bgml.diagram.server;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.emf.common.util.URI;

/**
 * Where the built diagram client is: {@code $BGML_DIAGRAM_CLIENT}, or {@code plugins/org.bgml.diagram/client/dist} in
 * a source tree above the working directory or the installation (so a rebuilt client is picked up at once). When
 * neither is there, {@link #find()} returns null and the server serves the copy packaged in this bundle.
 */
public final class ClientLocation {
    static final String IN_TREE = "plugins/org.bgml.diagram/client/dist";

    private ClientLocation() {
    }

    public static Path find() {
        String env = System.getenv("BGML_DIAGRAM_CLIENT");
        if (env != null && Files.isRegularFile(Path.of(env, "index.html"))) {
            return Path.of(env);
        }
        for (String start : new String[] { System.getProperty("user.dir"), installArea(), System.getProperty("bgml.repo") }) {
            if (start == null) {
                continue;
            }
            for (Path p = Path.of(start).toAbsolutePath(); p != null; p = p.getParent()) {
                if (Files.isRegularFile(p.resolve(IN_TREE).resolve("index.html"))) {
                    return p.resolve(IN_TREE);
                }
            }
        }
        return null;
    }

    /** Whether the server can show a page at all: a folder was found, or the bundle packages the client. */
    public static boolean available(Path found) {
        return found != null || StaticFiles.packaged();
    }

    private static String installArea() {
        String area = System.getProperty("osgi.install.area");
        if (area == null) {
            return null;
        }
        return area.startsWith("file:") ? URI.createURI(area).toFileString() : area;
    }
}
