package org.bgml.diagram.server;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

import org.eclipse.jetty.ee10.servlet.DefaultServlet;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.util.resource.Resource;
import org.eclipse.jetty.util.resource.ResourceFactory;
import org.eclipse.jetty.util.resource.URLResourceFactory;

/**
 * The built diagram client (index.html and its assets), served by Jetty's {@link DefaultServlet}: content types,
 * path normalisation and the refusal of anything outside the folder are Jetty's. The files come from one folder, or
 * without one from the {@code client/dist/} resources packaged in this bundle.
 */
final class StaticFiles {
    static final String PACKAGED = "client/dist/";

    static {
        // inside OSGi the packaged files have bundle URLs, which Jetty reads through java.net.URL (unregistered, it
        // would take them for file system paths)
        for (String scheme : new String[] { "bundleresource", "bundleentry" }) {
            ResourceFactory.registerResourceFactory(scheme, new URLResourceFactory());
        }
    }

    private StaticFiles() {
    }

    /** Serves the client at {@code /} of {@code context}: from {@code root}, or the packaged copy when it is null. */
    static void serve(ServletContextHandler context, Path root) {
        Resource base = root != null ? ResourceFactory.of(context).newResource(root.toAbsolutePath().normalize()) : packaged(context);
        if (base != null) {
            context.setBaseResource(base);
        }
        context.setWelcomeFiles(new String[] { "index.html" });
        ServletHolder files = new ServletHolder("client", DefaultServlet.class);
        files.setInitParameter("dirAllowed", "false");
        // a rebuilt client shows at the next reload
        files.setInitParameter("cacheControl", "no-store");
        context.addServlet(files, "/");
    }

    private static Resource packaged(ServletContextHandler context) {
        URL index = StaticFiles.class.getClassLoader().getResource(PACKAGED + "index.html");
        if (index == null) {
            return null; // not built: every file answers 404 (ClientLocation.available tells the user)
        }
        try {
            String url = index.toURI().toString();
            return ResourceFactory.of(context).newResource(java.net.URI.create(url.substring(0, url.length() - "index.html".length())));
        } catch (URISyntaxException e) {
            throw new IllegalStateException("the packaged diagram client has an unusable location: " + index, e);
        }
    }

    /** Whether this installation packages the client (the bundle built with client/dist). */
    static boolean packaged() {
        return StaticFiles.class.getClassLoader().getResource(PACKAGED + "index.html") != null;
    }
}
