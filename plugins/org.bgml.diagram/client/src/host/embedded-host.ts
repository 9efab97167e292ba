import { HostConfig } from './host-config';
import { ShellElements, el } from '../panels/shell';

/** Root class of a page hosted by the Eclipse model editor. */
export const ECLIPSE_HOST_CLASS = 'bgml-host-eclipse';
/** Root class while the side panel is shown in the Eclipse editor. */
export const SIDE_OPEN_CLASS = 'bgml-side-open';

/**
 * Fits the page to its host. In the Eclipse editor the workbench's Problems view lists the model's diagnostics (a
 * double click selects the element here) and its Properties view shows the selected element, so the page hides its own
 * problems list and folds its side panel (properties, results) away behind a toolbar button: the canvas takes the
 * editor. A browser page keeps everything.
 */
export function fitToHost(shell: ShellElements, config: HostConfig): void {
    if (config.host !== 'eclipse') {
        return;
    }
    shell.root.classList.add(ECLIPSE_HOST_CLASS);
    const toggle = el(
        'button',
        { id: 'bgml-side-toggle', type: 'button', class: 'bgml-button', title: 'Show or hide the property and results panel', 'aria-pressed': 'false' },
        'Panel'
    );
    toggle.addEventListener('click', () => {
        const open = shell.root.classList.toggle(SIDE_OPEN_CLASS);
        toggle.setAttribute('aria-pressed', String(open));
    });
    shell.toolbar.append(el('div', { class: 'bgml-group bgml-group-end', role: 'group', 'aria-label': 'Panels' }, toggle));
}
