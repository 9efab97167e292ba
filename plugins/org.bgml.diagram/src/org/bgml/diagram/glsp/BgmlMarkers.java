package org.bgml.diagram.glsp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.bgml.diagram.actions.SetProblemsAction;
import org.bgml.diagram.gmodel.BgmlGModelFactory;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.Severity;
import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.server.actions.ActionDispatcher;
import org.eclipse.glsp.server.features.validation.Marker;
import org.eclipse.glsp.server.features.validation.MarkerKind;
import org.eclipse.glsp.server.features.validation.ModelValidator;

import com.google.inject.Inject;
import com.google.inject.Provider;

/**
 * Live validation: the diagnostics the foundation's validator found while the diagram was built, as GLSP markers on
 * the nearest shown element, and the same list as {@code bgmlSetProblems} for the problems view.
 */
public class BgmlMarkers implements ModelValidator {
    @Inject
    protected BgmlModelState state;
    @Inject
    protected BgmlGModelFactory factory;
    @Inject
    protected Provider<ActionDispatcher> dispatcher;

    @Override
    public List<Marker> validate(List<GModelElement> elements, String reason) {
        List<Marker> markers = new ArrayList<>();
        List<SetProblemsAction.Problem> problems = new ArrayList<>();
        for (ModelDiagnostic d : state.getDiagnostics()) {
            String id = factory.displayedId(d.element());
            String kind = d.severity() == Severity.ERROR ? MarkerKind.ERROR : d.severity() == Severity.WARNING ? MarkerKind.WARNING : MarkerKind.INFO;
            markers.add(new Marker(d.ruleId(), d.elementPath() + ": " + d.message() + " [" + d.ruleId() + "]", id, kind));
            problems.add(new SetProblemsAction.Problem(d.severity().name().toLowerCase(Locale.ROOT), d.ruleId(), id, d.message()));
        }
        dispatcher.get().dispatch(new SetProblemsAction(problems));
        return markers;
    }
}
