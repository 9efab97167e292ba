package org.bgml.generator.common.descriptor;

import java.util.List;
import java.util.Map;

import org.bgml.generator.common.TargetGenerator;
import org.bgml.model.Middleware;

/**
 * What a target is, in one place: every list of targets (the command line's usage and checks, the IDE's launch tab
 * and toolchain preferences, the diagram's target chooser and option catalogues, the tests) derives from these.
 * A target bundle names its implementation in {@code META-INF/services/org.bgml.generator.common.descriptor.TargetDescriptor};
 * the registry ({@code org.bgml.targets.Targets}) finds it there at run time, inside OSGi and outside.
 * Implementations have a public no-argument constructor and are cheap to create: no templates are loaded until
 * {@link #generator()} is called.
 */
public interface TargetDescriptor {
    /** Where a target bundle names its descriptor class (one class name a line, {@code #} starts a comment). */
    String SERVICE_FILE = "META-INF/services/" + TargetDescriptor.class.getName();

    /** The target's name on the command line and in launch configurations, e.g. {@code tao}. */
    String id();

    /** A short human name for choosers, e.g. {@code TAO (CORBA 2.x)}. */
    String label();

    /** The middleware whose option settings this target applies. */
    Middleware middleware();

    /**
     * Whether this target applies option settings of the given middleware's catalogues. By default only its own;
     * a target built on another middleware (CIAO on TAO) says so.
     */
    default boolean appliesSettingsOf(Middleware m) {
        return m == middleware();
    }

    /**
     * The option catalogue shipped for this target, as a file under {@code bgml:/catalogs/} (e.g. {@code tao.bgml}),
     * or null when it reads another target's catalogue.
     */
    String catalog();

    /** The toolchain locations this target's builds and runs need, in the order they are detected. */
    List<ToolchainVariable> toolchain();

    /** True for the one target used when none is named: the one that runs on a fresh machine. */
    default boolean isDefault() {
        return false;
    }

    /** Whether this target can build and run here: every toolchain location is set or detected, and checks out. */
    default boolean runsHere() {
        return runsHere(System.getenv(), System.getenv("PATH"));
    }

    /** The same, from explicit inputs. */
    default boolean runsHere(Map<String, String> env, String path) {
        return Toolchain.detect(toolchain(), v -> null, env, path).stream().allMatch(Toolchain.Location::ok);
    }

    /** The generator: turns a plan into every file of a runnable benchmark for this target. */
    TargetGenerator generator();
}
