/**
 * Where the diagram's server is and which model to open. The client assumes nothing about its host: a browser tab
 * opened by `bgml studio`, an Eclipse editor's embedded browser, or a test page. A host either injects
 * `window.BGML_CONFIG = { ... }` before the bundle runs, or passes the same names as query parameters.
 */
export interface HostConfig {
    /** Full WebSocket URL including the access token. */
    webSocketUrl: string;
    /** The model's path as the server resolves it (`RequestModelAction.options.sourceUri`). */
    sourceUri: string;
    /** DOM id of the diagram; selectors in tests are scoped to it. */
    clientId: string;
    /** Viewpoint shown first. */
    viewpoint: string;
    readonly: boolean;
    /**
     * Who hosts the page: `browser` (a tab of `bgml studio`) or `eclipse` (the model editor's Diagram page, whose
     * workbench shows problems and properties in views of its own, so the page leaves more room to the canvas).
     */
    host: HostKind;
}

export type HostKind = 'browser' | 'eclipse';

export interface InjectedConfig {
    ws?: string;
    server?: string;
    token?: string;
    model?: string;
    clientId?: string;
    viewpoint?: string;
    readonly?: boolean | string;
    host?: string;
}

export const DEFAULT_CLIENT_ID = 'bgml-diagram';
export const WEBSOCKET_PATH = '/bgml';

interface LocationLike {
    protocol: string;
    host: string;
    search: string;
}

/**
 * Reads the configuration: injected values win over query parameters. `ws` is a full WebSocket URL; without it the
 * URL is built from `server` (host:port) or the page's own host, the path `/bgml` and the `token`.
 */
export function readHostConfig(location: LocationLike, injected?: InjectedConfig): HostConfig {
    const query = new URLSearchParams(location.search);
    const pick = (name: keyof InjectedConfig): string | undefined => {
        const value = injected?.[name];
        if (value !== undefined && value !== null && String(value) !== '') {
            return String(value);
        }
        return query.get(name) ?? undefined;
    };
    const token = pick('token') ?? '';
    let webSocketUrl = pick('ws');
    if (!webSocketUrl) {
        const host = pick('server') ?? location.host;
        if (!host) {
            throw new Error('No diagram server given: pass ws=ws://HOST:PORT/bgml?token=T or server=HOST:PORT in the page URL.');
        }
        const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
        webSocketUrl = `${scheme}://${host}${WEBSOCKET_PATH}` + (token ? `?token=${encodeURIComponent(token)}` : '');
    } else if (token && !/[?&]token=/.test(webSocketUrl)) {
        webSocketUrl += (webSocketUrl.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(token);
    }
    const sourceUri = pick('model');
    if (!sourceUri) {
        throw new Error('No model given: pass model=PATH in the page URL.');
    }
    const readonly = pick('readonly');
    return {
        webSocketUrl,
        sourceUri,
        clientId: pick('clientId') ?? DEFAULT_CLIENT_ID,
        viewpoint: pick('viewpoint') ?? 'interconnection',
        readonly: readonly === 'true' || readonly === '1',
        host: pick('host') === 'eclipse' ? 'eclipse' : 'browser'
    };
}

/** Container key of the HostConfig. */
export const BGML_HOST_CONFIG = Symbol('BgmlHostConfig');
