import {
    Action,
    EditorContextService,
    FitToScreenAction,
    GModelRoot,
    IActionDispatcher,
    IActionHandler,
    IDiagramStartup,
    LayoutOperation,
    RedoAction,
    SaveModelAction,
    TYPES,
    UndoAction
} from '@eclipse-glsp/client';
import { inject, injectable, postConstruct } from 'inversify';
import { CssClasses, VIEWPOINTS, Viewpoint } from '../protocol/element-types';
import { RunAction, RunAvailableAction, RunProgressAction, SetViewpointAction } from '../protocol/bgml-actions';
import { START_FIT, wasFittedOnArrival } from '../diagram/fit-on-arrival';
import { BGML_HOST_CONFIG, HostConfig } from '../host/host-config';
import { BGML_SHELL, ShellElements, el } from './shell';

const VIEWPOINT_LABELS: Record<Viewpoint, string> = {
    interconnection: 'Interconnection',
    metric: 'Metrics',
    configuration: 'Configuration'
};

/**
 * Viewpoint switcher, deployment toggle, undo/redo/save/layout buttons, the dirty marker and the Generate & Run
 * button with its progress. The run button stays hidden until the server says a run service exists.
 */
@injectable()
export class Toolbar implements IActionHandler, IDiagramStartup {
    @inject(BGML_SHELL) protected shell: ShellElements;
    @inject(BGML_HOST_CONFIG) protected config: HostConfig;
    @inject(TYPES.IActionDispatcher) protected dispatcher: IActionDispatcher;
    @inject(EditorContextService) protected editorContext: EditorContextService;

    protected viewpoint: Viewpoint = 'interconnection';
    protected showDeployment = false;
    protected viewpointButtons = new Map<Viewpoint, HTMLButtonElement>();
    protected deploymentToggle: HTMLInputElement;
    protected dirtyMarker: HTMLElement;
    protected runGroup: HTMLElement;
    protected runButton: HTMLButtonElement;
    protected runTarget: HTMLSelectElement;
    protected runProgress: HTMLProgressElement;
    protected runStatus: HTMLElement;
    /** Offered when a run was refused because the deployment's hosts are not this machine. */
    protected runHereButton: HTMLButtonElement;
    /** The target and configuration of the latest run request, for running it again on this host. */
    protected lastRun?: RunAction;

    @postConstruct()
    protected build(): void {
        const bar = this.shell.toolbar;
        const button = (id: string, text: string, title: string, action: () => void): HTMLButtonElement => {
            const b = el('button', { id, type: 'button', class: 'bgml-button', title }, text);
            b.addEventListener('click', action);
            return b;
        };
        const edit = el('div', { class: 'bgml-group', role: 'group', 'aria-label': 'Edit' });
        edit.append(
            button('bgml-undo', 'Undo', 'Undo (Ctrl+Z)', () => this.dispatcher.dispatch(UndoAction.create())),
            button('bgml-redo', 'Redo', 'Redo (Ctrl+Shift+Z)', () => this.dispatcher.dispatch(RedoAction.create())),
            button('bgml-save', 'Save', 'Save (Ctrl+S)', () => this.dispatcher.dispatch(SaveModelAction.create())),
            button('bgml-layout', 'Layout', 'Lay out automatically (Ctrl+Shift+L)', () => this.dispatcher.dispatch(LayoutOperation.create())),
            button('bgml-fit', 'Fit', 'Fit the diagram to the window', () =>
                this.dispatcher.dispatch(FitToScreenAction.create([], { padding: 20, animate: false }))
            )
        );
        this.dirtyMarker = el('span', { id: 'bgml-dirty', class: 'bgml-dirty', title: 'Unsaved changes' }, '●');
        this.dirtyMarker.hidden = true;
        edit.append(this.dirtyMarker);

        const viewpoints = el('div', { id: 'bgml-viewpoints', class: 'bgml-group bgml-segmented', role: 'radiogroup', 'aria-label': 'Viewpoint' });
        for (const viewpoint of VIEWPOINTS) {
            const b = button('bgml-viewpoint-' + viewpoint, VIEWPOINT_LABELS[viewpoint], `Show the ${viewpoint} viewpoint`, () =>
                this.selectViewpoint(viewpoint, this.showDeployment)
            );
            b.setAttribute('role', 'radio');
            b.dataset.viewpoint = viewpoint;
            this.viewpointButtons.set(viewpoint, b);
            viewpoints.append(b);
        }
        this.deploymentToggle = el('input', { id: 'bgml-deployment', type: 'checkbox' });
        this.deploymentToggle.addEventListener('change', () => this.selectViewpoint(this.viewpoint, this.deploymentToggle.checked));
        const deployment = el('label', { class: 'bgml-group bgml-toggle', title: 'Show processes as containers' }, this.deploymentToggle, 'Deployment');

        // filled with the server's registered targets when it says a run service exists
        this.runTarget = el('select', { id: 'bgml-run-target', title: 'Target middleware' });
        this.runButton = button('bgml-run', 'Generate & Run', 'Generate, build and run the benchmark', () =>
            this.run(RunAction.create(this.runTarget.value))
        );
        this.runHereButton = button(
            'bgml-run-here',
            'Run on this host anyway',
            'Start every process of the deployment on this machine; the stored run and its report say that the deployment was collapsed',
            () => this.run(RunAction.create(this.lastRun?.target ?? this.runTarget.value, this.lastRun?.configuration, true))
        );
        this.runHereButton.hidden = true;
        this.runProgress = el('progress', { id: 'bgml-run-progress', max: '1', value: '0' });
        this.runProgress.hidden = true;
        this.runStatus = el('span', { id: 'bgml-run-status', class: 'bgml-run-status', 'aria-live': 'polite' });
        this.runGroup = el('div', { id: 'bgml-run-group', class: 'bgml-group' }, this.runTarget, this.runButton, this.runProgress, this.runStatus, this.runHereButton);
        this.runGroup.hidden = true;

        bar.append(edit, viewpoints, deployment, this.runGroup);
        this.viewpoint = (VIEWPOINTS as readonly string[]).includes(this.config.viewpoint) ? (this.config.viewpoint as Viewpoint) : 'interconnection';
        this.renderViewpoint();
        this.editorContext.onDirtyStateChanged(change => (this.dirtyMarker.hidden = !change.isDirty));
        this.editorContext.onModelRootChanged(root => this.syncFromRoot(root));
    }

    postModelInitialization(): void {
        // show the whole model at first, never enlarged (a model fitted as it arrived is already)
        if (!wasFittedOnArrival(this.editorContext.modelRoot)) {
            this.dispatcher.dispatch(FitToScreenAction.create([], START_FIT));
        }
        if (this.viewpoint !== 'interconnection') {
            this.selectViewpoint(this.viewpoint, this.showDeployment);
        }
    }

    selectViewpoint(viewpoint: Viewpoint, showDeployment: boolean): void {
        this.viewpoint = viewpoint;
        this.showDeployment = showDeployment;
        this.renderViewpoint();
        this.dispatcher.dispatch(SetViewpointAction.create(viewpoint, showDeployment));
    }

    protected renderViewpoint(): void {
        for (const [viewpoint, b] of this.viewpointButtons) {
            const active = viewpoint === this.viewpoint;
            b.classList.toggle('active', active);
            b.setAttribute('aria-checked', String(active));
        }
        this.deploymentToggle.checked = this.showDeployment;
        this.shell.root.dataset.viewpoint = this.viewpoint;
    }

    /** The server marks the viewpoint it rendered on the root; follow it (e.g. after a reload). */
    protected syncFromRoot(root: Readonly<GModelRoot>): void {
        const css = root.cssClasses ?? [];
        const shown = css.find(c => c.startsWith(CssClasses.VIEWPOINT_PREFIX))?.substring(CssClasses.VIEWPOINT_PREFIX.length);
        if (shown && (VIEWPOINTS as readonly string[]).includes(shown) && shown !== this.viewpoint) {
            this.viewpoint = shown as Viewpoint;
            this.renderViewpoint();
        }
    }

    handle(action: Action): void {
        if (action.kind === RunAvailableAction.KIND) {
            const available = action as RunAvailableAction;
            this.showTargets(available.targets ?? []);
            this.runGroup.hidden = !available.available;
        } else if (action.kind === RunProgressAction.KIND) {
            this.showProgress(action as RunProgressAction);
        }
    }

    protected run(action: RunAction): void {
        this.lastRun = action;
        this.runHereButton.hidden = true;
        this.dispatcher.dispatch(action);
    }

    protected showTargets(targets: string[]): void {
        const chosen = this.runTarget.value;
        this.runTarget.replaceChildren(...targets.map(target => el('option', { value: target }, target)));
        if (targets.includes(chosen)) {
            this.runTarget.value = chosen;
        }
    }

    protected showProgress(progress: RunProgressAction): void {
        const finished = progress.phase === 'done' || progress.phase === 'failed';
        this.runButton.disabled = !finished;
        this.runProgress.hidden = finished;
        if (progress.totalSamples && progress.totalSamples > 0) {
            this.runProgress.max = progress.totalSamples;
            this.runProgress.value = progress.samples ?? 0;
        } else {
            this.runProgress.removeAttribute('value');
        }
        // a refusal for the hosts alone can be overruled on purpose; anything else hides the offer
        this.runHereButton.hidden = !(progress.phase === 'failed' && progress.canCollapse === true);
        this.runStatus.dataset.phase = progress.phase;
        this.runStatus.textContent = progress.phase + (progress.message ? ': ' + progress.message : '');
    }
}
