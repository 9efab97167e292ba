package org.bgml.diagram.glsp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.diagram.actions.PatternsChangedAction;
import org.bgml.diagram.actions.SavePatternAction;
import org.bgml.diagram.properties.PatternSheets;
import org.bgml.model.Entity;
import org.bgml.model.patterns.PatternException;
import org.bgml.model.patterns.PatternWriter;
import org.eclipse.glsp.server.actions.AbstractActionHandler;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.utils.MessageActionUtil;

import com.google.inject.Inject;

/**
 * Saves the selected entities as a pattern file next to the model, with the values the user ticked as its parameters.
 * The model is not changed. The palette is told to list the new pattern.
 */
public class SavePatternHandler extends AbstractActionHandler<SavePatternAction> {
    @Inject
    protected BgmlModelState state;

    @Override
    protected List<Action> executeAction(SavePatternAction action) {
        Map<String, String> v = action.getValues();
        String name = v.getOrDefault("patternName", "").strip();
        if (state.getFile() == null) {
            return listOf(MessageActionUtil.error("Cannot save the pattern: the model has no file yet."));
        }
        List<Entity> entities = PatternSheets.entitiesOf(state.getModel(), PatternSheets.selectionOf(action.getElementId()));
        try {
            List<PatternWriter.Choice> choices = new ArrayList<>();
            for (PatternWriter.Candidate c : PatternWriter.candidates(state.getModel(), entities)) {
                if (!"true".equals(v.get("use:" + c.key()))) {
                    continue;
                }
                choices.add(new PatternWriter.Choice(c.key(), v.getOrDefault("name:" + c.key(), c.suggestedName()).strip(),
                        v.getOrDefault("default:" + c.key(), c.value()).strip(), bound(v, "min:", c, "0"),
                        bound(v, "max:", c, c.whole() ? PatternSheets.WHOLE_MAX : PatternSheets.DECIMAL_MAX), null));
            }
            String text = PatternWriter.write(state.getModel(), entities, v.getOrDefault("description", ""), choices);
            Path file = PatternWriter.save(state.getFile().toAbsolutePath().getParent(), name, text);
            return listOf(MessageActionUtil.info("Saved pattern " + name + " (" + choices.size() + " parameters) to " + file + "."),
                    new PatternsChangedAction(name, file.toString()));
        } catch (PatternException e) {
            return listOf(MessageActionUtil.error("Cannot save the pattern: " + e.getMessage() + "."));
        } catch (IOException e) {
            return listOf(MessageActionUtil.error("Cannot save the pattern: " + e.getMessage()));
        }
    }

    private static double bound(Map<String, String> v, String field, PatternWriter.Candidate c, String fallback) throws PatternException {
        String text = v.getOrDefault(field + c.key(), fallback).strip();
        try {
            return Double.parseDouble(text.isEmpty() ? fallback : text);
        } catch (NumberFormatException e) {
            throw new PatternException("the " + (field.startsWith("min") ? "lower" : "upper") + " bound '" + text + "' of " + c.label()
                    + " is not a number");
        }
    }
}
