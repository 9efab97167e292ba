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

    public BgmlDiagnostics() {
    }

    /** Outside a GLSP session (benchmarks). */
    public BgmlDiagnostics(BgmlModelState state) {
        this.state = state;
    }

    /** The diagnostics of the state's model as it is now; validates when it changed since the last call. */
    public List<ModelDiagnostic> current() {
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
