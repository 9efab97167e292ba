import { Action, IActionHandler, MessageAction, StatusAction } from '@eclipse-glsp/client';
import { inject, injectable, postConstruct } from 'inversify';
import { ShowNoticeAction } from '../protocol/bgml-actions';
import { BGML_SHELL, ShellElements, el } from './shell';

/**
 * A bar under the toolbar for what the user must read: a refused connection and why, a rename the identifier rules
 * reject, a failed save. Server messages and error/warning statuses land here; it stays until closed or replaced.
 */
@injectable()
export class NoticeBar implements IActionHandler {
    @inject(BGML_SHELL) protected shell: ShellElements;

    protected text: HTMLElement;
    protected count = 0;
    protected timer: ReturnType<typeof setTimeout> | undefined;

    /** How long a notice stays; errors stay longer than warnings and information. */
    static readonly SHOW_MS = { error: 20_000, warning: 12_000, info: 6_000 };

    @postConstruct()
    protected build(): void {
        this.text = el('span', { id: 'bgml-notice-text', class: 'bgml-notice-text' });
        const close = el('button', { type: 'button', class: 'bgml-notice-close', title: 'Dismiss', 'aria-label': 'Dismiss' }, '×');
        close.addEventListener('click', () => (this.shell.notice.hidden = true));
        this.shell.notice.append(this.text, close);
    }

    handle(action: Action): void {
        if (action.kind === ShowNoticeAction.KIND) {
            const notice = action as ShowNoticeAction;
            this.show(notice.message, notice.severity);
        } else if (MessageAction.is(action)) {
            const severity = toSeverity(action.severity);
            if (severity && action.message) {
                this.show(action.details ? `${action.message} ${action.details}` : action.message, severity);
            }
        } else if (StatusAction.is(action)) {
            const severity = toSeverity(action.severity);
            if ((severity === 'error' || severity === 'warning') && action.message) {
                this.show(action.message, severity);
            }
        }
    }

    show(message: string, severity: ShowNoticeAction['severity']): void {
        this.count++;
        this.text.textContent = message;
        this.shell.notice.dataset.severity = severity;
        this.shell.notice.dataset.count = String(this.count);
        this.shell.notice.hidden = false;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => (this.shell.notice.hidden = true), NoticeBar.SHOW_MS[severity]);
    }
}

function toSeverity(level: string | undefined): ShowNoticeAction['severity'] | undefined {
    switch ((level ?? '').toUpperCase()) {
        case 'ERROR':
        case 'FATAL':
            return 'error';
        case 'WARNING':
            return 'warning';
        case 'INFO':
            return 'info';
        default:
            return undefined;
    }
}
