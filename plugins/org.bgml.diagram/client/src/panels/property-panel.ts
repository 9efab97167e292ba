import { Action, EditorContextService, GModelRoot, IActionDispatcher, IActionHandler, ISelectionListener, TYPES } from '@eclipse-glsp/client';
import { inject, injectable, postConstruct } from 'inversify';
import { ApplyPropertyOperation, MoveNodesAction, PropertyDescriptor, RequestPropertiesAction, SetPropertiesAction } from '../protocol/bgml-actions';
import { ROOT_ID } from '../protocol/element-types';
import { BGML_SHELL, ShellElements, el } from './shell';

/**
 * The property sheet of the selected element. The server describes the properties (interface or event type,
 * operations, metric settings, option settings, ...) and applies edits through EMF commands, so they are undoable.
 * With nothing selected it shows the model itself (its configurations, "Add configuration"); elements the diagram
 * does not draw (configurations, metrics) open from links in a sheet and stay shown until the selection changes.
 */
@injectable()
export class PropertyPanel implements IActionHandler, ISelectionListener {
    @inject(BGML_SHELL) protected shell: ShellElements;
    @inject(TYPES.IActionDispatcher) protected dispatcher: IActionDispatcher;
    @inject(EditorContextService) protected editorContext: EditorContextService;

    protected elementId: string | undefined;
    /** The shown element is not drawn in the diagram (opened from a link). */
    protected detached = false;
    /** The next model change is a move: no property changed, so the sheet is not asked for again. */
    protected moving = false;
    protected body: HTMLElement;
    protected heading: HTMLElement;

    @postConstruct()
    protected build(): void {
        this.heading = el('h2', { id: 'bgml-properties-title' }, 'Properties');
        this.body = el('div', { id: 'bgml-properties-body', class: 'bgml-panel-body' });
        this.shell.properties.append(this.heading, this.body);
        // the model's own sheet, requested with the first drawn model (the session is not up yet)
        this.showEmpty('Loading…');
        this.elementId = ROOT_ID;
        // refresh after every model change (undo, a property edit, a rename), unless the user is typing here
        this.editorContext.onModelRootChanged(root => this.refresh(root));
    }

    selectionChanged(_root: Readonly<GModelRoot>, selectedElements: string[]): void {
        if (selectedElements.length === 1) {
            this.request(selectedElements[0]);
        } else if (selectedElements.length > 1) {
            this.elementId = undefined;
            this.showEmpty(`${selectedElements.length} elements selected`);
        } else {
            this.showModel();
        }
    }

    /** Nothing selected: the model's own sheet. */
    protected showModel(): void {
        this.request(ROOT_ID);
    }

    /** Opens an element the diagram does not draw (a configuration, a metric) by its element path. */
    openDetached(elementId: string): void {
        this.request(elementId, true);
    }

    protected request(elementId: string, detached = false): void {
        this.elementId = elementId;
        this.detached = detached;
        this.shell.properties.dataset.elementId = elementId;
        this.dispatcher.dispatch(RequestPropertiesAction.create(elementId));
    }

    protected refresh(root: Readonly<GModelRoot>): void {
        // the empty root set before the session is up: the server could not answer a request yet
        if (!this.elementId || root.id !== ROOT_ID) {
            return;
        }
        if (this.moving) {
            this.moving = false;
            return;
        }
        if (!this.detached && !root.index.getById(this.elementId)) {
            this.showModel();
        } else if (!this.shell.properties.contains(document.activeElement)) {
            this.dispatcher.dispatch(RequestPropertiesAction.create(this.elementId));
        }
    }

    handle(action: Action): void {
        if (action.kind === MoveNodesAction.KIND) {
            this.moving = true;
            return;
        }
        if (action.kind === SetPropertiesAction.KIND) {
            const set = action as SetPropertiesAction;
            if (set.elementId !== this.elementId) {
                return;
            }
            if (this.detached && set.properties.length === 0) {
                this.showModel(); // a configuration or metric that is gone (deleted, undone)
            } else {
                this.render(set);
            }
        }
    }

    protected showEmpty(text = 'Select an element to see its properties.'): void {
        delete this.shell.properties.dataset.elementId;
        this.heading.textContent = 'Properties';
        this.body.replaceChildren(el('p', { class: 'bgml-hint' }, text));
    }

    protected render(set: SetPropertiesAction): void {
        this.shell.properties.dataset.elementId = set.elementId;
        this.heading.textContent = set.title || set.elementId;
        const form = el('form', { class: 'bgml-property-form', autocomplete: 'off' });
        form.addEventListener('submit', event => event.preventDefault());
        for (const property of set.properties) {
            form.append(this.renderProperty(set.elementId, property));
        }
        this.body.replaceChildren(form);
    }

    protected renderProperty(elementId: string, property: PropertyDescriptor): HTMLElement {
        const inputId = 'bgml-prop-' + property.name;
        const row = el('div', { class: 'bgml-property', 'data-property': property.name });
        row.append(el('label', { for: inputId }, property.label || property.name));
        const apply = (value: string): void => {
            if (value !== property.value) {
                property.value = value;
                this.dispatcher.dispatch(ApplyPropertyOperation.create(elementId, property.name, value));
            }
        };
        switch (property.kind) {
            case 'combo': {
                // free text with the existing values offered; a new scoped name creates the type on the server
                const listId = inputId + '-choices';
                const input = el('input', { id: inputId, name: property.name, type: 'text', list: listId, placeholder: 'type or pick' });
                input.value = property.value;
                const list = el('datalist', { id: listId });
                for (const choice of property.choices ?? []) {
                    list.append(el('option', { value: choice }));
                }
                this.commitOnEnter(input, property, apply);
                row.append(input, list);
                break;
            }
            case 'action': {
                row.querySelector('label')?.remove();
                // several rows may share an action (one "Remove" per setting): the value keeps the id unique
                const buttonId = property.value ? `${inputId}-${property.value}` : inputId;
                const button = el('button', { id: buttonId, type: 'button', name: property.name, class: 'bgml-property-action' }, property.label);
                button.addEventListener('click', () => {
                    button.blur();
                    this.dispatcher.dispatch(ApplyPropertyOperation.create(elementId, property.name, property.value));
                });
                row.classList.add('bgml-property-wide');
                row.append(button);
                break;
            }
            case 'links': {
                const list = el('div', { id: inputId, class: 'bgml-property-links' });
                for (const target of property.choices ?? []) {
                    const link = el('button', { type: 'button', class: 'bgml-link', 'data-target': target }, target);
                    link.addEventListener('click', () => {
                        link.blur();
                        this.openDetached(target);
                    });
                    list.append(link);
                }
                if ((property.choices ?? []).length === 0) {
                    list.append(el('span', { class: 'bgml-hint' }, 'none'));
                }
                row.append(list);
                break;
            }
            case 'list': {
                // one line per entry (an operation's signature), each with its own button (Remove)
                const list = el('ul', { id: inputId, class: 'bgml-property-list' });
                for (const entry of property.entries ?? []) {
                    const item = el('li', { 'data-value': entry.value ?? '' }, el('code', {}, entry.text));
                    if (entry.note) {
                        item.append(el('span', { class: 'bgml-hint' }, entry.note));
                    }
                    if (entry.action) {
                        const action = entry.action;
                        const button = el('button', { type: 'button', class: 'bgml-property-remove', title: `Remove ${entry.text}` }, 'Remove');
                        button.addEventListener('click', () => {
                            button.blur();
                            this.dispatcher.dispatch(ApplyPropertyOperation.create(elementId, action, entry.value ?? ''));
                        });
                        item.append(button);
                    }
                    list.append(item);
                }
                if ((property.entries ?? []).length === 0) {
                    list.append(el('li', { class: 'bgml-hint' }, 'none yet'));
                }
                row.classList.add('bgml-property-wide');
                row.append(list);
                break;
            }
            case 'multichoice': {
                // a checkbox per choice; the value is the ticked choices, comma-separated, sent whole on each change
                const chosen = new Set(property.value.split(',').map(v => v.trim()).filter(v => v));
                const group = el('fieldset', { id: inputId, class: 'bgml-property-multichoice' });
                const boxes: HTMLInputElement[] = [];
                // choices that are paths (`deployment/node/process`) are grouped under their parent path and shown by
                // their last segment; the checkbox still carries the whole path
                const byParent = new Map<string, string[]>();
                for (const choice of property.choices ?? []) {
                    const cut = choice.lastIndexOf('/');
                    const parent = cut > 0 ? choice.substring(0, cut) : '';
                    byParent.set(parent, [...(byParent.get(parent) ?? []), choice]);
                }
                for (const [parent, choices] of byParent) {
                    const target = parent === '' ? group : el('div', { class: 'bgml-multichoice-group', 'data-group': parent });
                    if (target !== group) {
                        target.append(el('div', { class: 'bgml-multichoice-heading' }, parent));
                        group.append(target);
                    }
                    for (const choice of choices) {
                        const box = el('input', { type: 'checkbox', name: property.name, value: choice, title: choice });
                        box.checked = chosen.has(choice);
                        box.addEventListener('change', () => {
                            apply(boxes.filter(b => b.checked).map(b => b.value).join(','));
                            box.blur(); // so that the sheet refreshes with the server's answer
                        });
                        boxes.push(box);
                        const short = parent === '' ? choice : choice.substring(parent.length + 1);
                        target.append(el('label', { title: choice }, box, el('span', {}, short)));
                    }
                }
                row.classList.add('bgml-property-wide');
                row.append(group);
                break;
            }
            case 'boolean': {
                const input = el('input', { id: inputId, type: 'checkbox', name: property.name });
                input.checked = property.value === 'true';
                input.addEventListener('change', () => {
                    apply(String(input.checked));
                    input.blur(); // so that the sheet refreshes with the server's answer
                });
                row.append(input);
                break;
            }
            case 'choice': {
                const select = el('select', { id: inputId, name: property.name });
                const choices = property.choices ?? [];
                if (!choices.includes(property.value)) {
                    select.append(el('option', { value: property.value }, property.value || '—'));
                }
                for (const choice of choices) {
                    select.append(el('option', { value: choice }, choice || '—'));
                }
                select.value = property.value;
                select.addEventListener('change', () => {
                    apply(select.value);
                    select.blur();
                });
                row.append(select);
                break;
            }
            case 'readonly': {
                row.append(el('output', { id: inputId, name: property.name }, property.value));
                break;
            }
            default: {
                const input = el('input', { id: inputId, name: property.name, type: property.kind === 'number' ? 'number' : 'text' });
                if (property.kind === 'number') {
                    input.step = 'any';
                }
                input.value = property.value;
                this.commitOnEnter(input, property, apply);
                row.append(input);
            }
        }
        return row;
    }

    /** A typed value is applied on Enter or when the field loses focus; Escape restores it. */
    protected commitOnEnter(input: HTMLInputElement, property: PropertyDescriptor, apply: (value: string) => void): void {
        input.addEventListener('change', () => apply(input.value));
        input.addEventListener('keydown', event => {
            if (event.key === 'Enter') {
                input.blur();
            } else if (event.key === 'Escape') {
                input.value = property.value;
                input.blur();
            }
        });
    }
}
