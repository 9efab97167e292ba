package org.bgml.diagram.properties;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.diagram.BgmlTypes;
import org.bgml.diagram.actions.InstantiatePatternOperation;
import org.bgml.diagram.actions.SavePatternAction;
import org.bgml.diagram.actions.SetPropertiesAction;
import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.diagram.handler.ModelElements;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.patterns.PatternDefinition;
import org.bgml.model.patterns.PatternException;
import org.bgml.model.patterns.PatternLibrary;
import org.bgml.model.patterns.PatternParameter;
import org.bgml.model.patterns.PatternWriter;
import org.eclipse.emf.ecore.EObject;

/**
 * The two forms of the pattern library in the property panel: a pattern's parameters before it is added
 * ({@code pattern:NAME}), and the choice of parameters when the selection is saved as a pattern
 * ({@code savePattern:ID,...}). Both keep their values in the panel until their button sends them all.
 */
public final class PatternSheets {
    /** Bounds a saved whole-number parameter gets unless the user narrows them. */
    public static final String WHOLE_MAX = Integer.toString(Integer.MAX_VALUE);
    public static final String DECIMAL_MAX = "1000000000";

    private PatternSheets() {
    }

    /** The library of the model in {@code file}: the shipped patterns and the pattern files in its folder. */
    public static PatternLibrary library(Path file) {
        Path folder = file == null ? null : file.toAbsolutePath().getParent();
        return PatternLibrary.of(folder);
    }

    /** The form asking for the parameters of the pattern a {@code pattern:NAME} sheet id names. */
    public static SetPropertiesAction instantiateSheet(PatternLibrary library, String elementId) {
        String name = elementId.substring(BgmlTypes.PATTERN_SHEET.length());
        PatternDefinition p;
        try {
            p = library.find(name);
        } catch (PatternException e) {
            return new SetPropertiesAction(elementId, "(no pattern " + name + ")", List.of());
        }
        List<Property> rows = new ArrayList<>();
        rows.add(Rows.readOnly("description", "Pattern", p.description()));
        rows.add(Rows.readOnly("origin", "From", p.origin()));
        for (PatternParameter parameter : p.parameters()) {
            rows.add(switch (parameter.type()) {
            case INT, NUMBER -> new Property(parameter.name(), parameter.name(), parameter.defaultValue(), "number", null, null,
                    format(parameter.min()), format(parameter.max()), parameter.describe());
            case CHOICE -> new Property(parameter.name(), parameter.name(), parameter.defaultValue(), "choice", parameter.choices(),
                    null, null, null, parameter.describe());
            case IDENTIFIER -> new Property(parameter.name(), parameter.name(), parameter.defaultValue(), "text", null, null, null, null,
                    parameter.describe());
            });
        }
        rows.add(new Property("prefix", "Prefix", "", "text", null, null, null, null,
                "Put before every name of the instance; empty: " + p.defaultPrefix() + ", or the next free one (" + p.defaultPrefix() + "2, ...)."));
        rows.add(Rows.action("instantiate", "Add to model", name));
        return new SetPropertiesAction(elementId, "Pattern " + p.name(), rows, InstantiatePatternOperation.KIND);
    }

    /** The entities a selection stands for: selected entities, the entity of a selected port, both ends of a connection. */
    public static List<Entity> entitiesOf(BenchmarkModel model, List<String> ids) {
        Set<Entity> entities = new LinkedHashSet<>();
        for (String id : ids) {
            EObject o = ModelElements.resolve(model, id.strip());
            List<EObject> picked = o instanceof Connection c ? java.util.Arrays.asList(c.getSource(), c.getTarget()) : java.util.Arrays.asList(o);
            for (EObject x : picked) {
                Entity e = x == null ? null : ModelElements.entityOf(x);
                // a component inside an assembly is saved with its assembly
                while (e != null && e.eContainer() instanceof Entity outer) {
                    e = outer;
                }
                if (e != null) {
                    entities.add(e);
                }
            }
        }
        return model.getEntities().stream().filter(entities::contains).toList();
    }

    /** The ids a {@code savePattern:ID,...} sheet id carries. */
    public static List<String> selectionOf(String elementId) {
        String ids = elementId.substring(BgmlTypes.SAVE_PATTERN_SHEET.length());
        return ids.isBlank() ? List.of() : List.of(ids.split(","));
    }

    /** The form that saves the selection as a pattern: its name, description, and each value that may become a parameter. */
    public static SetPropertiesAction saveSheet(BenchmarkModel model, Path file, String elementId) {
        List<Entity> entities = entitiesOf(model, selectionOf(elementId));
        List<PatternWriter.Candidate> candidates;
        try {
            candidates = PatternWriter.candidates(model, entities);
        } catch (PatternException e) {
            return new SetPropertiesAction(elementId, "Save as pattern",
                    List.of(Rows.readOnly("problem", "Cannot save", e.getMessage())));
        }
        List<Property> rows = new ArrayList<>();
        rows.add(Rows.readOnly("selection", "Entities", String.join(", ", entities.stream().map(Entity::getName).toList())));
        rows.add(new Property("patternName", "Pattern name", freeName(file), "text", null, null, null, null,
                "The file NAME." + org.bgml.model.patterns.FilePattern.EXTENSION + " next to the model; also the pattern's name."));
        rows.add(Rows.text("description", "Description", ""));
        for (PatternWriter.Candidate c : candidates) {
            // one row per value: tick it to make it a parameter, with a name, a default and bounds
            rows.add(new Property(c.key(), c.label(), c.value(), "parameter", List.of(c.suggestedName()), null, "0",
                    c.whole() ? WHOLE_MAX : DECIMAL_MAX, c.whole() ? "whole number" : "number"));
        }
        rows.add(Rows.action("savePattern", "Save pattern", ""));
        return new SetPropertiesAction(elementId, "Save " + entities.size() + " entities as a pattern", rows, SavePatternAction.KIND);
    }

    /** {@code myPattern}, or {@code myPattern2}, ... : the first name no pattern of the library has. */
    static String freeName(Path file) {
        PatternLibrary library = library(file);
        for (int i = 1;; i++) {
            String name = "myPattern" + (i == 1 ? "" : Integer.toString(i));
            if (library.patterns().stream().noneMatch(p -> p.name().equals(name))) {
                return name;
            }
        }
    }

    private static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
