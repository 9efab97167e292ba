package org.bgml.targets;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.SynchronousBundleListener;

/**
 * The registry inside OSGi: reads {@value TargetDescriptor#SERVICE_FILE} from every installed bundle and loads the
 * classes it names through that bundle. Kept apart from {@link Targets} so that the registry also loads where the
 * OSGi API is not on the class path.
 */
final class BundleScan {
    private static volatile boolean listening;

    private BundleScan() {
    }

    /**
     * Every descriptor the installed bundles name, or null when this code does not run inside a framework.
     *
     * @param broken  receives one line per descriptor that cannot be loaded
     * @param changed called when bundles come or go, so the caller looks again
     */
    static List<TargetDescriptor> descriptors(List<String> broken, Runnable changed) {
        BundleContext context = context();
        if (context == null) {
            return null;
        }
        listen(context, changed);
        List<TargetDescriptor> found = new ArrayList<>();
        for (Bundle b : context.getBundles()) {
            if (b.getState() != Bundle.UNINSTALLED) {
                found.addAll(fromBundle(b, broken));
            }
        }
        return found;
    }

    /** This bundle's context inside OSGi, else null. */
    private static BundleContext context() {
        Bundle self = FrameworkUtil.getBundle(BundleScan.class);
        if (self == null) {
            return null;
        }
        BundleContext context = self.getBundleContext();
        if (context == null) {
            // resolved but not started: the system bundle's context sees the same bundles
            Bundle system = FrameworkUtil.getBundle(Bundle.class);
            context = system == null ? null : system.getBundleContext();
        }
        return context;
    }

    private static void listen(BundleContext context, Runnable changed) {
        if (!listening) {
            synchronized (BundleScan.class) {
                if (!listening) {
                    context.addBundleListener((SynchronousBundleListener) e -> {
                        int type = e.getType();
                        if (type == BundleEvent.RESOLVED || type == BundleEvent.UNRESOLVED || type == BundleEvent.UNINSTALLED
                                || type == BundleEvent.UPDATED) {
                            changed.run();
                        }
                    });
                    listening = true;
                }
            }
        }
    }

    /** The descriptors a bundle names; one that cannot be loaded (an unresolvable bundle, a wrong class) is reported, not fatal. */
    private static List<TargetDescriptor> fromBundle(Bundle bundle, List<String> broken) {
        URL entry = bundle.getEntry(TargetDescriptor.SERVICE_FILE);
        if (entry == null) {
            return List.of();
        }
        List<TargetDescriptor> targets = new ArrayList<>();
        for (String name : classNames(entry)) {
            try {
                Object t = bundle.loadClass(name).getDeclaredConstructor().newInstance();
                targets.add((TargetDescriptor) t);
            } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                broken.add(bundle.getSymbolicName() + ": " + name + ": " + e);
            }
        }
        return targets;
    }

    private static List<String> classNames(URL entry) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(entry.openStream(), StandardCharsets.UTF_8))) {
            return r.lines().map(l -> l.replaceFirst("#.*", "").trim()).filter(l -> !l.isEmpty()).collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
