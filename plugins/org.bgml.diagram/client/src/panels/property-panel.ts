import { Action, EditorContextService, GModelRoot, IActionDispatcher, IActionHandler, ISelectionListener, TYPES } from '@eclipse-glsp/client';
import { inject, injectable, postConstruct } from 'inversify';
import { ApplyPropertyOperation, PropertyDescriptor, RequestPropertiesAction, SetPropertiesAction } from '../protocol/bgml-actions';
import { BGML_SHELL, ShellElements, el } from './shell';

/**
 * The property sheet of the selected element. The server describes the properties (interface or event type,
 * operations, metric settings, option settings, ...) and applies edits through EMF commands, so they are undoable.
 */
@injectable()
export class PropertyPanel implements IActionHandler, ISelectionListener {
    @inject(BGML_SHELL) protected shell: ShellElements;
    @inject(TYPES.IActionDispatcher) protected dispatcher: IActionDispatcher;
    @inject(EditorContextService) protected editorContext: EditorContextService;

    protected elementId: string | undefined;
    protected body: HTMLElement;
    protected heading: HTMLElement;

    @postConstruct()
    protected build(): void {
        this.heading = el('h2', { id: 'bgml-properties-title' }, 'Properties');
        this.body = el('div', { id: 'bgml-properties-body', class: 'bgml-panel-body' });
        this.shell.properties.append(this.heading, this.body);
        this.showEmpty();
        // refresh after every model change (undo, a property edit, a rename), unless the user is typing here
        this.editorContext.onModelRootChanged(root => this.refresh(root));
    }

    selectionChanged(_root: Readonly<GModelRoot>, selectedElements: string[]): void {
        if (selectedElements.length === 1) {
            this.request(selectedElements[0]);
        } else {
            this.elementId = undefined;
            this.showEmpty(selectedElements.length > 1 ? `${selectedElements.length} elements selected` : undefined);
        }
    }

    protected request(elementId: string): void {
        this.elementId = elementId;
        this.shell.properties.dataset.elementId = elementId;
        this.dispatcher.dispatch(RequestPropertiesAction.create(elementId));
    }

    protected refresh(root: Readonly<GModelRoot>): void {
        if (!this.elementId) {
            return;
        }
        if (!root.index.getById(this.elementId)) {
            this.elementId = undefined;
            this.showEmpty();
        } else if (!this.shell.properties.contains(document.activeElement)) {
            this.dispatcher.dispatch(RequestPropertiesAction.create(this.elementId));
        }
    }

    handle(action: Action): void {
        if (action.kind === SetPropertiesAction.KIND) {
            const set = action as SetPropertiesAction;
            if (set.elementId === this.elementId) {
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
            case 'boolean': {
                const input = el('input', { id: inputId, type: 'checkbox', name: property.name });
                input.checked = property.value === 'true';
                input.addEventListener('change', () => apply(String(input.checked)));
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
                select.addEventListener('change', () => apply(select.value));
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
                input.addEventListener('change', () => apply(input.value));
                input.addEventListener('keydown', event => {
                    if (event.key === 'Enter') {
                        input.blur();
                    } else if (event.key === 'Escape') {
                        input.value = property.value;
                        input.blur();
                    }
                });
                row.append(input);
            }
        }
        return row;
    }
}
