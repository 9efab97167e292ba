package org.bgml.ide.core.launch;

import java.nio.file.Path;

import org.bgml.ide.core.BgmlIde;
import org.bgml.targets.Targets;
import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;

/** The attributes of a "BGML Benchmark" launch configuration, their defaults, and finding or making one for a model. */
public final class BenchmarkLaunch {
    /** The model file's full workspace path, e.g. {@code /perf/roundtrip.bgml}. */
    public static final String MODEL = BgmlIde.PLUGIN_ID + ".model";
    /** Generator target id: omniorb, tao, ciao, ace. */
    public static final String TARGET = BgmlIde.PLUGIN_ID + ".target";
    /** Deployment name; empty for the model's first. */
    public static final String DEPLOYMENT = BgmlIde.PLUGIN_ID + ".deployment";
    /** Configuration name; empty for the generator's choice. */
    public static final String CONFIGURATION = BgmlIde.PLUGIN_ID + ".configuration";
    /** Output folder: a workspace path ({@code /perf/out}), a path relative to the project, or an absolute path; empty for the default. */
    public static final String OUTPUT = BgmlIde.PLUGIN_ID + ".output";
    /** Whether to open the run's HTML report afterwards. */
    public static final String OPEN_REPORT = BgmlIde.PLUGIN_ID + ".openReport";
    /** Result sets to keep on the model, 0 for all. */
    public static final String KEEP = BgmlIde.PLUGIN_ID + ".keep";
    /**
     * Whether a deployment whose nodes are other hosts runs as processes of this machine, on purpose (the run records
     * the collapse); false refuses such a deployment, as {@code bgml run} does without {@code --all-on-this-host}.
     */
    public static final String ALL_ON_THIS_HOST = BgmlIde.PLUGIN_ID + ".allOnThisHost";

    /**
     * How the processes run: {@link #ENGINE_LOCAL} (as processes of this machine) or {@link #ENGINE_SLURM} (each
     * process as a job step on the Slurm node its model node is placed on), as {@code bgml run --engine}.
     */
    public static final String ENGINE = BgmlIde.PLUGIN_ID + ".engine";
    public static final String ENGINE_LOCAL = "local";
    public static final String ENGINE_SLURM = "slurm";
    /** For the Slurm engine: {@code modelNode=slurmNode,...}, empty to place nodes by name; as {@code bgml run --hosts}. */
    public static final String HOSTS = BgmlIde.PLUGIN_ID + ".hosts";
    /** For the Slurm engine: the partition, empty for the cluster's default; as {@code bgml run --partition}. */
    public static final String PARTITION = BgmlIde.PLUGIN_ID + ".partition";

    /**
     * For the Slurm engine: the absolute path of the {@code bgml} command on the nodes (a headless product on a shared
     * file system); empty for the {@code BGML_COMMAND} environment variable.
     */
    public static final String NODE_COMMAND = BgmlIde.PLUGIN_ID + ".nodeCommand";

    /** The target a launch runs when it names none: the registry's default. */
    public static String defaultTarget() {
        return Targets.defaultTarget();
    }

    private BenchmarkLaunch() {
    }

    public static ILaunchConfigurationType type() {
        return DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurationType(BgmlIde.LAUNCH_TYPE);
    }

    /** True when {@code config} is a BGML Benchmark launch of {@code model} (which need not exist any more). */
    public static boolean isFor(ILaunchConfiguration config, IFile model) throws CoreException {
        return config.getType().equals(type()) && model.getFullPath().toString().equals(config.getAttribute(MODEL, ""));
    }

    public static IFile model(ILaunchConfiguration config) throws CoreException {
        String path = config.getAttribute(MODEL, "");
        if (path.isEmpty()) {
            throw new CoreException(BgmlIde.error("the launch configuration '" + config.getName() + "' names no model file", null));
        }
        IResource r = ResourcesPlugin.getWorkspace().getRoot().findMember(path);
        if (!(r instanceof IFile file) || !file.exists()) {
            throw new CoreException(BgmlIde.error("the model file " + path + " does not exist in the workspace", null));
        }
        return file;
    }

    /** The folder the benchmark is generated, built and run in. */
    public static Path outputFolder(ILaunchConfiguration config, IFile model, String target) throws CoreException {
        String out = config.getAttribute(OUTPUT, "").trim();
        Path projectDir = model.getProject().getLocation().toFile().toPath();
        if (out.isEmpty()) {
            String stem = model.getName().replaceFirst("\\.bgml$", "");
            return projectDir.resolve(BgmlIde.WORK_FOLDER).resolve("benchmarks").resolve(stem + "-" + target);
        }
        if (out.startsWith("/")) {
            IResource r = ResourcesPlugin.getWorkspace().getRoot().findMember(out);
            if (r instanceof IContainer c && c.getLocation() != null) {
                return c.getLocation().toFile().toPath();
            }
            String first = out.substring(1).split("/")[0];
            if (ResourcesPlugin.getWorkspace().getRoot().getProject(first).exists()) {
                IResource project = ResourcesPlugin.getWorkspace().getRoot().getProject(first);
                return project.getLocation().toFile().toPath().resolve(out.substring(first.length() + 2));
            }
            return Path.of(out);
        }
        return projectDir.resolve(out);
    }

    /** The project's results store: {@code <project>/.bgml/results.db}. */
    public static Path store(IFile model) {
        return model.getProject().getLocation().toFile().toPath().resolve(BgmlIde.WORK_FOLDER).resolve("results.db");
    }

    /** The project's report folder: {@code <project>/.bgml/reports}. */
    public static Path reports(IFile model) {
        return model.getProject().getLocation().toFile().toPath().resolve(BgmlIde.WORK_FOLDER).resolve("reports");
    }

    /** The first launch configuration of this type for {@code model} and {@code target}, or a new saved one. */
    public static ILaunchConfiguration findOrCreate(IFile model, String target) throws CoreException {
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        for (ILaunchConfiguration c : manager.getLaunchConfigurations(type())) {
            if (isFor(c, model) && target.equals(c.getAttribute(TARGET, defaultTarget()))) {
                return c;
            }
        }
        String stem = model.getName().replaceFirst("\\.bgml$", "");
        ILaunchConfigurationWorkingCopy wc = type().newInstance(null, manager.generateLaunchConfigurationName(stem + " (" + target + ")"));
        initialize(wc, model, target);
        return wc.doSave();
    }

    public static void initialize(ILaunchConfigurationWorkingCopy wc, IFile model, String target) {
        wc.setAttribute(MODEL, model == null ? "" : model.getFullPath().toString());
        wc.setAttribute(TARGET, target);
        wc.setAttribute(DEPLOYMENT, "");
        wc.setAttribute(CONFIGURATION, "");
        wc.setAttribute(OUTPUT, "");
        wc.setAttribute(OPEN_REPORT, true);
        wc.setAttribute(KEEP, 0);
        wc.setAttribute(ALL_ON_THIS_HOST, false);
        wc.setAttribute(ENGINE, ENGINE_LOCAL);
        wc.setAttribute(HOSTS, "");
        wc.setAttribute(PARTITION, "");
        if (model != null) {
            wc.setMappedResources(new IResource[] { model });
        }
    }
}
