package org.bgml.cli;

import org.bgml.model.BgmlPackage;
import org.bgml.model.io.FormatVersion;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

import picocli.CommandLine.IVersionProvider;

/** {@code bgml --version}: the tool's version (its bundle's) and the model file format it reads and writes. */
final class Versions implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] { "bgml " + tool(), "model format " + FormatVersion.CURRENT + " (" + BgmlPackage.eNS_URI + ")",
                "Java " + Runtime.version() + " (" + System.getProperty("java.vendor", "unknown vendor") + ")" };
    }

    static String tool() {
        try {
            Bundle bundle = FrameworkUtil.getBundle(Versions.class);
            if (bundle != null) {
                return bundle.getVersion().toString();
            }
        } catch (LinkageError e) {
            // not running inside OSGi
        }
        return "(version unknown: not started from a built bundle)";
    }
}
