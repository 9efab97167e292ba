package org.bgml.diagram.handler;

import java.util.Optional;

import org.bgml.diagram.glsp.BgmlModelState;
import org.bgml.diagram.glsp.ModelCommand;
import org.eclipse.emf.common.command.Command;
import org.eclipse.glsp.server.actions.ActionDispatcher;
import org.eclipse.glsp.server.operations.Operation;
import org.eclipse.glsp.server.operations.OperationHandler;
import org.eclipse.glsp.server.utils.MessageActionUtil;

import com.google.inject.Inject;
import com.google.inject.Provider;

/** Base of the edit handlers: an edit is a {@link ModelCommand}; a refused edit tells the user why. */
public abstract class BgmlOperationHandler<O extends Operation> implements OperationHandler<O> {
    @Inject
    protected BgmlModelState state;
    @Inject
    protected Provider<ActionDispatcher> dispatcher;

    private final Class<O> type;

    protected BgmlOperationHandler(Class<O> type) {
        this.type = type;
    }

    @Override
    public Class<O> getHandledOperationType() {
        return type;
    }

    @Override
    public boolean handles(Operation operation) {
        return state.getModel() != null && type.isInstance(operation);
    }

    protected Optional<Command> edit(String label, Runnable change) {
        return Optional.of(new ModelCommand(state, label, change));
    }

    /** An edit of the layout alone (node places and sizes): undoable like any edit, without recording the model. */
    protected Optional<Command> editLayout(String label, Runnable change) {
        return Optional.of(ModelCommand.layoutOnly(state, label, change));
    }

    /** Refuses an edit: the client shows the message (a standard GLSP {@code message} action, severity ERROR). */
    protected Optional<Command> refuse(String message) {
        dispatcher.get().dispatch(MessageActionUtil.error(message));
        return Optional.empty();
    }
}
