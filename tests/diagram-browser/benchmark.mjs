// Diagram benchmark (prints numbers; asserts nothing): time to first render and time per edit round trip in headless
// Chromium, for the 100-node dba-color mesh and for the 1,000-component synthetic model of `bgml benchmark model`.
//   node benchmark.mjs [--loads N] [--edits N] [--components N] [--timeout SECONDS]
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromiumAvailable, launchBrowser, newPage } from './lib/browser.mjs';
import { copyExample, tempDir } from './lib/fixtures.mjs';
import { bgml, startStudio } from './lib/studio.mjs';

function option(name, fallback) {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const LOADS = option('--loads', 5);
const EDITS = option('--edits', 30);
const COMPONENTS = option('--components', 1000);
const RENDER_TIMEOUT_MS = option('--timeout', 180) * 1000;

function stats(values) {
    const sorted = [...values].sort((a, b) => a - b);
    const at = q => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { median: at(0.5), p90: at(0.9), min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

const fmt = v => v.toFixed(1).padStart(8);

/** Waits until the first real model is on screen: the page is ready and shows at least one entity. */
async function drawn(page) {
    await page.waitForFunction(
        () => document.getElementById('bgml-app')?.dataset.state === 'ready' && document.querySelector('#bgml-diagram g.bgml-node') !== null,
        null,
        { timeout: RENDER_TIMEOUT_MS, polling: 'raf' }
    );
}

/** Loads the page `LOADS` times; the first load warms the server's JIT and is reported apart. */
async function firstRender(browser, url) {
    const times = [];
    let nodes = 0;
    for (let i = 0; i <= LOADS; i++) {
        const page = await newPage(browser);
        const start = Date.now();
        await page.goto(url);
        await drawn(page);
        const wall = Date.now() - start;
        nodes = await page.locator('#bgml-diagram g.bgml-node').count();
        times.push(wall);
        await page.context().close();
    }
    return { cold: times[0], warm: stats(times.slice(1)), nodes };
}

/** Moves one node back and forth `EDITS` times; each edit waits until the server's new model is drawn. */
async function editRoundTrips(browser, url) {
    const page = await newPage(browser);
    await page.goto(url);
    await drawn(page);
    const times = await page.evaluate(async edits => {
        const api = window.bgmlDiagram;
        const node = document.querySelector('#bgml-diagram g.bgml-node');
        const id = node.id.replace(/^bgml-diagram_/, '');
        const body = node.querySelector('.bgml-node-body');
        const size = { width: Number(body.getAttribute('width')), height: Number(body.getAttribute('height')) };
        const match = /translate\(\s*([-\d.e]+)[ ,]+([-\d.e]+)\s*\)/.exec(node.getAttribute('transform') ?? '');
        const origin = match ? { x: Number(match[1]), y: Number(match[2]) } : { x: 0, y: 0 };
        const result = [];
        for (let i = 0; i < edits; i++) {
            const offset = i % 2 === 0 ? 10 : 0;
            const before = api.revision;
            const start = performance.now();
            api.dispatch({
                kind: 'changeBounds',
                isOperation: true,
                newBounds: [{ elementId: id, newSize: size, newPosition: { x: origin.x + offset, y: origin.y + offset } }]
            });
            await api.waitForRevision(before);
            result.push(performance.now() - start);
        }
        return result;
    }, EDITS);
    await page.context().close();
    return stats(times.slice(3)); // the first few edits warm the server's handlers
}

async function measure(browser, label, file) {
    const started = Date.now();
    const studio = await startStudio(file);
    const serverStart = Date.now() - started;
    try {
        let render;
        try {
            render = await firstRender(browser, studio.url);
        } catch (error) {
            console.log(`\n${label}: not drawn within ${RENDER_TIMEOUT_MS / 1000} s (${error.message.split('\n')[0]})`);
            console.log(studio.output().split('\n').filter(l => l.startsWith('bgml diagram')).join('\n'));
            return;
        }
        const edits = await editRoundTrips(browser, studio.url);
        console.log(`\n${label}: ${render.nodes} nodes drawn; bgml studio printed its URL after ${serverStart} ms`);
        console.log(`  ${'(ms)'.padEnd(34)}${'median'.padStart(8)}${'p90'.padStart(8)}${'min'.padStart(8)}${'max'.padStart(8)}`);
        console.log(`  ${'first render, first load'.padEnd(34)}${fmt(render.cold)}`);
        const w = render.warm;
        console.log(`  ${`first render, next ${w.n} loads`.padEnd(34)}${fmt(w.median)}${fmt(w.p90)}${fmt(w.min)}${fmt(w.max)}`);
        console.log(`  ${`edit round trip (move), ${edits.n} edits`.padEnd(34)}${fmt(edits.median)}${fmt(edits.p90)}${fmt(edits.min)}${fmt(edits.max)}`);
    } finally {
        await studio.stop();
    }
}

if (!chromiumAvailable()) {
    console.log('diagram benchmark: Chromium is not installed at /usr/bin/chromium');
    process.exit(0);
}
const tmp = tempDir('bgml-diagram-bench-');
const browser = await launchBrowser();
try {
    console.log(`BGML diagram benchmark: headless Chromium (${browser.version()}), ${LOADS} loads and ${EDITS} edits per model`);
    console.log('first render = page navigation until the first model is drawn (page, bundle, WebSocket, model, gmodel, render)');
    console.log('edit round trip = a move dispatched in the page until the server\'s updated model is drawn');
    await measure(browser, 'dba-color mesh (examples/dba-color-mesh.bgml)', copyExample('dba-color-mesh.bgml', tmp.dir));
    const synthetic = join(tmp.dir, 'synthetic.bgml');
    execFileSync(bgml, ['benchmark', 'model', '--components', String(COMPONENTS), '--write', synthetic], { stdio: 'inherit' });
    await measure(browser, `synthetic model, ${COMPONENTS} components (bgml benchmark model --write)`, synthetic);
} finally {
    await browser.close();
    tmp.remove();
}
