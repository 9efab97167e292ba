package org.bgml.diagram.glsp;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.diagram.actions.RequestPropertiesAction;
import org.bgml.diagram.actions.SelectResultAction;
import org.bgml.diagram.actions.SetPropertiesAction;
import org.bgml.diagram.actions.SetRunsAction;
import org.bgml.diagram.actions.SetViewpointAction;
import org.bgml.diagram.handler.ModelElements;
import org.bgml.diagram.properties.PatternSheets;
import org.bgml.diagram.properties.PropertySheet;
import org.bgml.diagram.gmodel.ResultOverlay;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Measurement;
import org.bgml.model.ResultSet;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.glsp.server.actions.AbstractActionHandler;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.features.core.model.ModelSubmissionHandler;
import org.eclipse.glsp.server.utils.MessageActionUtil;

import com.google.inject.Inject;

/** The handlers of BGML's own client actions that do not change the model. */
public final class BgmlActionHandlers {
    private BgmlActionHandlers() {
    }

    /** The runs the model holds, for the run chooser. */
    public static SetRunsAction runs(BgmlModelState state) {
        BenchmarkModel model = state.getModel();
        List<SetRunsAction.Run> runs = new ArrayList<>();
        Set<String> metrics = new LinkedHashSet<>();
        for (ResultSet r : model.getResults()) {
            runs.add(new SetRunsAction.Run(r.getRunId(), r.getTime(), r.getTarget(), r.getStatus() == null ? "" : r.getStatus().getLiteral()));
            for (Measurement m : r.getMeasurements()) {
                if (m.getMetric() != null && m.getMetric().getName() != null) {
                    metrics.add(m.getMetric().getName());
                }
            }
        }
        ResultSet chosen = ResultOverlay.chosen(model, state.getRunId());
        return new SetRunsAction(runs, chosen == null || chosen.getRunId() == null ? "" : chosen.getRunId(), new ArrayList<>(metrics),
                state.getMetric());
    }

    public static class SetViewpoint extends AbstractActionHandler<SetViewpointAction> {
        @Inject
        protected BgmlModelState state;
        @Inject
        protected ModelSubmissionHandler submission;

        @Override
        protected List<Action> executeAction(SetViewpointAction action) {
            try {
                state.setViewpoint(Viewpoint.of(action.getViewpoint() == null ? "interconnection" : action.getViewpoint()));
            } catch (IllegalArgumentException e) {
                return listOf(MessageActionUtil.error(e.getMessage()));
            }
            state.setShowDeployment(action.isShowDeployment());
            return submission.submitModel();
        }
    }

    public static class SelectResult extends AbstractActionHandler<SelectResultAction> {
        @Inject
        protected BgmlModelState state;
        @Inject
        protected ModelSubmissionHandler submission;

        @Override
        protected List<Action> executeAction(SelectResultAction action) {
            state.setRunId(action.getRunId());
            state.setMetric(action.getMetric());
            List<Action> result = new ArrayList<>(submission.submitModel());
            result.add(runs(state));
            return result;
        }
    }

    public static class RequestProperties extends AbstractActionHandler<RequestPropertiesAction> {
        @Inject
        protected BgmlModelState state;

        @Override
        protected List<Action> executeAction(RequestPropertiesAction action) {
            String id = action.getElementId() == null ? "" : action.getElementId();
            if (id.startsWith(org.bgml.diagram.BgmlTypes.PATTERN_SHEET)) {
                return listOf(PatternSheets.instantiateSheet(PatternSheets.library(state.getFile()), id));
            }
            if (id.startsWith(org.bgml.diagram.BgmlTypes.SAVE_PATTERN_SHEET)) {
                return listOf(PatternSheets.saveSheet(state.getModel(), state.getFile(), id));
            }
            EObject o = ModelElements.resolve(state.getModel(), action.getElementId());
            if (o == null) {
                return listOf(new SetPropertiesAction(action.getElementId(), "(nothing selected)", List.of()));
            }
            List<SetPropertiesAction.Property> properties = new ArrayList<>(PropertySheet.of(state.getModel(), o));
            // what the validator says about this element and its contents (configurations and metrics are not drawn)
            List<String> problems = new ArrayList<>();
            for (org.bgml.validation.ModelDiagnostic d : state.getDiagnostics()) {
                for (EObject x = d.element(); x != null; x = x.eContainer()) {
                    if (x == o && (o != state.getModel() || d.element() == o)) {
                        problems.add(d.severity().name().toLowerCase(java.util.Locale.ROOT) + ": " + d.message() + " [" + d.ruleId() + "]");
                        break;
                    }
                }
            }
            if (!problems.isEmpty()) {
                properties.add(new SetPropertiesAction.Property("problems", "Problems", String.join("\n", problems), "readonly", null));
            }
            return listOf(new SetPropertiesAction(action.getElementId(), PropertySheet.title(o), properties));
        }
    }
}
