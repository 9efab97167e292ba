import { Action, GModelRoot, ICommand, ToolPalette } from '@eclipse-glsp/client';
import { PatternsChangedAction } from '../protocol/bgml-actions';
import { injectable } from 'inversify';

/** Below either size the expanded palette (about 230 × 500 px) would hide a good part of the diagram. */
export const PALETTE_ROOM = { width: 800, height: 620 };

/** Whether a canvas of this size is too small to keep GLSP's tool palette expanded over it. */
export function paletteCrowds(width: number, height: number): boolean {
    return width > 0 && height > 0 && (width < PALETTE_ROOM.width || height < PALETTE_ROOM.height);
}

/**
 * GLSP's tool palette, started minimized on a small canvas (the diagram inside an Eclipse editor): its header button
 * (the palette icon) expands it. A large canvas shows it expanded, as before.
 */
@injectable()
export class BgmlToolPalette extends ToolPalette {
    private sized = false;

    override handle(action: Action): ICommand | Action | void {
        if (action.kind === PatternsChangedAction.KIND) {
            // a pattern file was saved next to the model: its entry joins the Patterns group
            void this.reloadPatterns();
            return;
        }
        return super.handle(action);
    }

    protected async reloadPatterns(): Promise<void> {
        await this.setPaletteItems();
        this.paletteItemsCopy = [];
        this.requestFilterUpdate(this.searchField?.value ?? '');
    }

    protected override onBeforeShow(containerElement: HTMLElement, root: Readonly<GModelRoot>): void {
        super.onBeforeShow(containerElement, root);
        if (this.sized) {
            return;
        }
        this.sized = true;
        const base = document.getElementById(this.options.baseDiv);
        if (!base) {
            return;
        }
        // an editor may show the palette before its canvas has a size: decide once the canvas has one
        const decide = (): boolean => {
            const area = base.getBoundingClientRect();
            if (area.width === 0 || area.height === 0) {
                return false;
            }
            if (paletteCrowds(area.width, area.height) && this.isPaletteMaximized()) {
                // the minimize button's own handler keeps its icon and tooltip in step
                base.querySelector<HTMLElement>('.minimize-palette-button .codicon')?.click();
            }
            return true;
        };
        if (!decide() && typeof ResizeObserver !== 'undefined') {
            const observer = new ResizeObserver(() => decide() && observer.disconnect());
            observer.observe(base);
        }
    }
}
