package org.bgml.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.bgml.ide.core.launch.BenchmarkLaunch;
import org.bgml.ui.launch.BenchmarkTab;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Benchmark tab of a "BGML Benchmark" launch configuration loads a configuration, saves it back, and refuses a missing model. */
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
}
