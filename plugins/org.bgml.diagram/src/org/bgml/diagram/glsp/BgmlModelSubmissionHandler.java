package org.bgml.diagram.glsp;

import java.util.List;

import org.bgml.diagram.gmodel.BgmlGModelFactory;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.features.core.model.ModelSubmissionHandler;
import org.eclipse.glsp.server.features.validation.ModelValidator;

import com.google.inject.Inject;
import com.google.inject.Singleton;

/**
 * GLSP's model submission, except that live validation is skipped when the diagram was only moved since the last
 * one: the diagnostics and the elements they mark are the same, and every set of markers makes the client draw the
 * whole diagram again (on the 1,000-component model about as long as drawing the move itself).
 */
@Singleton
public class BgmlModelSubmissionHandler extends ModelSubmissionHandler {
    @Inject
    protected BgmlGModelFactory factory;

    private long validatedBuild = -1;

    @Override
    protected List<Action> validateModel(ModelValidator modelValidator) {
        long build = factory.fullBuilds();
        if (build == validatedBuild) {
            return List.of();
        }
        validatedBuild = build;
        return super.validateModel(modelValidator);
    }
}
