import { Action, EditorContextService, IActionHandler, IDiagramStartup, SetModelAction, UpdateModelAction } from '@eclipse-glsp/client';
import { inject, injectable, postConstruct } from 'inversify';
import { BGML_SHELL, ShellElements } from '../panels/shell';
import { MoveNodesAction, SetProblemsAction } from '../protocol/bgml-actions';

/**
 * Publishes the diagram's state on the shell element for hosts and tests: `data-state` (loading, ready) and
 * `data-revision`, counted up after each model from the server (set, update, or the nodes a move shifted) has been
 * drawn; selection and hover feedback do not count. `data-selection` is a JSON array of the selected elements' ids.
 * `data-validated` is `true` once the server's problems list has come: the first model is drawn before the server has
 * validated it, and its error and warning classes come just before that list.
 */
@injectable()
export class DiagramState implements IDiagramStartup, IActionHandler {
    @inject(BGML_SHELL) protected shell: ShellElements;
    @inject(EditorContextService) protected editorContext: EditorContextService;

    revision = 0;
    protected pendingServerModel = false;
    protected listeners: Array<(revision: number) => void> = [];
    protected readyListeners: Array<() => void> = [];

    @postConstruct()
    protected init(): void {
        this.shell.root.dataset.state = 'loading';
        this.editorContext.onModelRootChanged(() => {
            if (!this.pendingServerModel) {
                return;
            }
            this.pendingServerModel = false;
            // the viewer patches the DOM in the same frame; report once it is there
            requestAnimationFrame(() => {
                this.revision++;
                this.shell.root.dataset.revision = String(this.revision);
                this.listeners.forEach(listener => listener(this.revision));
            });
        });
        this.editorContext.onDirtyStateChanged(change => (this.shell.root.dataset.dirty = String(change.isDirty)));
        // the selected elements' ids, for a host that follows the selection (the Eclipse editor's Properties view)
        this.shell.root.dataset.selection = '[]';
        this.editorContext.onSelectionChanged(change => {
            this.shell.root.dataset.selection = JSON.stringify(change.selectedElements);
        });
    }

    handle(action: Action): void {
        if (action.kind === SetProblemsAction.KIND) {
            this.shell.root.dataset.validated = 'true';
            return;
        }
        if (action.kind === SetModelAction.KIND || action.kind === UpdateModelAction.KIND || action.kind === MoveNodesAction.KIND) {
            this.pendingServerModel = true;
        }
    }

    postModelInitialization(): void {
        // the first real model is set; it is on screen two frames later
        requestAnimationFrame(() =>
            requestAnimationFrame(() => {
                this.shell.root.dataset.state = 'ready';
                this.readyListeners.splice(0).forEach(listener => listener());
            })
        );
    }

    /** Calls `listener` once the first model is on screen (`data-state` ready). */
    onReady(listener: () => void): void {
        if (this.shell.root.dataset.state === 'ready') {
            listener();
        } else {
            this.readyListeners.push(listener);
        }
    }

    onRevision(listener: (revision: number) => void): void {
        this.listeners.push(listener);
    }
}
