import {
    Action,
    CenterAction,
    IActionDispatcher,
    IActionHandler,
    SelectAction,
    SetMarkersAction,
    TYPES
} from '@eclipse-glsp/client';
import { inject, injectable, postConstruct } from 'inversify';
import { Problem, SetProblemsAction } from '../protocol/bgml-actions';
import { BGML_SHELL, ShellElements, el } from './shell';

const SEVERITY_ORDER: Record<string, number> = { error: 0, warning: 1, info: 2 };

/**
 * The problems list: the validation rules' diagnostics after every change. Clicking a row selects the element it
 * names and scrolls it into view. It lists `bgmlSetProblems`; GLSP markers are the fallback for a server that
 * sends only those.
 */
@injectable()
export class ProblemsPanel implements IActionHandler {
    @inject(BGML_SHELL) protected shell: ShellElements;
    @inject(TYPES.IActionDispatcher) protected dispatcher: IActionDispatcher;

    protected receivedProblems = false;
    protected heading: HTMLElement;
    protected list: HTMLElement;

    @postConstruct()
    protected build(): void {
        this.heading = el('h2', { id: 'bgml-problems-title' }, 'Problems');
        this.list = el('ul', { id: 'bgml-problems-list', class: 'bgml-problems-list' });
        this.shell.problems.append(this.heading, this.list);
        this.render([]);
    }

    handle(action: Action): void {
        if (action.kind === SetProblemsAction.KIND) {
            this.receivedProblems = true;
            this.render((action as SetProblemsAction).problems ?? []);
        } else if (SetMarkersAction.is(action) && !this.receivedProblems) {
            this.render(
                action.markers.map(marker => ({
                    severity: marker.kind,
                    ruleId: marker.label,
                    elementId: marker.elementId,
                    message: marker.description
                }))
            );
        }
    }

    protected render(problems: Problem[]): void {
        const sorted = [...problems].sort(
            (a, b) => (SEVERITY_ORDER[a.severity.toLowerCase()] ?? 3) - (SEVERITY_ORDER[b.severity.toLowerCase()] ?? 3)
        );
        const errors = sorted.filter(p => p.severity.toLowerCase() === 'error').length;
        const warnings = sorted.filter(p => p.severity.toLowerCase() === 'warning').length;
        this.heading.textContent = `Problems (${errors} errors, ${warnings} warnings)`;
        this.shell.problems.dataset.count = String(sorted.length);
        if (sorted.length === 0) {
            this.list.replaceChildren(el('li', { class: 'bgml-hint' }, 'No problems.'));
            return;
        }
        this.list.replaceChildren(
            ...sorted.map(problem => {
                const severity = problem.severity.toLowerCase();
                const item = el(
                    'li',
                    { class: 'bgml-problem bgml-problem-' + severity, 'data-element-id': problem.elementId, tabindex: '0' },
                    el('span', { class: 'bgml-problem-severity' }, severity),
                    el('span', { class: 'bgml-problem-element' }, problem.elementId || '(model)'),
                    el('span', { class: 'bgml-problem-message' }, problem.message),
                    el('span', { class: 'bgml-problem-rule' }, problem.ruleId ? `[${problem.ruleId}]` : '')
                );
                const reveal = (): void => this.reveal(problem.elementId);
                item.addEventListener('click', reveal);
                item.addEventListener('keydown', event => event.key === 'Enter' && reveal());
                return item;
            })
        );
    }

    protected reveal(elementId: string): void {
        if (!elementId) {
            return;
        }
        this.dispatcher.dispatchAll([
            SelectAction.create({ selectedElementsIDs: [elementId], deselectedElementsIDs: true }),
            CenterAction.create([elementId], { animate: false, retainZoom: true })
        ]);
    }
}
