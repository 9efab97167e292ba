package org.bgml.diagram.glsp;

import java.util.List;

import org.bgml.model.BenchmarkModel;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.ecore.util.EContentAdapter;

import com.google.inject.Inject;

/**
 * Validation of the session's model, as a service of the diagram: the foundation's validator runs again only after
 * the model changed, since a move, a viewpoint or a run choice leaves its diagnostics as they were. The diagnostics
 * go into the model state, where the diagram's error classes and the live markers read them.
 */
public class BgmlDiagnostics {
    @Inject
    protected BgmlModelState state;

    /** Counts every change anywhere in the watched model. */
    private final ChangeCounter changes = new ChangeCounter();
    private BenchmarkModel watched;
    private long validatedAt = -1;
    /** The next {@link #current()} answers without validating (the diagram goes out first). */
    private boolean deferNext;
    /** A diagram was built without diagnostics and the validation is still to run ({@link #validateDeferred()}). */
    private boolean pending;

    public BgmlDiagnostics() {
    }

    /** Outside a GLSP session (benchmarks). */
    public BgmlDiagnostics(BgmlModelState state) {
        this.state = state;
    }

    /**
     * Lets the next {@link #current()} answer with no diagnostics instead of validating, when the model has not been
     * validated yet: the first diagram of a session goes to the client without waiting for the validation (on the
     * 1,000-component model that takes about as long as building the diagram), and {@link #validateDeferred()} runs
     * it afterwards. False takes that back, when no diagram was built after all.
     */
    public void deferNextValidation(boolean defer) {
        deferNext = defer;
    }

    /** Whether a diagram was built before validating and {@link #validateDeferred()} has not run since. */
    public boolean pending() {
        return pending;
    }

    /** Runs the validation a diagram was built without; null when none is pending. */
    public List<ModelDiagnostic> validateDeferred() {
        if (!pending) {
            return null;
        }
        pending = false;
        return current();
    }

    /** The diagnostics of the state's model as it is now; validates when it changed since the last call. */
    public List<ModelDiagnostic> current() {
        boolean defer = deferNext;
        deferNext = false;
        BenchmarkModel model = state.getModel();
        if (model != watched) {
            if (watched != null) {
                watched.eAdapters().remove(changes);
            }
            model.eAdapters().add(changes);
            watched = model;
            validatedAt = -1;
        }
        List<ModelDiagnostic> diagnostics = state.getDiagnostics();
        if (validatedAt != changes.count || diagnostics == null) {
            if (defer) {
                pending = true;
                state.getTimings().validateNanos = 0;
                state.setDiagnostics(List.of()); // none known yet; validatedAt still says the model needs validating
                return state.getDiagnostics();
            }
            pending = false;
            long t0 = System.nanoTime();
            diagnostics = new ModelValidator().validate(model);
            state.getTimings().validateNanos = System.nanoTime() - t0;
            state.setDiagnostics(diagnostics);
            validatedAt = changes.count;
        }
        return diagnostics;
    }

    /** How many changes the model has seen since it is watched: equal counts mean an unchanged model. */
    public long changeCount() {
        return changes.count;
    }

    /** Counts every change anywhere in the model (adding, removing or setting anything). */
    private static final class ChangeCounter extends EContentAdapter {
        long count;

        @Override
        public void notifyChanged(Notification n) {
            super.notifyChanged(n);
            if (!n.isTouch()) {
                count++;
            }
        }
    }
}
