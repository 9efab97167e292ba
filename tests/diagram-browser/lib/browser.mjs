// Debian's Chromium, headless, driven by playwright-core; helpers that keep every selector inside the diagram's
// own DOM (Sprotty keeps a hidden copy of the model for measuring under `#bgml-diagram_hidden`).
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.BGML_CHROMIUM ?? '/usr/bin/chromium';
export const DIAGRAM = '#bgml-diagram';
export const artifactsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
const CHROMIUM_FLAGS = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run'
];

export function chromiumAvailable() {
    return existsSync(CHROMIUM);
}

export async function launchBrowser() {
    return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
}

export async function newPage(browser, viewport = { width: 1400, height: 900 }) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const consoleErrors = [];
    page.on('console', message => message.type() === 'error' && consoleErrors.push(message.text()));
    page.on('pageerror', error => consoleErrors.push(String(error)));
    page.consoleErrors = consoleErrors;
    // requests that failed or were answered with an error status (the browser's own favicon request is not seen
    // here, but its "Failed to load resource" console error is)
    const failedRequests = [];
    page.on('requestfailed', request => failedRequests.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`));
    page.on('response', response => response.status() >= 400 && failedRequests.push(`${response.url()}: ${response.status()}`));
    page.failedRequests = failedRequests;
    return page;
}

/**
 * Opens the studio page and waits until the diagram has drawn its first model and the server's validation of it has
 * come (the model is drawn first, its error and warning classes and problems list follow).
 */
export async function openDiagram(page, url, { timeout = 30_000 } = {}) {
    await page.goto(url);
    await page.waitForSelector('#bgml-app[data-state="ready"]', { timeout });
    await page.waitForFunction(() => Number(document.getElementById('bgml-app')?.dataset.revision ?? 0) > 0, null, { timeout });
    await page.waitForSelector('#bgml-app[data-validated="true"]', { state: 'attached', timeout });
}

export async function screenshot(page, name) {
    mkdirSync(artifactsDir, { recursive: true });
    await page.screenshot({ path: join(artifactsDir, name + '.png') });
}

/** CSS selector of a GModel element by id, inside the visible diagram. */
export function byId(id) {
    return `${DIAGRAM} [id="bgml-diagram_${id}"]`;
}

export function byType(type) {
    return `${DIAGRAM} [data-svg-metadata-type="${type}"]`;
}

/** GModel ids (DOM id minus the diagram prefix) of the elements of one type, in DOM order. */
export async function idsOfType(page, type) {
    return page.$$eval(byType(type), elements => elements.map(e => e.id.replace(/^bgml-diagram_/, '')));
}

export async function revision(page) {
    return page.evaluate(() => Number(document.getElementById('bgml-app').dataset.revision ?? 0));
}

/** Waits for the diagram to draw a model newer than `after` (a server round trip). */
export async function waitForRevision(page, after, timeout = 15_000) {
    await page.waitForFunction(n => Number(document.getElementById('bgml-app').dataset.revision ?? 0) > n, after, { timeout });
}

/** Centre of an element on screen. */
export async function centreOf(page, selector) {
    const box = await page.locator(selector).first().boundingBox();
    if (!box) {
        throw new Error('not visible: ' + selector);
    }
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Moves the mouse to a point in paced steps, so hover feedback and tools see every move. */
export async function paceTo(page, point, steps = 12) {
    await page.mouse.move(point.x, point.y, { steps });
    await page.waitForTimeout(30);
}

export async function pacedClick(page, point) {
    await paceTo(page, point);
    await page.mouse.down();
    await page.waitForTimeout(30);
    await page.mouse.up();
    await page.waitForTimeout(50);
}

export async function pacedDrag(page, from, to) {
    await paceTo(page, from);
    await page.mouse.down();
    await paceTo(page, { x: from.x + (to.x - from.x) / 3, y: from.y + (to.y - from.y) / 3 }, 8);
    await paceTo(page, to, 16);
    await page.mouse.up();
    await page.waitForTimeout(50);
}

/** Clicks a tool palette entry by its label. */
export async function pickTool(page, label) {
    // on a small canvas the palette starts minimized: its header button expands it
    if (await paletteMinimized(page)) {
        await page.click(`${DIAGRAM} .minimize-palette-button .codicon`);
        await page.waitForFunction(() => document.querySelector('#bgml-diagram .tool-palette')?.style.maxHeight !== '0px');
    }
    const button = page.locator(`${DIAGRAM} .tool-palette .tool-button`, { hasText: label }).first();
    await button.waitFor({ state: 'visible' });
    await button.click();
}

/** Whether GLSP's tool palette is minimized to its header button. */
export async function paletteMinimized(page) {
    return page.evaluate(() => document.querySelector('#bgml-diagram .tool-palette')?.style.maxHeight === '0px');
}

/**
 * The nodes (of `nodeIds`) whose body the label `labelId` covers on screen: its drawn box against each node's body.
 */
export async function nodesCoveredBy(page, labelId, nodeIds) {
    return page.evaluate(
        ([label, nodes]) => {
            const box = id => document.getElementById('bgml-diagram_' + id)?.getBoundingClientRect();
            const l = box(label);
            if (!l) {
                throw new Error(`label ${label} is not drawn`);
            }
            return nodes.filter(n => {
                const b = document.getElementById('bgml-diagram_' + n)?.querySelector(':scope > .bgml-node-body')?.getBoundingClientRect();
                return b && l.left < b.right && b.left < l.right && l.top < b.bottom && b.top < l.bottom;
            });
        },
        [labelId, nodeIds]
    );
}

/**
 * A point on the diagram's canvas with room for a new node to its lower right (the server puts a new node's top
 * left corner where the user clicked): every probe in a 300 × 130 box around it hits the bare canvas.
 */
export async function emptyCanvasPoint(page) {
    return page.evaluate(() => {
        const area = document.getElementById('bgml-diagram').getBoundingClientRect();
        const bare = (x, y) => {
            const e = document.elementFromPoint(x, y);
            return e !== null && (e.tagName === 'svg' || e.classList.contains('sprotty-graph'));
        };
        // GLSP refuses to create a node whose ghost would stick out of the canvas: keep off its top edge
        for (let y = area.top + 160; y < area.bottom - 140; y += 30) {
            for (let x = area.left + 60; x < area.right - 320; x += 30) {
                let free = true;
                for (let dy = -10; free && dy <= 120; dy += 20) {
                    for (let dx = -10; free && dx <= 290; dx += 20) {
                        free = bare(x + dx, y + dy);
                    }
                }
                if (free) {
                    return { x, y };
                }
            }
        }
        throw new Error('no empty spot on the canvas');
    });
}

/**
 * Every drawn element of the given GModel types whose box on screen is not finite, empty, or not inside the diagram's
 * canvas, as `id: reason`; also how many of each type are drawn.
 */
export async function misplacedElements(page, types) {
    return page.evaluate(
        ([diagram, kinds]) => {
            const canvas = document.querySelector(`${diagram} > svg`).getBoundingClientRect();
            const wrong = [];
            const counts = {};
            for (const type of kinds) {
                const elements = [...document.querySelectorAll(`${diagram} [data-svg-metadata-type="${type}"]`)];
                counts[type] = elements.length;
                for (const e of elements) {
                    const r = e.getBoundingClientRect();
                    const id = e.id.replace(/^bgml-diagram_/, '');
                    if (![r.left, r.top, r.width, r.height].every(Number.isFinite)) {
                        wrong.push(`${id}: not finite ${JSON.stringify(r)}`);
                    } else if (r.width <= 0 || r.height <= 0) {
                        wrong.push(`${id}: empty ${JSON.stringify(r)}`);
                    } else if (r.left < canvas.left - 0.5 || r.top < canvas.top - 0.5 || r.right > canvas.right + 0.5 || r.bottom > canvas.bottom + 0.5) {
                        wrong.push(`${id}: (${r.left}, ${r.top})–(${r.right}, ${r.bottom}) outside the canvas (${canvas.left}, ${canvas.top})–(${canvas.right}, ${canvas.bottom})`);
                    }
                }
            }
            // a NaN anywhere in a transform hides whatever is below it (a NaN viewport hides the whole diagram)
            for (const e of document.querySelectorAll(`${diagram} [transform]`)) {
                if (/NaN|Infinity/.test(e.getAttribute('transform'))) {
                    wrong.push(`${e.id || e.tagName}: transform ${e.getAttribute('transform')}`);
                }
            }
            return { wrong, counts };
        },
        [DIAGRAM, types]
    );
}
