package org.bgml.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.bgml.ide.core.launch.BenchmarkJob;
import org.bgml.ide.core.launch.BenchmarkLaunch;
import org.bgml.ide.core.launch.BenchmarkLaunchDelegate;
import org.bgml.launcher.RunProgress.Phase;
import org.bgml.launcher.process.ChildProcess;
import org.bgml.launcher.process.ProcessGroups;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunSummary;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.ResultSet;
import org.bgml.model.RunStatus;
import org.bgml.model.io.ModelFiles;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IProcess;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The "BGML Benchmark" launch runs a real benchmark (roundtrip on omniORB, fewer samples) through the launch
 * framework: progress through every phase, output in the launch's console, the run in the project's results store
 * and its numbers on the model file; and cancelling a run leaves no benchmark process behind.
 */
class BenchmarkLaunchTest {

    @BeforeAll
    static void needsOmniOrb() {
        Assumptions.assumeTrue(Workspace.hasOmniOrb(), "omniORB is not installed (apt-get install omniidl libomniorb4-dev)");
    }

    @Test
    void launchRunsTheBenchmarkStoresItAndAnnotatesTheModel() throws Exception {
        IProject project = Workspace.project("perf");
        IFile model = Workspace.write(project, "roundtrip.bgml", Workspace.roundtrip(2000, 100));
        ILaunchConfiguration config = BenchmarkLaunch.findOrCreate(model, "omniorb");
        assertEquals(config, BenchmarkLaunch.findOrCreate(model, "omniorb"), "the one-click action reuses the launch it made");

        ILaunch launch = config.launch(ILaunchManager.RUN_MODE, null);
        BenchmarkJob job = Ui.awaitJob(model, 30);
        job.join(TimeUnit.MINUTES.toMillis(8), null);
        IStatus status = job.getResult();
        IProcess process = launch.getProcesses()[0];
        String console = Ui.output(process, "== Measuring");
        assertNotNull(status, "the run finished within 8 minutes");
        assertTrue(status.isOK(), status + "\n" + console + process.getStreamsProxy().getErrorStreamMonitor().getContents());
        assertTrue(launch.isTerminated(), "the launch ends with the run");
        assertEquals(0, process.getExitValue());

        assertTrue(job.phases().containsAll(List.of(Phase.GENERATING, Phase.BUILDING, Phase.STARTING, Phase.MEASURING, Phase.COLLECTING)),
                "progress went through every phase: " + job.phases());
        assertEquals(job.samplesPlanned(), job.samples(), "the live sample count reached the plan");
        assertTrue(job.samplesPlanned() >= 4 * 2000, "planned " + job.samplesPlanned());
        assertTrue(console.contains("== Measuring"), console);
        assertTrue(console.contains("[TaoTaoServerProcess]") || console.contains("[build]"), "process output streams into the console:\n" + console);

        String runId = job.outcome().stored().runId();
        try (ResultsStore store = ResultsStore.openExisting(BenchmarkLaunch.store(model))) {
            List<RunSummary> runs = store.runs(model.getLocation().toOSString(), 0);
            RunSummary run = runs.stream().filter(r -> r.runId().equals(runId)).findFirst().orElseThrow();
            assertEquals("omniorb", run.target());
            assertTrue(run.measurements() >= 4, "measurements stored: " + run.measurements());
        }
        BenchmarkModel annotated = ModelFiles.loadModel(model.getLocation().toFile().toPath());
        ResultSet set = annotated.getResults().stream().filter(r -> runId.equals(r.getRunId())).findFirst().orElseThrow();
        assertEquals(RunStatus.OK, set.getStatus());
        assertTrue(set.getMeasurements().stream().anyMatch(m -> m.getElement() != null), "measurements are attached to model elements");
        assertTrue(model.isSynchronized(0), "the workspace sees the annotated file");
        assertTrue(Files.isRegularFile(job.report()), "report " + job.report());
        assertTrue(job.report().getFileName().toString().contains(runId));
    }

    @Test
    void cancellingARunStopsEveryBenchmarkProcess() throws Exception {
        IProject project = Workspace.project("perf");
        IFile model = Workspace.write(project, "roundtrip.bgml", Workspace.roundtrip(50_000_000, 100));
        ILaunchConfiguration config = BenchmarkLaunch.findOrCreate(model, "omniorb");
        BenchmarkJob job = BenchmarkLaunchDelegate.createJob(config, null);
        job.schedule();

        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(6);
        while (job.samples() == 0 && System.nanoTime() < deadline && job.getState() != Job.NONE) {
            Thread.sleep(50);
        }
        assertTrue(job.samples() > 0, "the benchmark started measuring; phases " + job.phases() + ", result " + job.getResult());
        List<Long> groups = new ArrayList<>();
        for (ChildProcess c : ProcessGroups.live()) {
            groups.add(c.pgid());
        }
        assertFalse(groups.isEmpty(), "benchmark processes are running");

        job.cancel();
        assertTrue(job.join(TimeUnit.SECONDS.toMillis(60), null), "the run stopped within a minute of cancelling");
        assertEquals(IStatus.CANCEL, job.getResult().getSeverity(), String.valueOf(job.getResult()));
        for (long pgid : groups) {
            assertEquals(List.of(), ProcessGroups.members(pgid), "process group " + pgid + " is gone");
        }
        assertEquals(List.of(), ProcessGroups.live(), "no process group is left registered");
    }

    static {
        DebugPlugin.getDefault(); // the debug framework is started before any launch
    }
}
