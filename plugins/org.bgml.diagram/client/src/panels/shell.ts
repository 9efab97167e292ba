/**
 * The page around the diagram: toolbar, notice bar, the diagram itself (with GLSP's tool palette inside its area),
 * a side bar with the property sheet and the results panel, and the problems list. Everything is created under
 * one host element, so a host page needs nothing but that element (or none: it is created on <body>).
 */
export interface ShellElements {
    root: HTMLElement;
    toolbar: HTMLElement;
    notice: HTMLElement;
    diagramArea: HTMLElement;
    diagram: HTMLElement;
    properties: HTMLElement;
    results: HTMLElement;
    problems: HTMLElement;
}

export const BGML_SHELL = Symbol('BgmlShellElements');

export function createShell(document: Document, clientId: string, hostElementId = 'bgml-app'): ShellElements {
    let root = document.getElementById(hostElementId);
    if (!root) {
        root = document.createElement('div');
        root.id = hostElementId;
        document.body.appendChild(root);
    }
    root.classList.add('bgml-app');
    root.replaceChildren();
    const make = (tag: string, id: string, className: string, parent: HTMLElement): HTMLElement => {
        const element = document.createElement(tag);
        element.id = id;
        element.className = className;
        parent.appendChild(element);
        return element;
    };
    const toolbar = make('header', 'bgml-toolbar', 'bgml-toolbar', root);
    toolbar.setAttribute('role', 'toolbar');
    const notice = make('div', 'bgml-notice', 'bgml-notice', root);
    notice.setAttribute('role', 'alert');
    notice.hidden = true;
    const main = make('div', 'bgml-main', 'bgml-main', root);
    const diagramArea = make('div', 'bgml-diagram-area', 'bgml-diagram-area', main);
    const diagram = make('div', clientId, 'bgml-diagram sprotty', diagramArea);
    const side = make('aside', 'bgml-side', 'bgml-side', main);
    const properties = make('section', 'bgml-properties', 'bgml-panel bgml-properties', side);
    const results = make('section', 'bgml-results', 'bgml-panel bgml-results', side);
    const problems = make('section', 'bgml-problems', 'bgml-panel bgml-problems', root);
    return { root, toolbar, notice, diagramArea, diagram, properties, results, problems };
}

/** Small DOM helper: an element with class, text and attributes. */
export function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    attributes: Record<string, string> = {},
    ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
        if (name === 'class') {
            element.className = value;
        } else {
            element.setAttribute(name, value);
        }
    }
    for (const child of children) {
        element.append(child);
    }
    return element;
}
