package org.bgml.diagram.handler;

import java.util.Optional;

import org.bgml.diagram.layout.BgmlLayoutEngine;
import org.eclipse.emf.common.command.Command;
import org.eclipse.glsp.server.operations.LayoutOperation;

import com.google.inject.Inject;

/** The {@code layout} operation: ELK lays out the whole diagram again (undoable). */
public class LayoutHandler extends BgmlOperationHandler<LayoutOperation> {
    @Inject
    protected BgmlLayoutEngine layout;

    public LayoutHandler() {
        super(LayoutOperation.class);
    }

    @Override
    public Optional<Command> createCommand(LayoutOperation op) {
        return editLayout("Layout", layout::layout);
    }
}
