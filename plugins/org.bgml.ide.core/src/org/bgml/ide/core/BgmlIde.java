package org.bgml.ide.core;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;

/** Identifiers shared by the IDE bundles: marker, builder, nature and launch configuration type ids. */
public final class BgmlIde {
    public static final String PLUGIN_ID = "org.bgml.ide.core";
    public static final String MARKER = PLUGIN_ID + ".problem";
    public static final String BUILDER = PLUGIN_ID + ".builder";
    public static final String NATURE = PLUGIN_ID + ".nature";
    public static final String LAUNCH_TYPE = PLUGIN_ID + ".benchmark";
    /** Marker attribute: the stable id of the validation rule (see org.bgml.validation.Rules). */
    public static final String RULE_ID = "org.bgml.ruleId";
    /** Marker attribute: the element path of the element the problem concerns ({@code TaoTaoClient/rt}). */
    public static final String ELEMENT_PATH = "org.bgml.elementPath";
    /** The folder, in a project, where runs write their benchmarks, results store and reports. */
    public static final String WORK_FOLDER = ".bgml";

    private BgmlIde() {
    }

    public static IStatus error(String message, Throwable cause) {
        return new Status(IStatus.ERROR, PLUGIN_ID, message, cause);
    }

    public static void log(IStatus status) {
        ILog.of(BgmlIde.class).log(status);
    }
}
