package org.bgml.diagram.handler;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.bgml.diagram.BgmlTypes;
import org.bgml.diagram.actions.InstantiatePatternOperation;
import org.bgml.diagram.properties.PatternSheets;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.patterns.PatternDefinition;
import org.bgml.model.patterns.PatternException;
import org.bgml.model.patterns.PatternInstantiator;
import org.bgml.model.patterns.PatternParameter;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * Adds a pattern of the library to the open model, as {@code bgml new --pattern} and {@code --add} do: its IDL,
 * entities, connections, processes and metrics, every name prefixed so that two instances never clash. The values are
 * checked first, on a copy of the model: a bad value is refused with the reason and nothing is added. One undoable edit.
 */
public class InstantiatePatternHandler extends BgmlOperationHandler<InstantiatePatternOperation> {
    public InstantiatePatternHandler() {
        super(InstantiatePatternOperation.class);
    }

    @Override
    public Optional<Command> createCommand(InstantiatePatternOperation op) {
        String id = op.getElementId() == null ? "" : op.getElementId();
        String name = id.startsWith(BgmlTypes.PATTERN_SHEET) ? id.substring(BgmlTypes.PATTERN_SHEET.length()) : id;
        PatternDefinition pattern;
        try {
            pattern = PatternSheets.library(state.getFile()).find(name);
        } catch (PatternException e) {
            return refuse("Cannot add a pattern: " + e.getMessage() + ".");
        }
        // the form sends every field; the parameters are the pattern's own names, the prefix its own field
        Map<String, String> given = new LinkedHashMap<>();
        for (PatternParameter p : pattern.parameters()) {
            String v = op.getValues().get(p.name());
            if (v != null) {
                given.put(p.name(), v);
            }
        }
        String prefix = op.getValues().getOrDefault("prefix", "").strip();
        BenchmarkModel model = state.getModel();
        String chosen;
        try {
            chosen = PatternInstantiator.instantiate(EcoreUtil.copy(model), pattern, given, prefix.isEmpty() ? null : prefix).prefix();
        } catch (PatternException e) {
            return refuse("Cannot add pattern " + pattern.name() + ": " + e.getMessage() + ". Nothing was added.");
        }
        return edit("Add pattern " + pattern.name() + " as " + chosen, () -> {
            try {
                PatternInstantiator.instantiate(model, pattern, given, chosen);
            } catch (PatternException e) {
                throw new IllegalStateException("pattern " + pattern.name() + " failed after its trial run: " + e.getMessage(), e);
            }
        });
    }
}
