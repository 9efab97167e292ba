package org.bgml.diagram.glsp;

import java.util.Map;

import org.bgml.diagram.layout.LayoutStore;
import org.eclipse.emf.common.command.AbstractCommand;
import org.eclipse.emf.ecore.change.ChangeDescription;
import org.eclipse.emf.ecore.change.util.ChangeRecorder;

/**
 * An edit of the EMF model (and of the layout beside it), recorded while it runs so that undo and redo replay the
 * recorded change: the same idea as EMF's ChangeCommand, which lives in emf.edit, a bundle we do not ship.
 */
public final class ModelCommand extends AbstractCommand {
    private final BgmlModelState state;
    private final Runnable change;
    private ChangeDescription description;
    private Map<String, LayoutStore.Bounds> layoutBefore;
    private Map<String, LayoutStore.Bounds> layoutAfter;

    public ModelCommand(BgmlModelState state, String label, Runnable change) {
        super(label);
        this.state = state;
        this.change = change;
    }

    @Override
    protected boolean prepare() {
        return true;
    }

    @Override
    public void execute() {
        layoutBefore = state.getLayout().snapshot();
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
        description.applyAndReverse();
        state.getLayout().restore(layoutBefore);
    }

    @Override
    public void redo() {
        description.applyAndReverse();
        state.getLayout().restore(layoutAfter);
    }
}
