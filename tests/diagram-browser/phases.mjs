// Where the first render of a diagram goes (prints numbers; asserts nothing). Per page load, the milliseconds from
// navigation to: the page's load event (page and bundle), the WebSocket's opening, the client's request for the model,
// the first model's arrival (`setModel`: the server built, laid out and serialized it), the model on screen (the
// client's parsing and drawing, the browser's style, layout and paint), and the validation's arrival; then the model's
// size, the SVG elements drawn, and the page's main-thread time (script, style, layout, all tasks) from the browser.
// On a loaded machine the wall times stretch; the main-thread times and the CPU profile (--profile, of the last load,
// for Chromium's DevTools) show the work itself.
//   node phases.mjs [--loads N] [--components N] [--profile FILE.cpuprofile] [MODEL.bgml]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumAvailable, launchBrowser, newPage } from './lib/browser.mjs';
import { tempDir } from './lib/fixtures.mjs';
import { bgml, startStudio } from './lib/studio.mjs';

function option(name, fallback) {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : fallback;
}
const LOADS = Number(option('--loads', 4));
const COMPONENTS = Number(option('--components', 1000));
const PROFILE = option('--profile', undefined);
const model = process.argv.slice(2).find(a => a.endsWith('.bgml'));

async function load(browser, url, profile) {
    const page = await newPage(browser);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    if (profile) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
    }
    const marks = {};
    let modelBytes = 0;
    const start = Date.now();
    page.on('websocket', ws => {
        marks.socket = Date.now() - start;
        ws.on('framesent', frame => {
            const text = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString();
            if (marks.request === undefined && text.includes('"kind":"requestModel"')) {
                marks.request = Date.now() - start;
            }
        });
        ws.on('framereceived', frame => {
            const text = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString();
            if (marks.model === undefined && text.includes('"kind":"setModel"')) {
                marks.model = Date.now() - start;
                modelBytes = text.length;
            }
            if (marks.validated === undefined && text.includes('"kind":"bgmlSetProblems"')) {
                marks.validated = Date.now() - start;
            }
        });
    });
    page.on('load', () => (marks.load = Date.now() - start));
    await page.goto(url);
    await page.waitForFunction(
        () => document.getElementById('bgml-app')?.dataset.state === 'ready' && document.querySelector('#bgml-diagram g.bgml-node') !== null,
        null,
        { timeout: 180_000, polling: 'raf' }
    );
    marks.drawn = Date.now() - start;
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map(m => [m.name, m.value]));
    const elements = await page.evaluate(() => document.querySelectorAll('#bgml-diagram svg *').length);
    if (profile) {
        const { profile: cpu } = await cdp.send('Profiler.stop');
        writeFileSync(profile, JSON.stringify(cpu));
    }
    await page.context().close();
    return {
        ...marks,
        modelKB: modelBytes / 1024,
        elements,
        scriptMs: metrics.ScriptDuration * 1000,
        layoutMs: metrics.LayoutDuration * 1000,
        styleMs: metrics.RecalcStyleDuration * 1000,
        taskMs: metrics.TaskDuration * 1000
    };
}

if (!chromiumAvailable()) {
    console.log('diagram phases: Chromium is not installed at /usr/bin/chromium');
    process.exit(0);
}
const tmp = tempDir('bgml-diagram-phases-');
const browser = await launchBrowser();
try {
    let file = model;
    if (!file) {
        file = join(tmp.dir, 'synthetic.bgml');
        execFileSync(bgml, ['benchmark', 'model', '--components', String(COMPONENTS), '--write', file], { stdio: 'inherit' });
    }
    const studio = await startStudio(file);
    try {
        const cols = ['load', 'socket', 'request', 'model', 'drawn', 'validated', 'modelKB', 'elements', 'scriptMs', 'styleMs', 'layoutMs', 'taskMs'];
        console.log(`${file}: ms from navigation (load = page and bundle, socket = WebSocket open, request = requestModel sent, model = setModel received, drawn = on screen)`);
        console.log('  ' + cols.map(c => c.padStart(9)).join(''));
        for (let i = 0; i < LOADS; i++) {
            const r = await load(browser, studio.url, PROFILE && i === LOADS - 1 ? PROFILE : undefined);
            console.log('  ' + cols.map(c => (r[c] === undefined ? '-' : r[c].toFixed(0)).padStart(9)).join(''));
        }
        console.log(studio.output().split('\n').filter(l => l.startsWith('bgml diagram')).join('\n'));
    } finally {
        await studio.stop();
    }
} finally {
    await browser.close();
    tmp.remove();
}
