import { Action, Operation } from '@eclipse-glsp/client';
import { Viewpoint } from './element-types';

/* Custom actions of PROTOCOL.md. Client -> server first, then server -> client. */

export interface SetViewpointAction extends Action {
    kind: typeof SetViewpointAction.KIND;
    viewpoint: Viewpoint;
    showDeployment: boolean;
}
export namespace SetViewpointAction {
    export const KIND = 'bgmlSetViewpoint';
    export function create(viewpoint: Viewpoint, showDeployment: boolean): SetViewpointAction {
        return { kind: KIND, viewpoint, showDeployment };
    }
}

export interface SelectResultAction extends Action {
    kind: typeof SelectResultAction.KIND;
    runId: string;
    metric: string;
}
export namespace SelectResultAction {
    export const KIND = 'bgmlSelectResult';
    export function create(runId: string, metric: string): SelectResultAction {
        return { kind: KIND, runId, metric };
    }
}

export interface RequestPropertiesAction extends Action {
    kind: typeof RequestPropertiesAction.KIND;
    elementId: string;
}
export namespace RequestPropertiesAction {
    export const KIND = 'bgmlRequestProperties';
    export function create(elementId: string): RequestPropertiesAction {
        return { kind: KIND, elementId };
    }
}

export interface ApplyPropertyOperation extends Operation {
    kind: typeof ApplyPropertyOperation.KIND;
    elementId: string;
    property: string;
    value: string;
}
export namespace ApplyPropertyOperation {
    export const KIND = 'bgmlApplyProperty';
    export function create(elementId: string, property: string, value: string): ApplyPropertyOperation {
        return { kind: KIND, isOperation: true, elementId, property, value };
    }
}

export interface RunAction extends Action {
    kind: typeof RunAction.KIND;
    /** A registered target's id; none: the server's default target. */
    target?: string;
    configuration?: string;
    /** Run a deployment whose nodes are other hosts on this machine, on purpose; without it the server refuses it. */
    allOnThisHost?: boolean;
}
export namespace RunAction {
    export const KIND = 'bgmlRun';
    export function create(target?: string, configuration?: string, allOnThisHost?: boolean): RunAction {
        const action: RunAction = configuration ? { kind: KIND, target, configuration } : { kind: KIND, target };
        return allOnThisHost ? { ...action, allOnThisHost } : action;
    }
}

/**
 * `combo`: free text offering `choices`; `action`: a button that applies `value` to the property; `links`: element
 * paths (`choices`) that open in the property panel.
 */
export type PropertyKind =
    | 'text'
    | 'number'
    | 'boolean'
    | 'choice'
    | 'combo'
    | 'multichoice'
    | 'readonly'
    | 'action'
    | 'links'
    | 'list'
    | 'parameter';
/** One line of a `list` row: `text`, and a button applying property `action` with `value` (none without `action`). */
export interface PropertyEntry {
    text: string;
    action?: string;
    value?: string;
    note?: string;
}
export interface PropertyDescriptor {
    name: string;
    label: string;
    value: string;
    kind: PropertyKind;
    choices?: string[];
    entries?: PropertyEntry[];
    /** Bounds of a `number` (or of a `parameter`'s default). */
    min?: string;
    max?: string;
    /** What the field means (a tooltip and a line below it). */
    hint?: string;
}
export interface SetPropertiesAction extends Action {
    kind: typeof SetPropertiesAction.KIND;
    elementId: string;
    title: string;
    properties: PropertyDescriptor[];
    /** A form: edits stay in the panel; the action button sends this kind with every value (see PatternFormSubmit). */
    form?: string;
}
export namespace SetPropertiesAction {
    export const KIND = 'bgmlSetProperties';
}

export interface Problem {
    severity: string;
    ruleId: string;
    elementId: string;
    message: string;
}
export interface SetProblemsAction extends Action {
    kind: typeof SetProblemsAction.KIND;
    problems: Problem[];
}
export namespace SetProblemsAction {
    export const KIND = 'bgmlSetProblems';
}

export interface RunInfo {
    runId: string;
    time: string;
    target: string;
    status: string;
}
export interface SetRunsAction extends Action {
    kind: typeof SetRunsAction.KIND;
    runs: RunInfo[];
    selected?: string;
    metrics?: string[];
    selectedMetric?: string;
}
export namespace SetRunsAction {
    export const KIND = 'bgmlSetRuns';
}

export type RunPhase = 'generating' | 'building' | 'starting' | 'measuring' | 'collecting' | 'done' | 'failed';
export interface RunProgressAction extends Action {
    kind: typeof RunProgressAction.KIND;
    phase: RunPhase;
    message?: string;
    samples?: number;
    totalSamples?: number;
    runId?: string;
    /** On a refusal: true when only the deployment's hosts stood in the way, so the run may be collapsed onto this host. */
    canCollapse?: boolean;
}
export namespace RunProgressAction {
    export const KIND = 'bgmlRunProgress';
}

export interface RunAvailableAction extends Action {
    kind: typeof RunAvailableAction.KIND;
    available: boolean;
    /** The registered targets, the default first. */
    targets?: string[];
}
export namespace RunAvailableAction {
    export const KIND = 'bgmlRunAvailable';
}

/** Client-local: an edit the user tried was refused; the notice bar shows why. */
export interface ShowNoticeAction extends Action {
    kind: typeof ShowNoticeAction.KIND;
    severity: 'info' | 'warning' | 'error';
    message: string;
}
export namespace ShowNoticeAction {
    export const KIND = 'bgmlShowNotice';
    export function create(message: string, severity: ShowNoticeAction['severity'] = 'error'): ShowNoticeAction {
        return { kind: KIND, severity, message };
    }
}

/** Server → client after a move that only shifted nodes: what moved, instead of the whole diagram (`updateModel`). */
export interface NodeMove {
    elementId: string;
    x: number;
    y: number;
}
export interface LabelOffset {
    elementId: string;
    offset: number;
}
export interface MoveNodesAction extends Action {
    kind: typeof MoveNodesAction.KIND;
    moves: NodeMove[];
    labels: LabelOffset[];
}
export namespace MoveNodesAction {
    export const KIND = 'bgmlMoveNodes';
}

/** An element of the diagram the validation marks, with its worst severity. */
export interface ProblemClass {
    elementId: string;
    problem: 'error' | 'warning';
}

/**
 * Server -> client after the first model, which goes out before it is validated: the elements the validation marks,
 * drawn with the `bgml-error` or `bgml-warning` class as if the model had carried them.
 */
export interface SetProblemClassesAction extends Action {
    kind: typeof SetProblemClassesAction.KIND;
    elements: ProblemClass[];
}
export namespace SetProblemClassesAction {
    export const KIND = 'bgmlSetProblemClasses';
}

/** Property sheets that stand for no element: a pattern's parameters, and saving the selection as a pattern. */
export const PATTERN_SHEET = 'pattern:';
export const SAVE_PATTERN_SHEET = 'savePattern:';

/** Client -> server from a pattern's form: add the pattern with these values (one undoable edit). */
export interface InstantiatePatternOperation extends Operation {
    kind: typeof InstantiatePatternOperation.KIND;
    elementId: string;
    values: Record<string, string>;
}
export namespace InstantiatePatternOperation {
    export const KIND = 'bgmlInstantiatePattern';
}

/** Client -> server from the save form: write the selection as a pattern file next to the model. */
export interface SavePatternAction extends Action {
    kind: typeof SavePatternAction.KIND;
    elementId: string;
    values: Record<string, string>;
}
export namespace SavePatternAction {
    export const KIND = 'bgmlSavePattern';
}

/** What a form's button sends: the form's kind with every field's value (an operation when it edits the model). */
export function formSubmit(form: string, elementId: string, values: Record<string, string>): Action {
    return form === InstantiatePatternOperation.KIND
        ? ({ kind: form, isOperation: true, elementId, values } as InstantiatePatternOperation)
        : ({ kind: form, elementId, values } as Action);
}

/** Server -> client: a pattern file was saved; the palette lists the library again. */
export interface PatternsChangedAction extends Action {
    kind: typeof PatternsChangedAction.KIND;
    pattern: string;
    file: string;
}
export namespace PatternsChangedAction {
    export const KIND = 'bgmlPatternsChanged';
}
