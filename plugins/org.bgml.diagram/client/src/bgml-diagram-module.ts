import {
    ApplyMarkersCommand,
    ApplyTypeHintsCommand,
    BindingContext,
    ConsoleLogger,
    ContainerConfiguration,
    EdgeCreationTool,
    FitToScreenCommand,
    FeatureModule,
    GCompartment,
    GCompartmentView,
    GGraph,
    GIssueMarker,
    GLabel,
    InitializeCanvasBoundsCommand,
    LocationPostprocessor,
    LogLevel,
    MessageAction,
    SetMarkersAction,
    SetModelAction,
    SetModelCommand,
    UpdateModelAction,
    StatusAction,
    TYPES,
    ToolPalette,
    bindOrRebind,
    configureActionHandler,
    configureCommand,
    configureDefaultModelElements,
    configureModelElement,
    DefaultTypes,
    editLabelFeature,
    initializeDiagramContainer,
    overrideModelElement
} from '@eclipse-glsp/client';
import { Container, interfaces } from 'inversify';
import { BgmlGraphView, BgmlLocationPostprocessor } from './diagram/cached-views';
import { BgmlEdgeCreationTool } from './diagram/edge-creation';
import { FitOnArrivalSetModelCommand, SameCanvasBoundsCommand } from './diagram/fit-on-arrival';
import { BgmlContainerManager } from './diagram/metric-drop';
import { BgmlToolPalette } from './diagram/tool-palette';
import { BgmlBadge, BgmlEdge, BgmlNode, BgmlPort } from './diagram/model';
import { MoveNodesCommand } from './diagram/move-nodes';
import { BgmlApplyMarkersCommand, BgmlApplyTypeHintsCommand } from './diagram/redraw-only-changed';
import { SetProblemClassesCommand } from './diagram/problem-classes';
import { BgmlFitToScreenCommand } from './diagram/viewport';
import {
    BgmlBadgeLabelView,
    BgmlEdgeView,
    BgmlIssueMarkerView,
    BgmlNodeView,
    BgmlPlacementLabelView,
    BgmlPortView,
    BgmlTextLabelView,
    ProblemClassPostprocessor
} from './diagram/views';
import { DiagramState } from './host/diagram-state';
import { NoticeBar } from './panels/notice-bar';
import { ProblemsPanel } from './panels/problems-panel';
import { PropertyPanel } from './panels/property-panel';
import { ResultsPanel } from './panels/results-panel';
import { Toolbar } from './panels/toolbar';
import {
    MoveNodesAction,
    PatternsChangedAction,
    RequestPropertiesAction,
    RunAvailableAction,
    RunProgressAction,
    SetProblemsAction,
    SetPropertiesAction,
    SetRunsAction,
    ShowNoticeAction
} from './protocol/bgml-actions';
import { CompartmentTypes, EdgeTypes, LabelTypes, NodeTypes, PortTypes } from './protocol/element-types';

/** Element types of PROTOCOL.md and the views that draw them. */
export const bgmlElementsModule = new FeatureModule(
    (bind, unbind, isBound, rebind) => {
        const context = { bind, unbind, isBound, rebind };
        bindOrRebind(context, TYPES.ILogger).to(ConsoleLogger).inSingletonScope();
        bindOrRebind(context, TYPES.LogLevel).toConstantValue(LogLevel.warn);
        configureDefaultModelElements(context);
        // the graph draws its children without routing every edge first (the edge views route their own)
        overrideModelElement(context, DefaultTypes.GRAPH, GGraph, BgmlGraphView);
        // ports and labels inside an entity are drawn in its coordinates, without a translation each
        rebind(LocationPostprocessor).to(BgmlLocationPostprocessor).inSingletonScope();
        for (const type of Object.values(NodeTypes)) {
            configureModelElement(context, type, BgmlNode, BgmlNodeView);
        }
        for (const type of Object.values(PortTypes)) {
            configureModelElement(context, type, BgmlPort, BgmlPortView);
        }
        for (const type of Object.values(EdgeTypes)) {
            configureModelElement(context, type, BgmlEdge, BgmlEdgeView);
        }
        configureModelElement(context, LabelTypes.NAME, GLabel, BgmlTextLabelView, { enable: [editLabelFeature] });
        configureModelElement(context, LabelTypes.KIND, GLabel, BgmlTextLabelView);
        configureModelElement(context, LabelTypes.RESULT, GLabel, BgmlBadgeLabelView);
        configureModelElement(context, LabelTypes.HOP, GLabel, BgmlBadgeLabelView);
        configureModelElement(context, LabelTypes.PLACEMENT, GLabel, BgmlPlacementLabelView);
        // metric badges and option labels select on their own: a click opens the metric's or configuration's sheet
        configureModelElement(context, LabelTypes.METRIC, BgmlBadge, BgmlBadgeLabelView);
        configureModelElement(context, LabelTypes.OPTION, BgmlBadge, BgmlBadgeLabelView);
        // `comp:header` is one of GLSP's default types already
        configureModelElement(context, CompartmentTypes.BODY, GCompartment, GCompartmentView);
        // validation markers are left out of the overview
        overrideModelElement(context, DefaultTypes.ISSUE_MARKER, GIssueMarker, BgmlIssueMarkerView);
        // a refused connection is explained instead of silently ignored
        rebind(EdgeCreationTool).to(BgmlEdgeCreationTool).inSingletonScope();
        // the tool palette starts minimized where it would hide much of a small canvas
        rebind(ToolPalette).to(BgmlToolPalette).inSingletonScope();
        // a metric from the palette drops onto the connection or port under the mouse
        bind(BgmlContainerManager).toSelf().inSingletonScope();
        rebind(TYPES.IContainerManager).toService(BgmlContainerManager);
        bind(ProblemClassPostprocessor).toSelf().inSingletonScope();
        // fit to screen counts labels on edges where they are drawn (Sprotty's command made the viewport NaN)
        bindOrRebind(context, FitToScreenCommand).to(BgmlFitToScreenCommand);
        // a model from the server is fitted to the canvas before it is first drawn
        bindOrRebind(context, SetModelCommand).to(FitOnArrivalSetModelCommand);
        bindOrRebind(context, InitializeCanvasBoundsCommand).to(SameCanvasBoundsCommand);
        // a move answers with what moved, applied to the diagram the client has (PROTOCOL.md)
        configureCommand(context, MoveNodesCommand);
        // the first model's validation arrives after it, as the elements it marks (PROTOCOL.md)
        configureCommand(context, SetProblemClassesCommand);
        // type hints and markers draw again only what they change
        bindOrRebind(context, ApplyTypeHintsCommand).to(BgmlApplyTypeHintsCommand);
        bindOrRebind(context, ApplyMarkersCommand).to(BgmlApplyMarkersCommand);
        bind(TYPES.IVNodePostprocessor).toService(ProblemClassPostprocessor);
    },
    { featureId: Symbol('bgmlElements') }
);

/** Toolbar, property sheet, problems list, results panel and notice bar around the diagram. */
export const bgmlPanelsModule = new FeatureModule(
    (bind, unbind, isBound, rebind) => {
        const context = { bind, unbind, isBound, rebind };
        singleton(context, Toolbar, NoticeBar, PropertyPanel, ProblemsPanel, ResultsPanel, DiagramState);

        configureActionHandler(context, RunAvailableAction.KIND, Toolbar);
        configureActionHandler(context, RunProgressAction.KIND, Toolbar);
        configureActionHandler(context, SetPropertiesAction.KIND, PropertyPanel);
        configureActionHandler(context, RequestPropertiesAction.KIND, PropertyPanel);
        configureActionHandler(context, PatternsChangedAction.KIND, ToolPalette);
        configureActionHandler(context, MoveNodesAction.KIND, PropertyPanel);
        configureActionHandler(context, SetProblemsAction.KIND, ProblemsPanel);
        configureActionHandler(context, SetMarkersAction.KIND, ProblemsPanel);
        configureActionHandler(context, SetRunsAction.KIND, ResultsPanel);
        configureActionHandler(context, ShowNoticeAction.KIND, NoticeBar);
        configureActionHandler(context, MessageAction.KIND, NoticeBar);
        configureActionHandler(context, StatusAction.KIND, NoticeBar);
        configureActionHandler(context, SetModelAction.KIND, DiagramState);
        configureActionHandler(context, UpdateModelAction.KIND, DiagramState);
        configureActionHandler(context, MoveNodesAction.KIND, DiagramState);
        configureActionHandler(context, SetProblemsAction.KIND, DiagramState);

        bind(TYPES.ISelectionListener).toService(PropertyPanel);
        bind(TYPES.ISelectionListener).toService(ResultsPanel);
        bind(TYPES.IDiagramStartup).toService(Toolbar);
        bind(TYPES.IDiagramStartup).toService(DiagramState);
    },
    { featureId: Symbol('bgmlPanels') }
);

function singleton(context: Pick<BindingContext, 'bind'>, ...classes: Array<interfaces.Newable<unknown>>): void {
    for (const constructor of classes) {
        context.bind(constructor).toSelf().inSingletonScope();
    }
}

export function createBgmlDiagramContainer(...configuration: ContainerConfiguration): Container {
    return initializeDiagramContainer(new Container(), bgmlElementsModule, bgmlPanelsModule, ...configuration);
}
