package org.bgml.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.bgml.ide.core.launch.BenchmarkLaunch;
import org.bgml.ide.core.launch.BenchmarkLaunchDelegate;
import org.bgml.ui.launch.BenchmarkTab;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Benchmark tab of a "BGML Benchmark" launch configuration loads a configuration, saves it back, and refuses a missing model;
 * its engine choice and a Slurm launch's placement before anything starts.
 */
class BenchmarkTabTest {
    private Shell shell;

    @AfterEach
    void close() {
        Ui.run(() -> {
            if (shell != null && !shell.isDisposed()) {
                shell.dispose();
            }
        });
    }

    @Test
    void loadsAndSavesAConfigurationAndRefusesAMissingModel() throws Exception {
        IFile file = Workspace.write(Workspace.project("tabs"), "roundtrip.bgml", Workspace.example("roundtrip.bgml"));
        ILaunchConfigurationType type = DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurationType("org.bgml.ide.core.benchmark");
        ILaunchConfigurationWorkingCopy in = type.newInstance(null, "tab-in");
        in.setAttribute(BenchmarkLaunch.MODEL, file.getFullPath().toString());
        in.setAttribute(BenchmarkLaunch.TARGET, "omniorb");
        in.setAttribute(BenchmarkLaunch.DEPLOYMENT, "collocated");
        in.setAttribute(BenchmarkLaunch.CONFIGURATION, "omniorbLoopback");
        in.setAttribute(BenchmarkLaunch.OUTPUT, "out/bench");
        in.setAttribute(BenchmarkLaunch.OPEN_REPORT, false);
        in.setAttribute(BenchmarkLaunch.KEEP, 3);

        BenchmarkTab tab = new BenchmarkTab();
        Composite control = Ui.sync(() -> {
            shell = new Shell(Ui.display());
            tab.createControl(shell);
            tab.initializeFrom(in);
            return (Composite) tab.getControl();
        });
        assertTrue(Ui.sync(() -> tab.isValid(in)), () -> "valid: " + Ui.sync(tab::getErrorMessage));
        assertNull(Ui.sync(tab::getErrorMessage));
        List<String> deployments = Ui.sync(() -> List.of(Ui.after(control, "Deployment:", Combo.class).getItems()));
        assertEquals(List.of("(the model's first)", "remote", "collocated"), deployments, "the model's deployments are offered");

        ILaunchConfigurationWorkingCopy out = type.newInstance(null, "tab-out");
        Ui.run(() -> tab.performApply(out));
        assertEquals(file.getFullPath().toString(), out.getAttribute(BenchmarkLaunch.MODEL, ""));
        assertEquals("omniorb", out.getAttribute(BenchmarkLaunch.TARGET, ""));
        assertEquals("collocated", out.getAttribute(BenchmarkLaunch.DEPLOYMENT, ""));
        assertEquals("omniorbLoopback", out.getAttribute(BenchmarkLaunch.CONFIGURATION, ""));
        assertEquals("out/bench", out.getAttribute(BenchmarkLaunch.OUTPUT, ""));
        assertFalse(out.getAttribute(BenchmarkLaunch.OPEN_REPORT, true));
        assertEquals(3, out.getAttribute(BenchmarkLaunch.KEEP, 0));
        assertArrayEquals(new IResource[] { file }, out.getMappedResources(), "the configuration is mapped to its model");

        Ui.run(() -> Ui.after(control, "Model:", Text.class).setText("/tabs/missing.bgml"));
        assertFalse(Ui.sync(() -> tab.isValid(out)), "a model that is not in the workspace is refused");
        assertEquals("Choose a .bgml model file in the workspace", Ui.sync(tab::getErrorMessage));

        Ui.run(() -> Ui.after(control, "Model:", Text.class).setText(file.getFullPath().toString()));
        Ui.run(() -> Ui.after(control, "Configuration:", Combo.class).setText("noSuchConfiguration"));
        assertFalse(Ui.sync(() -> tab.isValid(out)));
        assertEquals("The model has no configuration 'noSuchConfiguration'", Ui.sync(tab::getErrorMessage));
    }

    /**
     * A deployment whose nodes are other hosts: the tab refuses it until "Run every process on this host" is ticked,
     * and so does the launch itself, before any job starts; ticked, the launch configuration carries the choice.
     */
    @Test
    void aDeploymentOnOtherHostsNeedsTheBoxTicked() throws Exception {
        String twoHosts = Workspace.example("roundtrip.bgml").replaceFirst("<nodes name=\"localhost\" cpuCount=\"2\">",
                "<nodes name=\"localhost\" host=\"hosta.example\" cpuCount=\"2\">");
        IFile file = Workspace.write(Workspace.project("tabs-hosts"), "two-hosts.bgml", twoHosts);
        ILaunchConfigurationType type = DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurationType("org.bgml.ide.core.benchmark");
        ILaunchConfigurationWorkingCopy in = type.newInstance(null, "tab-hosts");
        BenchmarkLaunch.initialize(in, file, "omniorb");
        in.setAttribute(BenchmarkLaunch.DEPLOYMENT, "remote");

        org.eclipse.core.runtime.CoreException refused = org.junit.jupiter.api.Assertions.assertThrows(
                org.eclipse.core.runtime.CoreException.class, () -> org.bgml.ide.core.launch.BenchmarkLaunchDelegate.createJob(in, null));
        assertTrue(refused.getMessage().contains("node localhost on hosta.example"), refused.getMessage());
        assertTrue(refused.getMessage().contains("Run every process on this host"), refused.getMessage());

        BenchmarkTab tab = new BenchmarkTab();
        Composite control = Ui.sync(() -> {
            shell = new Shell(Ui.display());
            tab.createControl(shell);
            tab.initializeFrom(in);
            return (Composite) tab.getControl();
        });
        assertFalse(Ui.sync(() -> tab.isValid(in)));
        assertTrue(Ui.sync(tab::getErrorMessage).contains("localhost (hosta.example)"), Ui.sync(tab::getErrorMessage));

        org.eclipse.swt.widgets.Button box = Ui.sync(() -> java.util.Arrays.stream(control.getChildren())
                .filter(w -> w instanceof org.eclipse.swt.widgets.Button b && b.getText().startsWith("Run every process on this host"))
                .map(w -> (org.eclipse.swt.widgets.Button) w).findFirst().orElseThrow());
        Ui.run(() -> box.setSelection(true));
        assertTrue(Ui.sync(() -> tab.isValid(in)), () -> "valid: " + Ui.sync(tab::getErrorMessage));
        assertTrue(Ui.sync(tab::getMessage).contains("collapsed onto this host"), Ui.sync(tab::getMessage));
        ILaunchConfigurationWorkingCopy out = type.newInstance(null, "tab-hosts-out");
        Ui.run(() -> tab.performApply(out));
        assertTrue(out.getAttribute(BenchmarkLaunch.ALL_ON_THIS_HOST, false));
        org.bgml.ide.core.launch.BenchmarkLaunchDelegate.createJob(out, null);
    }

    /**
     * The engine: a Slurm configuration's host map and partition come back into the tab and go out again; the host
     * map and partition are enabled only for Slurm and "every process on this host" only for the local engine; both
     * chosen at once, or a malformed host map, is the tab's error.
     */
    @Test
    void storesTheSlurmEngineWithItsHostMapAndPartition() throws Exception {
        IFile file = Workspace.write(Workspace.project("tabs-slurm"), "roundtrip.bgml", Workspace.example("roundtrip.bgml"));
        ILaunchConfigurationType type = DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurationType("org.bgml.ide.core.benchmark");
        ILaunchConfigurationWorkingCopy in = type.newInstance(null, "tab-slurm");
        BenchmarkLaunch.initialize(in, file, "omniorb");
        assertEquals(BenchmarkLaunch.ENGINE_LOCAL, in.getAttribute(BenchmarkLaunch.ENGINE, ""), "a new configuration runs locally");
        in.setAttribute(BenchmarkLaunch.DEPLOYMENT, "remote");
        in.setAttribute(BenchmarkLaunch.ENGINE, BenchmarkLaunch.ENGINE_SLURM);
        in.setAttribute(BenchmarkLaunch.HOSTS, "localhost=n2");
        in.setAttribute(BenchmarkLaunch.PARTITION, "bench");
        in.setAttribute(BenchmarkLaunch.NODE_COMMAND, "/shared/bgml/bin/bgml");

        BenchmarkTab tab = new BenchmarkTab();
        Composite control = Ui.sync(() -> {
            shell = new Shell(Ui.display());
            tab.createControl(shell);
            tab.initializeFrom(in);
            return (Composite) tab.getControl();
        });
        Combo engine = Ui.sync(() -> Ui.after(control, "Engine:", Combo.class));
        Text hosts = Ui.sync(() -> Ui.after(control, "Host map:", Text.class));
        Text partition = Ui.sync(() -> Ui.after(control, "Partition:", Text.class));
        Text nodeCommand = Ui.sync(() -> Ui.after(control, "bgml on the nodes:", Text.class));
        Button box = Ui.sync(() -> java.util.Arrays.stream(control.getChildren())
                .filter(w -> w instanceof Button b && b.getText().startsWith("Run every process on this host"))
                .map(w -> (Button) w).findFirst().orElseThrow());
        assertEquals("slurm", Ui.sync(engine::getText));
        assertEquals("localhost=n2", Ui.sync(hosts::getText));
        assertEquals("bench", Ui.sync(partition::getText));
        assertEquals("/shared/bgml/bin/bgml", Ui.sync(nodeCommand::getText));
        assertTrue(Ui.sync(hosts::isEnabled) && Ui.sync(partition::isEnabled) && Ui.sync(nodeCommand::isEnabled),
                "Slurm's fields are enabled for Slurm");
        assertFalse(Ui.sync(box::isEnabled), "\"every process on this host\" is for the local engine");
        assertTrue(Ui.sync(() -> tab.isValid(in)), () -> "valid: " + Ui.sync(tab::getErrorMessage));

        ILaunchConfigurationWorkingCopy out = type.newInstance(null, "tab-slurm-out");
        Ui.run(() -> tab.performApply(out));
        assertEquals("slurm", out.getAttribute(BenchmarkLaunch.ENGINE, ""));
        assertEquals("localhost=n2", out.getAttribute(BenchmarkLaunch.HOSTS, ""));
        assertEquals("bench", out.getAttribute(BenchmarkLaunch.PARTITION, ""));
        assertEquals("/shared/bgml/bin/bgml", out.getAttribute(BenchmarkLaunch.NODE_COMMAND, ""));
        assertFalse(out.getAttribute(BenchmarkLaunch.ALL_ON_THIS_HOST, true));

        Ui.run(() -> hosts.setText("localhost"));
        assertFalse(Ui.sync(() -> tab.isValid(out)), "a malformed host map is refused");
        assertTrue(Ui.sync(tab::getErrorMessage).contains("modelNode=slurmNode"), Ui.sync(tab::getErrorMessage));
        Ui.run(() -> hosts.setText("localhost=n2"));
        Ui.run(() -> nodeCommand.setText("bin/bgml"));
        assertFalse(Ui.sync(() -> tab.isValid(out)), "a relative bgml command is refused: the nodes start it from elsewhere");
        assertTrue(Ui.sync(tab::getErrorMessage).contains("must be an absolute path"), Ui.sync(tab::getErrorMessage));
        Ui.run(() -> nodeCommand.setText("/shared/bgml/bin/bgml"));

        Ui.run(() -> engine.setText("local"));
        assertFalse(Ui.sync(hosts::isEnabled) || Ui.sync(partition::isEnabled) || Ui.sync(nodeCommand::isEnabled),
                "Slurm's fields are disabled for the local engine");
        assertTrue(Ui.sync(box::isEnabled));
        Ui.run(() -> tab.performApply(out));
        assertEquals("local", out.getAttribute(BenchmarkLaunch.ENGINE, ""));

        Ui.run(() -> {
            box.setSelection(true);
            engine.setText("slurm");
        });
        assertFalse(Ui.sync(() -> tab.isValid(out)), "Slurm and \"every process on this host\" exclude each other");
        assertTrue(Ui.sync(tab::getErrorMessage).contains("goes with the local engine, not with Slurm"), Ui.sync(tab::getErrorMessage));
        assertTrue(Ui.sync(box::isEnabled), "a box still ticked under Slurm can be unticked in place");
    }

    /**
     * A Slurm launch places every model node before anything starts: a node that the host map does not name and that
     * Slurm does not know is refused with the node, its host and the cluster's nodes; so is a malformed map, and the
     * Slurm engine together with "every process on this host". No job exists afterwards.
     */
    @Test
    void aSlurmLaunchRefusesANodeSlurmDoesNotKnowBeforeAnyJob() throws Exception {
        String twoHosts = Workspace.example("roundtrip.bgml").replaceFirst("<nodes name=\"localhost\" cpuCount=\"2\">",
                "<nodes name=\"localhost\" host=\"hosta.example\" cpuCount=\"2\">");
        IFile file = Workspace.write(Workspace.project("slurm-launch"), "two-hosts.bgml", twoHosts);
        ILaunchConfigurationType type = DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurationType("org.bgml.ide.core.benchmark");
        ILaunchConfigurationWorkingCopy config = type.newInstance(null, "slurm-launch");
        BenchmarkLaunch.initialize(config, file, "omniorb");
        config.setAttribute(BenchmarkLaunch.DEPLOYMENT, "remote");
        config.setAttribute(BenchmarkLaunch.ENGINE, BenchmarkLaunch.ENGINE_SLURM);
        config.setAttribute(BenchmarkLaunch.HOSTS, "");
        java.util.List<String> asked = new java.util.ArrayList<>();
        org.bgml.experiment.slurm.MultiHostRun.NodeList cluster = () -> {
            asked.add("sinfo");
            return List.of("n1", "n2");
        };
        int jobsBefore = org.eclipse.core.runtime.jobs.Job.getJobManager().find(org.bgml.ide.core.launch.BenchmarkJob.FAMILY).length;

        CoreException unknown = assertThrows(CoreException.class, () -> BenchmarkLaunchDelegate.createJob(config, null, cluster));
        assertTrue(unknown.getMessage().contains("model node 'localhost' (host hosta.example) is no Slurm node and is not in the host map"),
                unknown.getMessage());
        assertTrue(unknown.getMessage().contains("Slurm nodes: n1 n2"), unknown.getMessage());
        assertEquals(List.of("sinfo"), asked, "the cluster's nodes were asked for");

        config.setAttribute(BenchmarkLaunch.HOSTS, "localhost=n9");
        CoreException unmapped = assertThrows(CoreException.class, () -> BenchmarkLaunchDelegate.createJob(config, null, cluster));
        assertTrue(unmapped.getMessage().contains("is mapped to 'n9', which is no Slurm node"), unmapped.getMessage());

        config.setAttribute(BenchmarkLaunch.HOSTS, "localhost");
        CoreException malformed = assertThrows(CoreException.class, () -> BenchmarkLaunchDelegate.createJob(config, null, cluster));
        assertTrue(malformed.getMessage().contains("--hosts needs modelNode=slurmNode pairs separated by commas, got 'localhost'"),
                malformed.getMessage());

        config.setAttribute(BenchmarkLaunch.HOSTS, "hosta.example=n2");
        config.setAttribute(BenchmarkLaunch.ALL_ON_THIS_HOST, true);
        CoreException both = assertThrows(CoreException.class, () -> BenchmarkLaunchDelegate.createJob(config, null, cluster));
        assertTrue(both.getMessage().contains("goes with the local engine, not with Slurm"), both.getMessage());
        assertEquals(jobsBefore, org.eclipse.core.runtime.jobs.Job.getJobManager().find(org.bgml.ide.core.launch.BenchmarkJob.FAMILY).length,
                "no benchmark job was created");

        config.setAttribute(BenchmarkLaunch.ALL_ON_THIS_HOST, false);
        if (System.getenv("BGML_COMMAND") == null) {
            CoreException noCommand = assertThrows(CoreException.class, () -> BenchmarkLaunchDelegate.createJob(config, null, cluster));
            assertTrue(noCommand.getMessage().contains("set BGML_COMMAND"), noCommand.getMessage());
        } else {
            assertNotNull(BenchmarkLaunchDelegate.createJob(config, null, cluster), "a node mapped through its host is placed");
        }
        config.setAttribute(BenchmarkLaunch.NODE_COMMAND, "/shared/bgml/bin/bgml");
        assertNotNull(BenchmarkLaunchDelegate.createJob(config, null, cluster),
                "with the nodes' bgml command on the launch, no BGML_COMMAND is needed");
    }
}
