package org.bgml.diagram.glsp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

import org.bgml.diagram.actions.RunAction;
import org.bgml.diagram.actions.RunProgressAction;
import org.bgml.launcher.OneClickRun;
import org.bgml.launcher.RunProgress;
import org.bgml.launcher.RunService;
import org.bgml.launcher.results.ModelAnnotator;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.run.HostCheck;
import org.eclipse.glsp.server.actions.AbstractActionHandler;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.actions.ActionDispatcher;
import org.eclipse.glsp.server.actions.SetDirtyStateAction;
import org.eclipse.glsp.server.features.core.model.ModelSubmissionHandler;
import org.eclipse.glsp.server.utils.MessageActionUtil;

import com.google.inject.Inject;

/**
 * Generate &amp; Run: saves the model, then runs it through the launcher's {@link OneClickRun} (what {@code bgml run}
 * does: generate, build, run, store in {@code .bgml/results.db}, write the report), on a thread of its own, reporting each
 * phase as {@code bgmlRunProgress}. The results are annotated onto the open model as an undoable edit and saved.
 * <p>
 * When a host in this JVM owns the file ({@link DiagramSessions#runByHost}, the Eclipse model editor), the handler
 * neither saves nor runs: it hands the request to the host, which saves through its own path and launches the run
 * its own way, and tells the client so ({@code launched}); the host reports the end with {@link DiagramSessions#runStatus}.
 */
public class RunHandler extends AbstractActionHandler<RunAction> {
    @Inject
    protected BgmlModelState state;
    @Inject
    protected ActionDispatcher dispatcher;
    @Inject
    protected ModelSubmissionHandler submission;
    /** Bound by {@link org.bgml.diagram.server.DiagramServer}: a host in this JVM may run the model itself. */
    @Inject(optional = true)
    protected DiagramSessions sessions;

    /** The phase the client shows while the host runs the model. */
    public static final String LAUNCHED = "launched";

    private final AtomicBoolean running = new AtomicBoolean();

    /** Server-internal: the run finished, the results go onto the model on the dispatcher's thread. */
    public static class RunFinishedAction extends Action {
        public static final String KIND = "bgmlRunFinished";
        transient StoredRun stored;
        transient String failure;
        transient Path report;

        public RunFinishedAction() {
            super(KIND);
        }
    }

    /** Handles {@link RunFinishedAction}. */
    public static class Finish extends AbstractActionHandler<RunFinishedAction> {
        @Inject
        protected BgmlModelState state;
        @Inject
        protected ModelSubmissionHandler submission;

        @Override
        protected List<Action> executeAction(RunFinishedAction action) {
            List<Action> result = new ArrayList<>();
            if (action.stored != null) {
                ModelAnnotator.Summary[] summary = new ModelAnnotator.Summary[1];
                state.execute(new ModelCommand(state, "Annotate run", () -> summary[0] = new ModelAnnotator().annotate(state.getModel(),
                        action.stored, 0, state.getFile().getParent(), false)));
                try {
                    org.bgml.diagram.glsp.BgmlSourceModelStorage.save(state);
                    state.saveIsDone();
                } catch (IOException e) {
                    result.add(MessageActionUtil.error("The results are on the diagram but the model was not saved: " + e.getMessage()));
                }
                state.setRunId(action.stored.runId());
                result.addAll(submission.submitModel(SetDirtyStateAction.Reason.SAVE));
                result.add(BgmlActionHandlers.runs(state));
                String text = (summary[0] == null ? "" : summary[0].attached() + " measurements, " + summary[0].passed() + " met, "
                        + summary[0].failed() + " not met") + (action.report == null ? "" : "; report " + action.report.toAbsolutePath().normalize());
                result.add(new RunProgressAction(action.failure == null ? "done" : "failed",
                        action.failure == null ? text : action.failure, 0, 0, action.stored.runId()));
            } else {
                result.add(new RunProgressAction("failed", action.failure, 0, 0, ""));
            }
            return result;
        }
    }

    @Override
    protected List<Action> executeAction(RunAction action) {
        if (sessions != null && sessions.hostRuns(state, action.getTarget(), action.getConfiguration())) {
            return listOf(new RunProgressAction(LAUNCHED, "runs as an Eclipse launch on " + action.getTarget()
                    + ": progress in the Progress view, output in the Console", 0, 0, ""));
        }
        String refusal = refusal(action);
        if (refusal != null) {
            return listOf(RunProgressAction.refusedForHosts(refusal), MessageActionUtil.error(refusal));
        }
        if (!running.compareAndSet(false, true)) {
            return listOf(new RunProgressAction("failed", "a run is already under way", 0, 0, ""));
        }
        List<Action> result = new ArrayList<>();
        try {
            if (state.isDirty()) {
                BgmlSourceModelStorage.save(state);
                state.saveIsDone();
                result.add(new SetDirtyStateAction(false, SetDirtyStateAction.Reason.SAVE));
            }
        } catch (IOException e) {
            running.set(false);
            return listOf(new RunProgressAction("failed", "the model could not be saved before the run: " + e.getMessage(), 0, 0, ""));
        }
        Path file = state.getFile();
        String stem = file.getFileName().toString().replaceFirst("\\.bgml$", "");
        Path outDir = Path.of(".bgml", "benchmarks", stem + "-" + action.getTarget()).toAbsolutePath();
        Thread worker = new Thread(() -> run(file, action.getTarget(), action.getConfiguration(), action.isAllOnThisHost(), outDir),
                "bgml-run");
        worker.setDaemon(true);
        worker.start();
        result.add(new RunProgressAction("generating", "starting " + action.getTarget(), 0, 0, ""));
        return result;
    }

    /**
     * Why the run is refused before anything is saved, built or started: the model's deployment puts nodes on other
     * hosts, and the run would start every process on this machine. Null when it may run.
     */
    private String refusal(RunAction action) {
        if (action.isAllOnThisHost() || state.getModel() == null) {
            return null;
        }
        List<HostCheck.Placement> foreign = HostCheck.foreign(state.getModel(), null);
        if (foreign.isEmpty()) {
            return null;
        }
        org.bgml.model.Deployment d = HostCheck.deployment(state.getModel(), null);
        return "refused: the " + HostCheck.what(d == null ? null : d.getName(), foreign) + ". Run them all here on purpose with"
                + " Run on this host anyway (bgml run --all-on-this-host; the run then records the collapse), or on their own hosts"
                + " with bgml run --engine slurm and a host map";
    }

    private void run(Path file, String target, String configuration, boolean allOnThisHost, Path outDir) {
        RunFinishedAction finished = new RunFinishedAction();
        long[] planned = new long[1];
        RunProgress progress = new RunProgress() {
            @Override
            public void phase(Phase phase, String detail) {
                // the launcher's own "done" comes before the results are on the open model: that is Finish's "done"
                String name = phase == Phase.STORING || phase == Phase.DONE ? "collecting" : phase.name().toLowerCase(Locale.ROOT);
                dispatcher.dispatch(new RunProgressAction(name, detail, 0, planned[0], ""));
            }

            @Override
            public void samplesPlanned(long samples) {
                planned[0] = samples;
            }

            @Override
            public void samplesTaken(long samples) {
                dispatcher.dispatch(new RunProgressAction("measuring", samples + " of " + planned[0] + " samples", samples, planned[0], ""));
            }

            @Override
            public void ready(String process) {
                dispatcher.dispatch(new RunProgressAction("measuring", process + " is ready", 0, planned[0], ""));
            }
        };
        try {
            // the launcher's one-click loop, as `bgml run` does it: generate, build, run, store, report. The model file
            // is not annotated there: the open model is, on the dispatcher's thread, as an undoable edit (Finish).
            OneClickRun.Outcome outcome = new OneClickRun().run(new OneClickRun.Request(
                    new RunService.Request(file, target, null, configuration, outDir, allOnThisHost), Path.of(ResultsStore.DEFAULT_LOCATION), null, 0,
                    false), progress);
            finished.stored = outcome.stored();
            finished.report = outcome.report();
            finished.failure = outcome.result().failure();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished.failure = "interrupted; every benchmark process was stopped";
        } catch (Exception e) {
            finished.failure = e.getMessage() == null ? e.toString() : e.getMessage();
        } finally {
            running.set(false);
            dispatcher.dispatch(finished);
        }
    }
}
