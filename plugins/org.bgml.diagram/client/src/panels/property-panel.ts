import { Action, EditorContextService, GModelRoot, IActionDispatcher, IActionHandler, ISelectionListener, TYPES } from '@eclipse-glsp/client';
import { inject, injectable, postConstruct } from 'inversify';
import {
    ApplyPropertyOperation,
    MoveNodesAction,
    PATTERN_SHEET,
    PropertyDescriptor,
    RequestPropertiesAction,
    SAVE_PATTERN_SHEET,
    SetPropertiesAction,
    formSubmit
} from '../protocol/bgml-actions';
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
    /** The ids selected now (for "Save selection as pattern"). */
    protected selection: string[] = [];

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
        this.selection = [...selectedElements];
        if (this.isForm() && this.elementId?.startsWith(PATTERN_SHEET) && selectedElements.length === 0) {
            return; // a pattern's form stays while nothing is selected (adding it clears the selection)
        }
        if (selectedElements.length === 1) {
            this.request(selectedElements[0]);
        } else if (selectedElements.length > 1) {
            this.elementId = undefined;
            this.showEmpty(`${selectedElements.length} elements selected`);
            this.offerSaveAsPattern();
        } else {
            this.showModel();
        }
    }

    /** Several elements selected: a button opens the form that saves them as a pattern. */
    protected offerSaveAsPattern(): void {
        const ids = this.selection;
        const button = el('button', { id: 'bgml-save-as-pattern', type: 'button', class: 'bgml-property-action' }, 'Save selection as pattern…');
        button.addEventListener('click', () => {
            button.blur();
            this.openDetached(SAVE_PATTERN_SHEET + ids.join(','));
        });
        this.body.append(button);
    }

    /** Whether the sheet shown is a form (a pattern's parameters, saving as a pattern): its values live here until sent. */
    protected isForm(): boolean {
        return this.shell.properties.dataset.form !== undefined;
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
        this.detached = detached || elementId.startsWith(PATTERN_SHEET) || elementId.startsWith(SAVE_PATTERN_SHEET);
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
        if (this.isForm()) {
            return; // a form keeps what the user typed; it asks for nothing until its button is pressed
        }
        if (!this.detached && !root.index.getById(this.elementId)) {
            this.showModel();
        } else if (!this.shell.properties.contains(document.activeElement)) {
            this.dispatcher.dispatch(RequestPropertiesAction.create(this.elementId));
        }
    }

    handle(action: Action): void {
        if (action.kind === RequestPropertiesAction.KIND) {
            // a palette entry of the Patterns group asks for its pattern's form: show it when it comes
            const id = (action as RequestPropertiesAction).elementId;
            if (id.startsWith(PATTERN_SHEET) && id !== this.elementId) {
                this.elementId = id;
                this.detached = true;
                this.shell.properties.dataset.elementId = id;
            }
            return;
        }
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
        delete this.shell.properties.dataset.form;
        this.heading.textContent = 'Properties';
        this.body.replaceChildren(el('p', { class: 'bgml-hint' }, text));
    }

    protected render(set: SetPropertiesAction): void {
        this.shell.properties.dataset.elementId = set.elementId;
        if (set.form) {
            this.shell.properties.dataset.form = set.form;
        } else {
            delete this.shell.properties.dataset.form;
        }
        this.heading.textContent = set.title || set.elementId;
        const form = el('form', { class: 'bgml-property-form', autocomplete: 'off' });
        form.addEventListener('submit', event => event.preventDefault());
        for (const property of set.properties) {
            form.append(set.form ? this.renderFormProperty(set, form, property) : this.renderProperty(set.elementId, property));
        }
        this.body.replaceChildren(form);
    }

    /**
     * A row of a form: fields keep their values here; the action button sends every field's value at once (the
     * server checks them: a bad one is refused with the reason, and nothing changes).
     */
    protected renderFormProperty(set: SetPropertiesAction, form: HTMLFormElement, property: PropertyDescriptor): HTMLElement {
        const submit = (): void => {
            const values: Record<string, string> = {};
            for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name], select[name]')) {
                values[field.name] = field instanceof HTMLInputElement && field.type === 'checkbox' ? String(field.checked) : field.value;
            }
            this.dispatcher.dispatch(formSubmit(set.form!, set.elementId, values));
        };
        if (property.kind === 'action') {
            const row = el('div', { class: 'bgml-property bgml-property-wide', 'data-property': property.name });
            const button = el('button', { id: 'bgml-prop-' + property.name, type: 'button', class: 'bgml-property-action' }, property.label);
            button.addEventListener('click', () => {
                button.blur();
                submit();
            });
            row.append(button);
            return row;
        }
        if (property.kind === 'parameter') {
            return this.renderParameterChoice(property);
        }
        // the other kinds draw as usual, but an edit only changes the field
        const row = this.renderProperty(set.elementId, property, false);
        const input = row.querySelector<HTMLInputElement>('input[type="number"]');
        if (input) {
            if (property.min !== undefined) {
                input.min = property.min;
            }
            if (property.max !== undefined) {
                input.max = property.max;
            }
        }
        if (property.hint) {
            row.title = property.hint;
            row.append(el('div', { class: 'bgml-hint bgml-property-hint' }, property.hint));
        }
        row.querySelectorAll('input').forEach(i => i.addEventListener('keydown', event => event.key === 'Enter' && submit()));
        return row;
    }

    /** A value that may become a parameter of a saved pattern: a tick, then its name, default and bounds. */
    protected renderParameterChoice(property: PropertyDescriptor): HTMLElement {
        const key = property.name;
        const row = el('div', { class: 'bgml-property bgml-property-wide bgml-parameter-choice', 'data-property': key });
        const use = el('input', { type: 'checkbox', name: 'use:' + key, title: `make ${property.label} a parameter` });
        const label = el('label', { title: property.hint ?? '' }, use, el('span', {}, `${property.label} = ${property.value}`));
        const fields = el('div', { class: 'bgml-parameter-fields' });
        const field = (name: string, value: string, title: string): HTMLInputElement => {
            const input = el('input', { type: 'text', name: name + key, title, placeholder: title, size: '8' });
            input.value = value;
            fields.append(input);
            return input;
        };
        field('name:', property.choices?.[0] ?? '', 'parameter name');
        field('default:', property.value, 'default');
        field('min:', property.min ?? '', 'lowest');
        field('max:', property.max ?? '', 'highest');
        fields.hidden = true;
        use.addEventListener('change', () => (fields.hidden = !use.checked));
        row.append(label, fields);
        return row;
    }

    protected renderProperty(elementId: string, property: PropertyDescriptor, applies = true): HTMLElement {
        const inputId = 'bgml-prop-' + property.name;
        const row = el('div', { class: 'bgml-property', 'data-property': property.name });
        row.append(el('label', { for: inputId }, property.label || property.name));
        const apply = (value: string): void => {
            if (applies && value !== property.value) {
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
