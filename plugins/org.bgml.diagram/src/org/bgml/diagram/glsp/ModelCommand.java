package org.bgml.diagram.glsp;

import java.util.Map;

import org.bgml.diagram.layout.LayoutStore;
import org.eclipse.emf.common.command.AbstractCommand;
import org.eclipse.emf.ecore.change.ChangeDescription;
import org.eclipse.emf.ecore.change.util.ChangeRecorder;

/**
 * An edit of the EMF model (and of the layout beside it), recorded while it runs so that undo and redo replay the
 * recorded change: the same idea as EMF's ChangeCommand, which lives in emf.edit, a bundle we do not ship. An edit of
 * the layout alone ({@link #layoutOnly}) records no model change: recording attaches to every object of the model,
 * which costs a move on the 1,000-component model more than the move itself.
 */
public final class ModelCommand extends AbstractCommand {
    private final BgmlModelState state;
    private final Runnable change;
    private final boolean recordsModel;
    private ChangeDescription description;
    private Map<String, LayoutStore.Bounds> layoutBefore;
    private Map<String, LayoutStore.Bounds> layoutAfter;

    public ModelCommand(BgmlModelState state, String label, Runnable change) {
        this(state, label, change, true);
    }

    private ModelCommand(BgmlModelState state, String label, Runnable change, boolean recordsModel) {
        super(label);
        this.state = state;
        this.change = change;
        this.recordsModel = recordsModel;
    }

    /** An edit that changes only the layout (node places and sizes), never the model. */
    public static ModelCommand layoutOnly(BgmlModelState state, String label, Runnable change) {
        return new ModelCommand(state, label, change, false);
    }

    @Override
    protected boolean prepare() {
        return true;
    }

    @Override
    public void execute() {
        layoutBefore = state.getLayout().snapshot();
        if (!recordsModel) {
            change.run();
            layoutAfter = state.getLayout().snapshot();
            return;
        }
        ChangeRecorder recorder = new ChangeRecorder(state.getModel());
        try {
            change.run();
        } finally {
            description = recorder.endRecording();
            recorder.dispose();
        }
        layoutAfter = state.getLayout().snapshot();
    }

    @Override
    public void undo() {
        if (description != null) {
            description.applyAndReverse();
        }
        state.getLayout().restore(layoutBefore);
    }

    @Override
    public void redo() {
        if (description != null) {
            description.applyAndReverse();
        }
        state.getLayout().restore(layoutAfter);
    }
}
