package org.bgml.ui.launch;

import java.util.List;

import org.bgml.targets.Targets;
import org.bgml.experiment.slurm.HostMap;
import org.bgml.experiment.slurm.MultiHostRun;
import org.bgml.ide.core.launch.BenchmarkLaunch;
import org.bgml.launcher.run.HostCheck;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Configuration;
import org.bgml.model.Deployment;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.ui.BgmlUi;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.FilteredResourcesSelectionDialog;

/**
 * Model, target, deployment, configuration, output folder, report, result sets to keep, the engine (local, or Slurm
 * with a host map and a partition), and, for the local engine, whether a deployment on other hosts runs here on purpose.
 */
public final class BenchmarkTab extends AbstractLaunchConfigurationTab {
    private static final String FIRST = "(the model's first)";
    private Text model;
    private Combo target;
    private Combo deployment;
    private Combo configuration;
    private Text output;
    private Button openReport;
    private Button allOnThisHost;
    private Combo engine;
    private Text hosts;
    private Text partition;
    private Text nodeCommand;
    private Spinner keep;
    /** The nodes of each deployment on other hosts than this machine, from the model last read ("" for the first). */
    private final java.util.Map<String, List<HostCheck.Placement>> foreign = new java.util.HashMap<>();

    @Override
    public void createControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(3, false));
        setControl(c);

        label(c, "Model:");
        model = new Text(c, SWT.BORDER);
        model.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        model.addModifyListener(e -> {
            fillFromModel();
            changed();
        });
        Button browse = new Button(c, SWT.PUSH);
        browse.setText("Browse...");
        browse.addListener(SWT.Selection, e -> browse());

        label(c, "Target:");
        target = combo(c, SWT.READ_ONLY);
        Targets.ids().forEach(target::add);

        label(c, "Deployment:");
        deployment = combo(c, SWT.NONE);

        label(c, "Configuration:");
        configuration = combo(c, SWT.NONE);

        label(c, "Output folder:");
        output = new Text(c, SWT.BORDER);
        output.setMessage("default: .bgml/benchmarks/MODEL-TARGET in the model's project");
        output.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        output.addModifyListener(e -> changed());

        label(c, "Result sets kept on the model:");
        keep = new Spinner(c, SWT.BORDER);
        keep.setMinimum(0);
        keep.setMaximum(1000);
        keep.setToolTipText("0 keeps every run's results on the model");
        keep.addModifyListener(e -> changed());
        new Label(c, SWT.NONE).setText("(0 keeps all)");

        openReport = new Button(c, SWT.CHECK);
        openReport.setText("Show the run's report when it is done");
        openReport.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        openReport.addListener(SWT.Selection, e -> changed());

        allOnThisHost = new Button(c, SWT.CHECK);
        allOnThisHost.setText("Run every process on this host, even where the deployment puts nodes on other hosts");
        allOnThisHost.setToolTipText("Collapses a deployment whose nodes are other hosts onto this machine, on purpose;"
                + " the stored run and its report say so. Unticked, such a deployment is refused (run it with the Slurm engine"
                + " and a host map instead).");
        allOnThisHost.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        allOnThisHost.addListener(SWT.Selection, e -> {
            if (engine != null) {
                enableEngineFields();
            }
            changed();
        });

        label(c, "Engine:");
        engine = combo(c, SWT.READ_ONLY);
        engine.add(BenchmarkLaunch.ENGINE_LOCAL);
        engine.add(BenchmarkLaunch.ENGINE_SLURM);
        engine.setToolTipText("local: every process on this machine; slurm: each process as a job step on the Slurm node"
                + " its model node is placed on, inside one allocation (as bgml run --engine slurm)");
        engine.addModifyListener(e -> enableEngineFields());

        label(c, "Host map:");
        hosts = new Text(c, SWT.BORDER);
        hosts.setMessage("modelNode=slurmNode,... (empty: Slurm nodes named like the model's nodes or hosts)");
        hosts.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        hosts.addModifyListener(e -> changed());

        label(c, "Partition:");
        partition = new Text(c, SWT.BORDER);
        partition.setMessage("empty: the cluster's default partition");
        partition.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        partition.addModifyListener(e -> changed());

        label(c, "bgml on the nodes:");
        nodeCommand = new Text(c, SWT.BORDER);
        nodeCommand.setMessage("absolute path of bgml on the nodes (empty: $BGML_COMMAND)");
        nodeCommand.setToolTipText("the headless bgml command every Slurm node starts, on a file system the nodes share");
        nodeCommand.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        nodeCommand.addModifyListener(e -> changed());
        engine.setText(BenchmarkLaunch.ENGINE_LOCAL);
        enableEngineFields();
    }

    private boolean slurm() {
        return BenchmarkLaunch.ENGINE_SLURM.equals(engine.getText());
    }

    /**
     * The host map and partition go with Slurm, "every process on this host" with the local engine (a box still
     * ticked under Slurm stays enabled, with the tab's error, so that it can be unticked in place).
     */
    private void enableEngineFields() {
        hosts.setEnabled(slurm());
        partition.setEnabled(slurm());
        nodeCommand.setEnabled(slurm());
        allOnThisHost.setEnabled(!slurm() || allOnThisHost.getSelection());
    }

    private static void label(Composite c, String text) {
        new Label(c, SWT.NONE).setText(text);
    }

    private Combo combo(Composite c, int style) {
        Combo combo = new Combo(c, style | SWT.DROP_DOWN);
        combo.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        combo.addModifyListener(e -> changed());
        return combo;
    }

    private void changed() {
        setDirty(true);
        updateLaunchConfigurationDialog();
    }

    private void browse() {
        FilteredResourcesSelectionDialog dialog = new FilteredResourcesSelectionDialog(getShell(), false, ResourcesPlugin.getWorkspace().getRoot(),
                IResource.FILE);
        dialog.setTitle("BGML Model");
        dialog.setInitialPattern("*.bgml");
        if (dialog.open() == FilteredResourcesSelectionDialog.OK && dialog.getResult().length == 1) {
            model.setText(((IResource) dialog.getResult()[0]).getFullPath().toString());
        }
    }

    private IFile file() {
        IResource r = ResourcesPlugin.getWorkspace().getRoot().findMember(model.getText().trim());
        return r instanceof IFile f && "bgml".equals(f.getFileExtension()) ? f : null;
    }

    /** Offers the model's deployments and configurations. */
    private void fillFromModel() {
        String d = deployment.getText();
        String k = configuration.getText();
        deployment.removeAll();
        configuration.removeAll();
        deployment.add(FIRST);
        configuration.add(FIRST);
        foreign.clear();
        IFile f = file();
        if (f != null && f.getLocation() != null) {
            try {
                BenchmarkModel m = ModelFiles.loadModel(f.getLocation().toFile().toPath());
                for (Deployment x : m.getDeployments()) {
                    deployment.add(x.getName());
                    foreign.put(x.getName(), HostCheck.foreign(m, x.getName()));
                }
                foreign.put("", HostCheck.foreign(m, null));
                for (Configuration x : m.getConfigurations()) {
                    configuration.add(x.getName());
                }
            } catch (ModelLoadException e) {
                // isValid says what is wrong
            }
        }
        deployment.setText(d.isEmpty() ? FIRST : d);
        configuration.setText(k.isEmpty() ? FIRST : k);
    }

    @Override
    public void setDefaults(ILaunchConfigurationWorkingCopy config) {
        IFile selected = null;
        try {
            var window = org.eclipse.ui.PlatformUI.getWorkbench().getActiveWorkbenchWindow();
            if (window != null && window.getActivePage() != null) {
                selected = BgmlUi.modelOf(window.getSelectionService().getSelection());
                if (selected == null) {
                    selected = BgmlUi.modelOf(window.getActivePage().getActiveEditor());
                }
            }
        } catch (IllegalStateException e) {
            // no workbench: leave the model empty
        }
        BenchmarkLaunch.initialize(config, selected, BenchmarkLaunch.defaultTarget());
    }

    @Override
    public void initializeFrom(ILaunchConfiguration config) {
        try {
            model.setText(config.getAttribute(BenchmarkLaunch.MODEL, ""));
            target.setText(config.getAttribute(BenchmarkLaunch.TARGET, BenchmarkLaunch.defaultTarget()));
            String d = config.getAttribute(BenchmarkLaunch.DEPLOYMENT, "");
            String k = config.getAttribute(BenchmarkLaunch.CONFIGURATION, "");
            deployment.setText(d.isEmpty() ? FIRST : d);
            configuration.setText(k.isEmpty() ? FIRST : k);
            output.setText(config.getAttribute(BenchmarkLaunch.OUTPUT, ""));
            openReport.setSelection(config.getAttribute(BenchmarkLaunch.OPEN_REPORT, true));
            keep.setSelection(config.getAttribute(BenchmarkLaunch.KEEP, 0));
            allOnThisHost.setSelection(config.getAttribute(BenchmarkLaunch.ALL_ON_THIS_HOST, false));
            engine.setText(config.getAttribute(BenchmarkLaunch.ENGINE, BenchmarkLaunch.ENGINE_LOCAL));
            hosts.setText(config.getAttribute(BenchmarkLaunch.HOSTS, ""));
            partition.setText(config.getAttribute(BenchmarkLaunch.PARTITION, ""));
            nodeCommand.setText(config.getAttribute(BenchmarkLaunch.NODE_COMMAND, ""));
            enableEngineFields();
        } catch (CoreException e) {
            setErrorMessage(e.getMessage());
        }
    }

    @Override
    public void performApply(ILaunchConfigurationWorkingCopy config) {
        config.setAttribute(BenchmarkLaunch.MODEL, model.getText().trim());
        config.setAttribute(BenchmarkLaunch.TARGET, target.getText());
        config.setAttribute(BenchmarkLaunch.DEPLOYMENT, FIRST.equals(deployment.getText()) ? "" : deployment.getText().trim());
        config.setAttribute(BenchmarkLaunch.CONFIGURATION, FIRST.equals(configuration.getText()) ? "" : configuration.getText().trim());
        config.setAttribute(BenchmarkLaunch.OUTPUT, output.getText().trim());
        config.setAttribute(BenchmarkLaunch.OPEN_REPORT, openReport.getSelection());
        config.setAttribute(BenchmarkLaunch.KEEP, keep.getSelection());
        config.setAttribute(BenchmarkLaunch.ALL_ON_THIS_HOST, allOnThisHost.getSelection());
        config.setAttribute(BenchmarkLaunch.ENGINE, slurm() ? BenchmarkLaunch.ENGINE_SLURM : BenchmarkLaunch.ENGINE_LOCAL);
        config.setAttribute(BenchmarkLaunch.HOSTS, hosts.getText().trim());
        config.setAttribute(BenchmarkLaunch.PARTITION, partition.getText().trim());
        config.setAttribute(BenchmarkLaunch.NODE_COMMAND, nodeCommand.getText().trim());
        IFile f = file();
        config.setMappedResources(f == null ? null : new IResource[] { f });
    }

    @Override
    public boolean isValid(ILaunchConfiguration config) {
        setErrorMessage(null);
        setMessage(null);
        if (file() == null) {
            setErrorMessage("Choose a .bgml model file in the workspace");
            return false;
        }
        if (!Targets.isKnown(target.getText())) {
            setErrorMessage("Choose a target: " + String.join(", ", Targets.ids()));
            return false;
        }
        List<String> offered = List.of(configuration.getItems());
        if (!offered.contains(configuration.getText())) {
            setErrorMessage("The model has no configuration '" + configuration.getText() + "'");
            return false;
        }
        if (slurm()) {
            if (allOnThisHost.getSelection()) {
                setErrorMessage("\"Run every process on this host\" goes with the local engine, not with Slurm: choose one of them");
                return false;
            }
            try {
                HostMap.parse(hosts.getText());
            } catch (IllegalArgumentException e) {
                setErrorMessage("Host map: " + e.getMessage());
                return false;
            }
            try {
                MultiHostRun.bgmlCommand(nodeCommand.getText());
            } catch (IllegalArgumentException e) {
                setErrorMessage("bgml on the nodes: " + e.getMessage());
                return false;
            }
            return true; // the launch places every node on a Slurm node before anything starts
        }
        String d = FIRST.equals(deployment.getText()) ? "" : deployment.getText().trim();
        List<HostCheck.Placement> elsewhere = foreign.getOrDefault(d, List.of());
        if (!elsewhere.isEmpty()) {
            if (!allOnThisHost.getSelection()) {
                setErrorMessage("Nodes of this deployment are other hosts (" + String.join(", ", elsewhere.stream().map(Object::toString).toList())
                        + "): tick \"Run every process on this host\" to run them here on purpose, or choose the slurm engine with a host map");
                return false;
            }
            setMessage("The deployment will be collapsed onto this host: " + String.join(", ", elsewhere.stream().map(Object::toString).toList()));
        }
        return true;
    }

    @Override
    public String getName() {
        return "Benchmark";
    }
}
