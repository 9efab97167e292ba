import { ActionMessageHandler, BaseJsonrpcGLSPClient, Disposable, SetMarkersAction } from '@eclipse-glsp/client';
import { SetProblemClassesAction, SetProblemsAction } from '../protocol/bgml-actions';

/** What the server's validation of a model sends: the problem classes, the markers and the problems list. */
const VALIDATION = new Set<string>([SetProblemClassesAction.KIND, SetMarkersAction.KIND, SetProblemsAction.KIND]);

/**
 * GLSP's JSON-RPC client, except that the validation of the first model waits until that model is on screen
 * ({@link releaseValidation}). The server sends the validation just after the model (PROTOCOL.md); on the
 * 1,000-component model it arrived while the client was still drawing the model, and the browser applied the problem
 * classes and the markers (drawing the marked elements again) and built the problems list before it showed anything.
 * Nothing else is held, and nothing once the first model is on screen.
 */
export class ValidationAfterDrawClient extends BaseJsonrpcGLSPClient {
    protected held?: Array<() => void> = [];

    override onActionMessage(handler: ActionMessageHandler, clientId?: string): Disposable {
        return super.onActionMessage(message => {
            if (this.held && VALIDATION.has(message.action.kind)) {
                this.held.push(() => handler(message));
            } else {
                handler(message);
            }
        }, clientId);
    }

    /** The first model is on screen: hands on what was held, in the order it came, and holds nothing from now on. */
    releaseValidation(): void {
        const held = this.held ?? [];
        this.held = undefined;
        held.forEach(deliver => deliver());
    }
}
