package org.bgml.diagram.actions;

import java.util.List;

import org.eclipse.glsp.server.actions.Action;

/**
 * Server → client, instead of {@code updateModel} after a move (or its undo or redo) that only shifted top-level
 * nodes: their new positions and the new offsets of the edge labels lifted clear of them. Everything else in the
 * diagram the client has is unchanged, so the whole model need not travel and be rebuilt (PROTOCOL.md).
 */
public class MoveNodesAction extends Action {
    public static final String KIND = "bgmlMoveNodes";
    private final List<Move> moves;
    private final List<LabelOffset> labels;

    /** A node's new position (relative to its parent, as in the GModel). */
    public record Move(String elementId, double x, double y) {
    }

    /** An edge label's new {@code edgePlacement.offset}. */
    public record LabelOffset(String elementId, double offset) {
    }

    public MoveNodesAction() {
        this(List.of(), List.of());
    }

    public MoveNodesAction(List<Move> moves, List<LabelOffset> labels) {
        super(KIND);
        this.moves = moves;
        this.labels = labels;
    }

    public List<Move> getMoves() {
        return moves;
    }

    public List<LabelOffset> getLabels() {
        return labels;
    }
}
