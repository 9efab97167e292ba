import {
    Action,
    DiagramLoader,
    EditorContextService,
    FeatureModule,
    GLSPActionDispatcher,
    GLSPClient,
    GLSPWebSocketProvider,
    STANDALONE_MODULE_CONFIG,
    SaveModelAction,
    createDiagramOptionsModule
} from '@eclipse-glsp/client';
import { Container } from 'inversify';
import { MessageConnection } from 'vscode-jsonrpc';
import { createBgmlDiagramContainer } from './bgml-diagram-module';
import { BGML_HOST_CONFIG, HostConfig } from './host/host-config';
import { DiagramState } from './host/diagram-state';
import { fitToHost } from './host/embedded-host';
import { ValidationAfterDrawClient } from './host/validation-after-draw';
import { DIAGRAM_TYPE } from './protocol/element-types';
import { BGML_SHELL, ShellElements, createShell } from './panels/shell';

/** What a host page (or an embedding editor) can call: `window.bgmlDiagram`. */
export interface BgmlDiagramApi {
    config: HostConfig;
    dispatch(action: Action): Promise<void>;
    save(): Promise<void>;
    readonly isDirty: boolean;
    readonly revision: number;
    /** Resolves with the revision once the diagram has drawn a model newer than `after`. */
    waitForRevision(after: number): Promise<number>;
}

declare global {
    interface Window {
        bgmlDiagram?: BgmlDiagramApi;
    }
}

/** How long after the first model is set its validation waits at most for the model to be on screen. */
const VALIDATION_WAIT_MS = 1000;

export function startDiagram(config: HostConfig): void {
    let shell = createShell(document, config.clientId);
    fitToHost(shell, config);
    const provider = new GLSPWebSocketProvider(config.webSocketUrl, { reconnecting: true, reconnectAttempts: 10, reconnectDelay: 1000 });
    let client: GLSPClient | undefined;

    const connect = async (connection: MessageConnection, isReconnecting = false): Promise<void> => {
        const glspClient = new ValidationAfterDrawClient({ id: DIAGRAM_TYPE, connectionProvider: connection });
        client = glspClient;
        const container = createContainer(config, shell, glspClient);
        publishApi(config, container);
        // the first model's validation is applied once the model is on screen; a page that draws no frames (hidden
        // in its host) gets it after a while all the same
        container.get(DiagramState).onReady(() => glspClient.releaseValidation());
        await container.get(DiagramLoader).load({ requestModelOptions: { isReconnecting } });
        setTimeout(() => glspClient.releaseValidation(), VALIDATION_WAIT_MS);
    };
    provider
        .listen({
            onConnection: connection => connect(connection).catch(error => fail(shell, error)),
            onReconnect: connection => {
                client?.stop();
                shell = createShell(document, config.clientId);
                fitToHost(shell, config);
                return connect(connection, true).catch(error => fail(shell, error));
            },
            logger: console
        })
        .catch(error => fail(shell, error));
}

function createContainer(config: HostConfig, shell: ShellElements, glspClient: GLSPClient): Container {
    const hostModule = new FeatureModule(bind => {
        bind(BGML_HOST_CONFIG).toConstantValue(config);
        bind(BGML_SHELL).toConstantValue(shell);
    });
    return createBgmlDiagramContainer(
        createDiagramOptionsModule({
            clientId: config.clientId,
            diagramType: DIAGRAM_TYPE,
            glspClientProvider: async () => glspClient,
            sourceUri: config.sourceUri,
            editMode: config.readonly ? 'readonly' : 'editable'
        }),
        hostModule,
        STANDALONE_MODULE_CONFIG
    );
}

function publishApi(config: HostConfig, container: Container): void {
    const dispatcher = container.get(GLSPActionDispatcher);
    const editorContext = container.get(EditorContextService);
    const state = container.get(DiagramState);
    window.bgmlDiagram = {
        config,
        dispatch: action => dispatcher.dispatch(action),
        save: () => dispatcher.dispatch(SaveModelAction.create()),
        get isDirty() {
            return editorContext.isDirty;
        },
        get revision() {
            return state.revision;
        },
        waitForRevision: after =>
            new Promise(resolve => {
                if (state.revision > after) {
                    resolve(state.revision);
                } else {
                    state.onRevision(revision => revision > after && resolve(revision));
                }
            })
    };
}

function fail(shell: ShellElements, error: unknown): void {
    console.error(error);
    shell.root.dataset.state = 'error';
    shell.notice.hidden = false;
    shell.notice.dataset.severity = 'error';
    shell.notice.textContent = 'The diagram could not be opened: ' + (error instanceof Error ? error.message : String(error));
}
