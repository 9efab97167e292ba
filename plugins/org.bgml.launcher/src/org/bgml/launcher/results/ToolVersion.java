package org.bgml.launcher.results;

/** The version of BGML Studio that ran or stored something: the launcher bundle's version, or "dev" outside OSGi. */
public final class ToolVersion {
    private ToolVersion() {
    }

    public static String current() {
        try {
            org.osgi.framework.Bundle bundle = org.osgi.framework.FrameworkUtil.getBundle(ToolVersion.class);
            if (bundle != null) {
                return "BGML Studio " + bundle.getVersion();
            }
        } catch (NoClassDefFoundError e) {
            // not running in OSGi
        }
        String property = System.getProperty("bgml.version");
        return "BGML Studio " + (property != null ? property : "dev");
    }
}
