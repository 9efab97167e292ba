package org.bgml.diagram.glsp;

import org.bgml.diagram.BgmlTypes;
import org.bgml.diagram.gmodel.BgmlGModelFactory;
import org.bgml.diagram.handler.ApplyPropertyHandler;
import org.bgml.diagram.handler.ChangeBoundsHandler;
import org.bgml.diagram.handler.CreateConnectionHandler;
import org.bgml.diagram.handler.CreateEntityHandler;
import org.bgml.diagram.handler.CreateMetricHandler;
import org.bgml.diagram.handler.CreatePortHandler;
import org.bgml.diagram.handler.DeleteHandler;
import org.bgml.diagram.handler.InstantiatePatternHandler;
import org.bgml.diagram.handler.LayoutHandler;
import org.bgml.diagram.handler.NameValidator;
import org.bgml.diagram.handler.RenameHandler;
import org.bgml.diagram.layout.BgmlLayoutEngine;
import org.eclipse.glsp.server.actions.ActionHandler;
import org.eclipse.glsp.server.di.DiagramModule;
import org.eclipse.glsp.server.di.MultiBinding;
import org.eclipse.glsp.server.diagram.DiagramConfiguration;
import org.eclipse.glsp.server.features.core.model.GModelFactory;
import org.eclipse.glsp.server.features.core.model.ModelSubmissionHandler;
import org.eclipse.glsp.server.features.core.model.RequestModelActionHandler;
import org.eclipse.glsp.server.features.core.model.SourceModelStorage;
import org.eclipse.glsp.server.features.directediting.LabelEditValidator;
import org.eclipse.glsp.server.features.toolpalette.ToolPaletteItemProvider;
import org.eclipse.glsp.server.features.validation.ModelValidator;
import org.eclipse.glsp.server.layout.LayoutEngine;
import org.eclipse.glsp.server.model.GModelState;
import org.eclipse.glsp.server.operations.CompoundOperationHandler;
import org.eclipse.glsp.server.operations.OperationHandler;

import com.google.inject.Singleton;

/** The table of contents of the BGML diagram: every handler, service, validator and provider of a session. */
public class BgmlDiagramModule extends DiagramModule {
    @Override
    public String getDiagramType() {
        return BgmlTypes.DIAGRAM_TYPE;
    }

    @Override
    protected void configureBase() {
        super.configureBase();
        bind(ModelSubmissionHandler.class).to(BgmlModelSubmissionHandler.class);
        // the services the diagram is built with, one of each per session
        bind(BgmlGModelFactory.class).in(Singleton.class);
        bind(BgmlDiagnostics.class).in(Singleton.class);
        bind(BgmlLayoutEngine.class).in(Singleton.class);
    }

    @Override
    protected Class<? extends DiagramConfiguration> bindDiagramConfiguration() {
        return BgmlDiagramConfiguration.class;
    }

    @Override
    protected Class<? extends GModelState> bindGModelState() {
        return BgmlModelState.class;
    }

    @Override
    protected Class<? extends SourceModelStorage> bindSourceModelStorage() {
        return BgmlSourceModelStorage.class;
    }

    @Override
    protected Class<? extends GModelFactory> bindGModelFactory() {
        return TimedGModelFactory.class;
    }

    @Override
    protected Class<? extends LayoutEngine> bindLayoutEngine() {
        return BgmlLayoutEngine.class;
    }

    @Override
    protected Class<? extends ModelValidator> bindModelValidator() {
        return BgmlMarkers.class;
    }

    @Override
    protected Class<? extends LabelEditValidator> bindLabelEditValidator() {
        return NameValidator.class;
    }

    @Override
    protected Class<? extends ToolPaletteItemProvider> bindToolPaletteItemProvider() {
        return BgmlPalette.class;
    }

    @Override
    protected void configureActionHandlers(MultiBinding<ActionHandler> binding) {
        super.configureActionHandlers(binding);
        binding.rebind(RequestModelActionHandler.class, BgmlRequestModelHandler.class);
        binding.add(BgmlActionHandlers.SetViewpoint.class);
        binding.add(BgmlActionHandlers.SelectResult.class);
        binding.add(BgmlActionHandlers.RequestProperties.class);
        binding.add(RunHandler.class);
        binding.add(SavePatternHandler.class);
        binding.add(RunHandler.Finish.class);
        binding.add(DiagramSessions.TaskHandler.class);
        binding.add(DeferredValidation.Handler.class);
    }

    @Override
    protected void configureOperationHandlers(MultiBinding<OperationHandler<?>> binding) {
        binding.add(CompoundOperationHandler.class);
        binding.add(CreateEntityHandler.class);
        binding.add(CreatePortHandler.class);
        binding.add(CreateMetricHandler.class);
        binding.add(CreateConnectionHandler.class);
        binding.add(ChangeBoundsHandler.class);
        binding.add(DeleteHandler.class);
        binding.add(RenameHandler.class);
        binding.add(ApplyPropertyHandler.class);
        binding.add(LayoutHandler.class);
        binding.add(InstantiatePatternHandler.class);
    }
}
