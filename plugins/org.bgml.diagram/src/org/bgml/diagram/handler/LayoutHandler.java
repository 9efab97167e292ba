package org.bgml.diagram.handler;

import java.util.Optional;

import org.bgml.diagram.layout.AutoLayout;
import org.eclipse.emf.common.command.Command;
import org.eclipse.glsp.server.operations.LayoutOperation;

/** The {@code layout} operation: ELK lays out the whole diagram again (undoable). */
public class LayoutHandler extends BgmlOperationHandler<LayoutOperation> {
    public LayoutHandler() {
        super(LayoutOperation.class);
    }

    @Override
    public Optional<Command> createCommand(LayoutOperation op) {
        return edit("Layout", () -> AutoLayout.layoutAll(state.getModel(), state.getLayout()));
    }
}
