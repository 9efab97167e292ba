// Browser tests of the BGML diagram editor: `bgml studio` serves the diagram, Debian's headless Chromium drives it
// with paced mouse moves, and every check reads the diagram's own DOM (`#bgml-diagram`). Screenshots of the key
// steps go to artifacts/. Run with `node --test` (tests/diagram-browser/run.sh does the setup).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
    DIAGRAM,
    byId,
    byType,
    centreOf,
    chromiumAvailable,
    emptyCanvasPoint,
    idsOfType,
    launchBrowser,
    misplacedElements,
    newPage,
    openDiagram,
    pacedClick,
    pacedDrag,
    nodesCoveredBy,
    paletteMinimized,
    pickTool,
    revision,
    screenshot,
    waitForRevision
} from './lib/browser.mjs';
import {
    RESULT_RUNS,
    copyExample,
    runRoundtripOnOmniOrb,
    tempDir,
    writeEventChain,
    writeRoundtripWithResults,
    writeTinyOmniOrbModel
} from './lib/fixtures.mjs';
import { bgml, startStudio, studioAvailable } from './lib/studio.mjs';

const skip = !chromiumAvailable()
    ? 'Chromium is not installed at /usr/bin/chromium (scripts/setup.sh installs it)'
    : !studioAvailable()
      ? 'bin/bgml is missing'
      : false;

const omniorbSkip = skip || (existsSync('/usr/bin/omniidl') || process.env.PATH.split(':').some(d => existsSync(join(d, 'omniidl')))
    ? false
    : 'omniORB is not installed (omniidl not found; scripts/setup.sh installs it)');

let browser;
before(async () => {
    if (!skip) {
        browser = await launchBrowser();
    }
});
after(async () => {
    await browser?.close();
});

/** Opens `file` in a fresh studio and page; `done()` stops both. */
async function openStudio(file, viewport) {
    const studio = await startStudio(file);
    const page = await newPage(browser, viewport);
    try {
        await openDiagram(page, studio.url);
    } catch (error) {
        await page.context().close();
        await studio.stop();
        throw new Error(`${error.message}\nstudio output:\n${studio.output()}`);
    }
    return {
        studio,
        page,
        done: async () => {
            await page.context().close();
            await studio.stop();
        }
    };
}

async function noticeText(page) {
    return page.evaluate(() => {
        const notice = document.getElementById('bgml-notice');
        return notice && !notice.hidden ? notice.textContent : '';
    });
}

/** Waits until elements of `type` not in `before` are drawn (a server round trip) and returns their ids. */
async function newIdsOfType(page, type, before, timeout = 15_000) {
    await page.waitForFunction(
        ([sel, known]) => [...document.querySelectorAll(sel)].some(e => !known.includes(e.id.replace(/^bgml-diagram_/, ''))),
        [byType(type), [...before]],
        { timeout }
    );
    return (await idsOfType(page, type)).filter(id => !before.has(id));
}

/** A port's own shape (its box without the name beside it), or a node's body. */
function portOrNode(id) {
    return `${byId(id)} > .bgml-port-hit, ${byId(id)} > .bgml-node-body`;
}

async function labelText(page, id) {
    return page.locator(byId(id)).first().textContent();
}

/** Creates an entity of `kind` from the palette on an empty spot, then a port of `portKind` on it. */
async function createEntityWithPort(page, kind, type, portKind, portType) {
    const before = new Set(await idsOfType(page, type));
    await pickTool(page, kind);
    await pacedClick(page, await emptyCanvasPoint(page));
    const added = await newIdsOfType(page, type, before);
    assert.equal(added.length, 1, `one new ${kind}, got ${added}`);
    const portsBefore = new Set(await idsOfType(page, portType));
    await pickTool(page, portKind);
    await pacedClick(page, await centreOf(page, `${byId(added[0])} .bgml-node-body`));
    const ports = await newIdsOfType(page, portType, portsBefore);
    assert.equal(ports.length, 1, `one new ${portKind}, got ${ports}`);
    assert.ok(ports[0].startsWith(added[0] + '/'), `${ports[0]} belongs to ${added[0]}`);
    return [added[0], ports[0]];
}

/**
 * Selects `id` by clicking it (at `at`, by default the centre of its port shape or node body) and sets a property
 * in the property panel.
 */
async function setProperty(page, id, property, value, at = () => centreOf(page, portOrNode(id))) {
    await page.keyboard.press('Escape');
    await pacedClick(page, await at());
    const field = `#bgml-properties[data-element-id="${id}"] [data-property="${property}"] select, ` +
        `#bgml-properties[data-element-id="${id}"] [data-property="${property}"] input`;
    await page.waitForSelector(field);
    if ((await page.$eval(field, e => e.value)) === value) {
        return; // already so (a new port gets the model's only interface)
    }
    const rev = await revision(page);
    const tag = await page.$eval(field, e => e.tagName);
    if (tag === 'SELECT') {
        await page.selectOption(field, value);
    } else {
        await page.fill(field, value);
        await page.press(field, 'Enter');
    }
    await waitForRevision(page, rev);
    await page.waitForFunction(
        ([f, v]) => document.querySelector(f)?.value === v,
        [field, value]
    );
}

/** The values a combo field (an input with a datalist) offers. */
async function offered(page, input) {
    return page.$eval(input, i => [...(i.list?.options ?? [])].map(o => o.value));
}

/** Types `value` into a text field of the sheet shown for `id` and presses Enter (a server round trip). */
async function typeInPanel(page, id, property, value, { refused = false } = {}) {
    const field = `#bgml-properties[data-element-id="${id}"] [data-property="${property}"] input`;
    await page.waitForSelector(field);
    if ((await page.$eval(field, e => e.value)) === value) {
        return; // already so: no change, no round trip
    }
    const rev = await revision(page);
    const notices = await page.evaluate(() => Number(document.getElementById('bgml-notice').dataset.count ?? 0));
    await page.fill(field, value);
    await page.press(field, 'Enter');
    if (refused) {
        await page.waitForFunction(n => Number(document.getElementById('bgml-notice').dataset.count ?? 0) > n, notices);
    } else {
        await waitForRevision(page, rev);
    }
}

/** Chooses `value` in a select of the sheet shown for `id` (a server round trip). */
async function selectInPanel(page, id, property, value) {
    const field = `#bgml-properties[data-element-id="${id}"] [data-property="${property}"] select`;
    await page.waitForSelector(field);
    const rev = await revision(page);
    await page.selectOption(field, value);
    await waitForRevision(page, rev);
}

/** The screen point halfway along a connection's line. */
async function edgeMiddle(page, id) {
    return page.$eval(byId(id), g => {
        const path = g.querySelector('path:not(.mouse-handle):not(.bgml-arrow)');
        const p = path.getPointAtLength(path.getTotalLength() / 2);
        const m = path.getScreenCTM();
        return { x: p.x * m.a + p.y * m.c + m.e, y: p.x * m.b + p.y * m.d + m.f };
    });
}

describe('roundtrip: build a scenario by drag and drop', { skip }, () => {
    let tmp;
    let model;
    let session;
    let page;
    let newComponent;
    let newFacet;
    let newClient;
    let newReceptacle;
    let newEdge;
    let renamedFrom;

    before(async () => {
        tmp = tempDir();
        model = copyExample('roundtrip.bgml', tmp.dir);
        session = await openStudio(model);
        page = session.page;
    });
    after(async () => {
        await session?.done();
        tmp?.remove();
    });

    test('opens examples/roundtrip with its entities, kinds, ports and connections', async () => {
        const servers = await idsOfType(page, 'node:server');
        const clients = await idsOfType(page, 'node:client');
        const components = await idsOfType(page, 'node:component');
        assert.deepEqual(servers.sort(), ['TaoCiaoServer', 'TaoTaoServer']);
        assert.deepEqual(clients.sort(), ['CiaoTaoClient', 'TaoTaoClient']);
        assert.deepEqual(components.sort(), ['CiaoCiaoClient', 'CiaoCiaoServer', 'CiaoTaoServer', 'TaoCiaoClient']);
        assert.match(await page.locator(`${byId('TaoTaoServer')} [data-svg-metadata-type="label:kind"]`).textContent(), /Server/);
        assert.match(await page.locator(`${byId('CiaoCiaoServer')} [data-svg-metadata-type="label:kind"]`).textContent(), /Component/);
        // each port kind has its own shape: a facet is a circle, a receptacle an open socket path
        assert.equal(await page.locator(`${byId('TaoTaoServer/rt')} circle.bgml-facet`).count(), 1);
        assert.equal(await page.locator(`${byId('TaoTaoClient/rt')} path.bgml-receptacle`).count(), 1);
        // ports sit on their node's border
        const node = await page.locator(byId('TaoTaoServer')).locator('.bgml-node-body').boundingBox();
        const port = await page.locator(`${byId('TaoTaoServer/rt')} .bgml-port-hit`).boundingBox();
        const portCentreX = port.x + port.width / 2;
        assert.ok(
            Math.abs(portCentreX - node.x) < 2 || Math.abs(portCentreX - (node.x + node.width)) < 2,
            `port centre ${portCentreX} is on neither border of ${node.x}..${node.x + node.width}`
        );
        const edges = await page.$$eval(byType('edge:invocation'), es =>
            es.map(e => [e.getAttribute('data-svg-metadata-edge-source-id'), e.getAttribute('data-svg-metadata-edge-target-id')])
        );
        assert.equal(edges.length, 4);
        assert.ok(edges.some(([s, t]) => s === 'bgml-diagram_TaoTaoClient/rt' && t === 'bgml-diagram_TaoTaoServer/rt'));
        assert.equal(await page.locator(`${DIAGRAM} .tool-palette .tool-button`).count() > 0, true, 'the server sent a tool palette');
        await screenshot(page, '01-roundtrip-opened');
    });

    test('creates a component from the palette, adds a facet and gives it an interface in the property panel', async () => {
        [newComponent, newFacet] = await createEntityWithPort(page, 'Component', 'node:component', 'Facet', 'port:facet');
        await setProperty(page, newFacet, 'interface', 'Test::RoundTrip');
        await screenshot(page, '02-component-and-facet-created');
    });

    test('connects a receptacle to the new facet', async () => {
        [newClient, newReceptacle] = await createEntityWithPort(page, 'Client', 'node:client', 'Receptacle', 'port:receptacle');
        await setProperty(page, newReceptacle, 'interface', 'Test::RoundTrip');
        const edgesBefore = new Set(await idsOfType(page, 'edge:invocation'));
        await page.keyboard.press('Escape');
        await pickTool(page, 'Invocation');
        await pacedClick(page, await centreOf(page, portOrNode(newReceptacle)));
        await pacedClick(page, await centreOf(page, portOrNode(newFacet)));
        const added = await newIdsOfType(page, 'edge:invocation', edgesBefore);
        assert.equal(added.length, 1, `one new connection, got ${added}`);
        newEdge = added[0];
        const ends = await page.$eval(byId(newEdge), e => [
            e.getAttribute('data-svg-metadata-edge-source-id'),
            e.getAttribute('data-svg-metadata-edge-target-id')
        ]);
        assert.deepEqual(ends, ['bgml-diagram_' + newReceptacle, 'bgml-diagram_' + newFacet]);
        await screenshot(page, '03-receptacle-connected');
    });

    test('refuses an illegal connection and says why', async () => {
        const edgesBefore = (await idsOfType(page, 'edge:invocation')).sort();
        await page.keyboard.press('Escape');
        await pickTool(page, 'Invocation');
        // receptacle to receptacle: never legal
        await pacedClick(page, await centreOf(page, portOrNode(newReceptacle)));
        await pacedClick(page, await centreOf(page, portOrNode('TaoTaoClient/rt')));
        await page.waitForFunction(() => {
            const n = document.getElementById('bgml-notice');
            return n && !n.hidden && /receptacle/i.test(n.textContent);
        });
        assert.match(await noticeText(page), /receptacle/i);
        // the server's own refusal, naming the rule, replaces the client's explanation; nothing is created
        await page.waitForFunction(() => Number(document.getElementById('bgml-notice').dataset.count) >= 2, null, { timeout: 10_000 });
        assert.match(await noticeText(page), /a receptacle connects only to a facet/);
        await page.keyboard.press('Escape');
        await page.waitForSelector(`${DIAGRAM} [id$="_feedback_edge"]`, { state: 'detached' });
        assert.deepEqual((await idsOfType(page, 'edge:invocation')).sort(), edgesBefore);
        await screenshot(page, '04-illegal-connection-refused');
    });

    test('renames in place, enforcing identifier rules', async () => {
        const nameLabel = byId(newComponent + '#name');
        await page.locator(nameLabel).dblclick();
        const input = page.locator('.label-edit input, .label-edit textarea').first();
        await input.waitFor({ state: 'visible' });
        await input.fill('not an identifier!');
        await page.keyboard.press('Enter');
        await page.waitForTimeout(800);
        // still the old name: the edit is refused
        assert.equal(await page.locator(byId(newComponent)).count(), 1);
        if (await input.isVisible()) {
            await input.fill('PingServer');
        } else {
            await page.locator(nameLabel).dblclick();
            await input.waitFor({ state: 'visible' });
            await input.fill('PingServer');
        }
        const rev = await revision(page);
        await page.keyboard.press('Enter');
        await waitForRevision(page, rev);
        await page.waitForSelector(byId('PingServer'));
        assert.equal(await labelText(page, 'PingServer#name'), 'PingServer');
        newFacet = newFacet.replace(newComponent + '/', 'PingServer/');
        renamedFrom = newComponent;
        newComponent = 'PingServer';
        await screenshot(page, '05-renamed');
    });

    test('undo and redo the rename with the keyboard and the buttons', async () => {
        await page.locator(`${DIAGRAM} svg`).first().click({ position: { x: 5, y: 5 } });
        await page.keyboard.press('Control+z');
        await page.waitForSelector(byId('PingServer'), { state: 'detached' });
        assert.equal(await page.locator(byId(renamedFrom)).count(), 1, 'the old name is back');
        await page.click('#bgml-redo');
        await page.waitForSelector(byId('PingServer'));
        assert.equal(await page.locator(byId(renamedFrom)).count(), 0);
    });

    test('moves a node by dragging it', async () => {
        const body = `${byId('PingServer')} .bgml-node-body`;
        const before = await page.locator(body).boundingBox();
        const from = { x: before.x + 20, y: before.y + before.height - 8 };
        await pacedDrag(page, from, { x: from.x - 60, y: from.y + 40 });
        await page.waitForFunction(
            ([sel, y]) => Math.abs(document.querySelector(sel).getBoundingClientRect().y - y) > 20,
            [body, before.y]
        );
        const afterMove = await page.locator(body).boundingBox();
        assert.ok(Math.abs(afterMove.x - (before.x - 60)) < 25, `moved left: ${before.x} -> ${afterMove.x}`);
        assert.ok(Math.abs(afterMove.y - (before.y + 40)) < 25, `moved down: ${before.y} -> ${afterMove.y}`);
    });

    test('a move redraws only the moved node and its connections, which still end at its ports', async () => {
        const result = await page.evaluate(async () => {
            const api = window.bgmlDiagram;
            const layer = document.querySelector('#bgml-diagram > svg > g');
            const node = document.getElementById('bgml-diagram_PingServer');
            const ports = new Set([...node.querySelectorAll('g.bgml-port')].map(p => p.id));
            const edges = [...layer.children].filter(
                e => ports.has(e.getAttribute('data-svg-metadata-edge-source-id')) || ports.has(e.getAttribute('data-svg-metadata-edge-target-id'))
            );
            const topOf = e => {
                while (e && e.parentNode !== layer) {
                    e = e.parentNode;
                }
                return e;
            };
            const changed = new Set();
            const observer = new MutationObserver(records => records.forEach(r => changed.add(topOf(r.target))));
            observer.observe(layer, { subtree: true, attributes: true, childList: true, characterData: true });
            const body = node.querySelector('.bgml-node-body');
            const size = { width: Number(body.getAttribute('width')), height: Number(body.getAttribute('height')) };
            const [, x, y] = /translate\(\s*([-\d.e]+)[ ,]+([-\d.e]+)/.exec(node.getAttribute('transform'));
            const before = api.revision;
            api.dispatch({
                kind: 'changeBounds',
                isOperation: true,
                newBounds: [{ elementId: 'PingServer', newSize: size, newPosition: { x: Number(x) + 40, y: Number(y) + 25 } }]
            });
            await api.waitForRevision(before);
            observer.disconnect();
            const others = [...changed].filter(e => e !== node && !edges.includes(e)).map(e => e?.id ?? String(e));
            // each connection's line still starts or ends on one of the moved node's ports
            const portBoxes = [...node.querySelectorAll('g.bgml-port')].map(p => p.getBoundingClientRect());
            const detached = edges
                .filter(edge => {
                    const line = edge.querySelector('path');
                    const ctm = line.getScreenCTM();
                    const ends = [0, line.getTotalLength()].map(at => line.getPointAtLength(at).matrixTransform(ctm));
                    return !ends.some(p => portBoxes.some(b => p.x >= b.left - 4 && p.x <= b.right + 4 && p.y >= b.top - 4 && p.y <= b.bottom + 4));
                })
                .map(edge => edge.id);
            return { edges: edges.length, nodeChanged: changed.has(node), others, detached };
        });
        assert.ok(result.edges > 0, 'PingServer has connections');
        assert.ok(result.nodeChanged, 'the moved node was redrawn');
        assert.deepEqual(result.others, [], 'nothing but the moved node and its connections was redrawn');
        assert.deepEqual(result.detached, [], 'every connection of the moved node ends at one of its ports');
    });

    test('switches viewpoints: metric badges, option labels, deployment', async () => {
        await page.click('#bgml-viewpoint-metric');
        await page.waitForSelector(`${DIAGRAM} svg.bgml-viewpoint-metric`);
        const badges = await page.$$eval(byType('label:metric'), ls => ls.map(l => l.textContent));
        assert.equal(badges.length, 12, 'twelve metrics on four connections');
        assert.ok(badges.some(b => /^Latency 250k · p99 ≤ 150(\.0)? µs$/.test(b)), badges.join(' | '));
        await screenshot(page, '06-metric-viewpoint');

        await page.click('#bgml-viewpoint-configuration');
        await page.waitForSelector(`${DIAGRAM} svg.bgml-viewpoint-configuration`);
        assert.deepEqual(await idsOfType(page, 'label:metric'), [], 'no metric badges in the configuration viewpoint');
        const options = await page.$$eval(byType('label:option'), ls => ls.map(l => l.textContent));
        assert.ok(options.some(o => /omniorbLoopback: endPoint=giop:tcp:127\.0\.0\.1:/.test(o)), options.join(' | '));
        await screenshot(page, '07-configuration-viewpoint');

        await page.check('#bgml-deployment');
        await page.waitForSelector(byType('node:process'));
        assert.ok((await page.locator(byType('node:process')).count()) >= 8, 'processes of the remote deployment');
        await screenshot(page, '08-deployment');

        await page.uncheck('#bgml-deployment');
        await page.click('#bgml-viewpoint-interconnection');
        await page.waitForSelector(`${DIAGRAM} svg.bgml-viewpoint-interconnection`);
        await page.waitForFunction(() => !document.querySelector('#bgml-diagram [data-svg-metadata-type="node:process"]'));
        assert.equal(await page.locator(byType('label:option')).count(), 0);
    });

    test('a configuration\'s sheet ticks the processes it applies to; its option labels follow', async () => {
        await page.click('#bgml-viewpoint-configuration');
        await page.waitForSelector(`${DIAGRAM} svg.bgml-viewpoint-configuration`);
        const label = 'TaoTaoServer#option/omniorbLoopback';
        await page.keyboard.press('Escape');
        await pacedClick(page, await centreOf(page, byId(label)));
        const processes = `#bgml-properties[data-element-id="${label}"] [data-property="processes"]`;
        await page.waitForSelector(`${processes} input[type="checkbox"]`);
        const offered = await page.$$eval(`${processes} input[type="checkbox"]`, bs => bs.map(b => b.value));
        assert.equal(offered.length, 12, offered.join(', '));
        assert.ok(offered.includes('remote/localhost/TaoTaoServerProcess') && offered.includes('collocated/localhost/TaoTaoProcess'));
        assert.equal(await page.locator(`${processes} input:checked`).count(), 0, 'none ticked: every process');

        const box = `${processes} input[value="remote/localhost/TaoTaoServerProcess"]`;
        let rev = await revision(page);
        await page.click(box);
        await waitForRevision(page, rev);
        await page.waitForSelector(byId('CiaoTaoServer#option/omniorbLoopback'), { state: 'detached' });
        assert.equal(await page.locator(byId(label)).count(), 1, 'the ticked process\'s entity keeps its label');
        assert.equal(await page.locator(byId('TaoTaoClient#option/omniorbLoopback')).count(), 0);
        await page.waitForFunction(sel => document.querySelector(sel)?.checked === true, box);
        await screenshot(page, '07b-configuration-processes');

        rev = await revision(page);
        await page.click(box);
        await waitForRevision(page, rev);
        await page.waitForSelector(byId('CiaoTaoServer#option/omniorbLoopback'));
        await page.click('#bgml-viewpoint-interconnection');
        await page.waitForSelector(`${DIAGRAM} svg.bgml-viewpoint-interconnection`);
    });

    test('shows the selected element in the property panel and edits it there', async () => {
        await pacedClick(page, await centreOf(page, `${byId('TaoTaoServer')} .bgml-node-body`));
        await page.waitForSelector('#bgml-properties[data-element-id="TaoTaoServer"] .bgml-property');
        const names = await page.$$eval('#bgml-properties .bgml-property', rows => rows.map(r => r.dataset.property));
        assert.ok(names.includes('name'), names.join(','));
    });

    test('saves, reloads and finds every edit again', async () => {
        assert.equal(await page.evaluate(() => window.bgmlDiagram.isDirty), true);
        await page.click('#bgml-save');
        await page.waitForFunction(() => document.getElementById('bgml-app').dataset.dirty === 'false');
        const saved = readFileSync(model, 'utf8');
        assert.match(saved, /name="PingServer"/);
        assert.match(saved, new RegExp(`source="#${newReceptacle}" target="#${newFacet}"`));

        await session.done();
        session = await openStudio(model);
        page = session.page;
        assert.equal(await page.locator(byId('PingServer')).count(), 1);
        assert.equal(await page.locator(byId(newFacet)).count(), 1);
        const ends = await page.$eval(byId(newEdge), e => e.getAttribute('data-svg-metadata-edge-target-id'));
        assert.equal(ends, 'bgml-diagram_' + newFacet);
        await screenshot(page, '09-reloaded');
    });

    test('live validation: a new event source without an event type is listed; clicking the problem selects it', async () => {
        const before = new Set(await idsOfType(page, 'port:source'));
        await pickTool(page, 'Event source');
        await pacedClick(page, await centreOf(page, `${byId('PingServer')} > .bgml-node-body`));
        const [source] = await newIdsOfType(page, 'port:source', before);
        const row = `#bgml-problems-list li[data-element-id="${source}"]`;
        await page.waitForSelector(row);
        assert.match(await page.locator(row).textContent(), /error/);
        // marked on the diagram with the class PROTOCOL.md promises (not only GLSP's own marker decoration)
        await page.waitForSelector(`${byId(source)}.bgml-error`);
        await page.keyboard.press('Escape');
        await page.click(row);
        await page.waitForSelector(`${byId(source)}.selected`);
        await screenshot(page, '10-problem-selected');

        // Delete removes it, and with it the problem
        await page.locator(`${DIAGRAM} svg`).first().focus();
        await page.keyboard.press('Delete');
        await page.waitForSelector(byId(source), { state: 'detached' });
        await page.waitForSelector(row, { state: 'detached' });
    });

    test('deleting an entity removes its connections; undo brings both back', async () => {
        await page.keyboard.press('Escape');
        await pacedClick(page, await centreOf(page, `${byId(newClient)} > .bgml-node-body`));
        await page.waitForSelector(`${byId(newClient)}.selected`);
        await page.keyboard.press('Delete');
        await page.waitForSelector(byId(newClient), { state: 'detached' });
        assert.equal(await page.locator(byId(newEdge)).count(), 0, 'its connection went with it');
        await page.click('#bgml-undo');
        await page.waitForSelector(byId(newClient));
        await page.waitForSelector(byId(newEdge));
    });
});

// A new user's first scenario, drawn from nothing by drag and drop and the property panel: entities and ports, a
// typed new interface with an operation, the connection, a latency metric with a requirement, a configuration with
// an omniORB option; saved, reopened, run, and the run's numbers read from the overlay.
describe('from an empty file', { skip }, () => {
    let tmp;
    let model;
    let session;
    let page;
    let server;
    let facet;
    let client;
    let receptacle;
    let edge;
    let badge;

    before(async () => {
        tmp = tempDir();
        model = join(tmp.dir, 'first.bgml');
        session = await openStudio(model);
        page = session.page;
    });
    after(async () => {
        await session?.done();
        tmp?.remove();
    });

    test('opens a path that does not exist yet as an empty model with the full palette', async () => {
        assert.equal(existsSync(model), false, 'nothing is written before the first save');
        assert.equal(await page.locator(`${DIAGRAM} g.bgml-node`).count(), 0, 'no entities');
        const tools = await page.$$eval(`${DIAGRAM} .tool-palette .tool-button`, bs => bs.map(b => b.textContent));
        for (const tool of ['Server', 'Client', 'Facet', 'Receptacle', 'Invocation']) {
            assert.ok(tools.some(t => t.startsWith(tool)), `palette offers ${tool}: ${tools.join(' | ')}`);
        }
        await screenshot(page, '17-empty-file-opened');
    });

    test('creates a server with a facet and a client with a receptacle from the palette', async () => {
        [server, facet] = await createEntityWithPort(page, 'Server', 'node:server', 'Facet', 'port:facet');
        [client, receptacle] = await createEntityWithPort(page, 'Client', 'node:client', 'Receptacle', 'port:receptacle');
        await screenshot(page, '18-empty-file-entities');
    });

    test('connecting ports without an interface is refused, saying what to do', async () => {
        await page.keyboard.press('Escape');
        await pickTool(page, 'Invocation');
        await pacedClick(page, await centreOf(page, portOrNode(receptacle)));
        await pacedClick(page, await centreOf(page, portOrNode(facet)));
        await page.waitForFunction(() => /has no interface yet/.test(document.getElementById('bgml-notice')?.textContent ?? ''));
        assert.match(await noticeText(page), /has no interface yet; choose one in its properties/);
        await page.keyboard.press('Escape');
        assert.equal(await page.locator(byType('edge:invocation')).count(), 0);
        // the place it points to: the facet's Interface field, which offers the model's interfaces (none yet)
        await pacedClick(page, await centreOf(page, portOrNode(facet)));
        const field = `#bgml-properties[data-element-id="${facet}"] [data-property="interface"] input[list]`;
        await page.waitForSelector(field);
        assert.deepEqual(await offered(page, field), []);
        await screenshot(page, '19-empty-file-no-interface');
    });

    test('saves the new file; a new studio finds the entities and their ports', async () => {
        await page.click('#bgml-save');
        await page.waitForFunction(() => document.getElementById('bgml-app').dataset.dirty === 'false');
        const saved = readFileSync(model, 'utf8');
        assert.match(saved, new RegExp(`<entities xsi:type="bgml:Server" name="${server}">\\s*<ports xsi:type="bgml:Facet" name="${facet.split('/')[1]}"`));
        assert.match(saved, new RegExp(`<entities xsi:type="bgml:Client" name="${client}">\\s*<ports xsi:type="bgml:Receptacle" name="${receptacle.split('/')[1]}"`));

        await session.done();
        session = await openStudio(model);
        page = session.page;
        for (const id of [server, facet, client, receptacle]) {
            assert.equal(await page.locator(byId(id)).count(), 1, `${id} is back`);
        }
        await screenshot(page, '20-empty-file-reloaded');
    });

    test('types a new interface (Bench::Echo) for the facet, adds an operation, and picks it for the receptacle', async () => {
        await setProperty(page, facet, 'interface', 'Bench::Echo');
        await typeInPanel(page, facet, 'addOperation', 'ping(in sequence<octet> payload)');
        // one list of the interface's operations, each shown with its signature and a Remove button
        const operations = `#bgml-properties[data-element-id="${facet}"] [data-property="operations"]`;
        await page.waitForSelector(`${operations} li[data-value="Bench::Echo::ping"]`);
        assert.deepEqual(await page.$$eval(`${operations} li code`, cs => cs.map(c => c.textContent)), ['void ping(in Bench::OctetSeq payload)']);
        // a bad signature is refused with the reason; nothing changes
        await typeInPanel(page, facet, 'addOperation', 'pong(in widget w)', { refused: true });
        await page.waitForFunction(() => /neither an IDL primitive/.test(document.getElementById('bgml-notice')?.textContent ?? ''));
        assert.doesNotMatch(await page.locator(`#bgml-properties [data-property="operations"]`).textContent(), /pong/);
        // a second operation, added and removed again with its Remove button
        await typeInPanel(page, facet, 'addOperation', 'unsigned long long stamp(in unsigned long long t)');
        await page.waitForSelector(`${operations} li[data-value="Bench::Echo::stamp"]`);
        assert.deepEqual(await page.$$eval(`${operations} li code`, cs => cs.map(c => c.textContent)), [
            'void ping(in Bench::OctetSeq payload)',
            'unsigned long long stamp(in unsigned long long t)'
        ]);
        await screenshot(page, '21-empty-file-interface-typed');
        const rev = await revision(page);
        await page.click(`${operations} li[data-value="Bench::Echo::stamp"] button`);
        await waitForRevision(page, rev);
        await page.waitForSelector(`${operations} li[data-value="Bench::Echo::stamp"]`, { state: 'detached' });
        assert.equal(await page.locator(`${operations} li`).count(), 1);

        await page.keyboard.press('Escape');
        await pacedClick(page, await centreOf(page, portOrNode(receptacle)));
        const field = `#bgml-properties[data-element-id="${receptacle}"] [data-property="interface"] input[list]`;
        await page.waitForSelector(field);
        assert.deepEqual(await offered(page, field), ['Bench::Echo'], 'the new interface is offered');
        await setProperty(page, receptacle, 'interface', 'Bench::Echo');
    });

    test('connects the receptacle to the facet', async () => {
        await page.keyboard.press('Escape');
        await pickTool(page, 'Invocation');
        await pacedClick(page, await centreOf(page, portOrNode(receptacle)));
        await pacedClick(page, await centreOf(page, portOrNode(facet)));
        const added = await newIdsOfType(page, 'edge:invocation', new Set());
        assert.equal(added.length, 1, `one connection, got ${added}`);
        edge = added[0];
        const ends = await page.$eval(byId(edge), e => [
            e.getAttribute('data-svg-metadata-edge-source-id'),
            e.getAttribute('data-svg-metadata-edge-target-id')
        ]);
        assert.deepEqual(ends, ['bgml-diagram_' + receptacle, 'bgml-diagram_' + facet]);
        await screenshot(page, '22-empty-file-connected');
    });

    test('drops a Latency metric on the connection; its badge opens the metric, where samples and a p99 requirement are set', async () => {
        await page.keyboard.press('Escape');
        await page.click('#bgml-viewpoint-metric');
        await page.waitForSelector(`${DIAGRAM} svg.bgml-viewpoint-metric`);
        // dropped on an entity it is refused: a metric measures a connection or a port
        await pickTool(page, 'Latency metric');
        await pacedClick(page, await centreOf(page, `${byId(server)} > .bgml-node-body`));
        await page.waitForFunction(() => /drop it on the connection or the port/.test(document.getElementById('bgml-notice')?.textContent ?? ''));
        assert.equal(await page.locator(byType('label:metric')).count(), 0);

        await page.keyboard.press('Escape');
        await pickTool(page, 'Latency metric');
        await pacedClick(page, await edgeMiddle(page, edge));
        [badge] = await newIdsOfType(page, 'label:metric', new Set());
        assert.equal(badge, `${edge}Latency1#badge`);
        assert.match(await labelText(page, badge), /^Latency 10k$/);

        const onBadge = () => centreOf(page, byId(badge));
        await setProperty(page, badge, 'samples', '2000', onBadge);
        await page.waitForSelector(`${byId(badge)}.selected`);
        await setProperty(page, badge, 'warmupIterations', '200', onBadge);
        await setProperty(page, badge, 'requirement.statistic', 'p99', onBadge);
        await setProperty(page, badge, 'requirement.value', '100000.0', onBadge);
        assert.equal(await page.$eval(`#bgml-properties [data-property="requirement.unit"] select`, s => s.value), 'us');
        // it measures the interface's only operation
        assert.equal(await page.$eval(`#bgml-properties [data-property="operation"] select`, s => s.value), 'Bench::Echo::ping');
        await page.waitForFunction(sel => document.querySelector(sel)?.textContent === 'Latency 2k · p99 ≤ 100.0 ms', byId(badge));
        // the two nodes stand close side by side: the badge hangs below both, covering neither
        assert.deepEqual(await nodesCoveredBy(page, badge, [server, client]), []);
        await screenshot(page, '23-empty-file-metric');
    });

    test('the operation the metric measures cannot be removed: the facet\'s sheet says which metric measures it', async () => {
        await page.keyboard.press('Escape');
        await pacedClick(page, await centreOf(page, portOrNode(facet)));
        const ping = `#bgml-properties[data-element-id="${facet}"] [data-property="operations"] li[data-value="Bench::Echo::ping"]`;
        await page.waitForSelector(ping);
        const metric = badge.replace(/#badge$/, '');
        assert.equal(await page.locator(`${ping} .bgml-hint`).textContent(), `measured by ${metric}`);
        const notices = await page.evaluate(() => Number(document.getElementById('bgml-notice').dataset.count ?? 0));
        await page.click(`${ping} button`);
        await page.waitForFunction(n => Number(document.getElementById('bgml-notice').dataset.count ?? 0) > n, notices);
        assert.match(await noticeText(page), new RegExp(`metric ${metric} measures ping: choose another operation in its sheet or delete it first`));
        assert.equal(await page.locator(ping).count(), 1, 'ping stays');
        await screenshot(page, '23b-empty-file-measured-operation');
    });

    test('with nothing selected the panel shows the model: adds a configuration with an omniORB endpoint setting', async () => {
        await page.keyboard.press('Escape');
        await pacedClick(page, await emptyCanvasPoint(page));
        await page.waitForSelector('#bgml-properties[data-element-id="bgml-model"] [data-property="addConfiguration"] input');
        assert.match(await page.locator('#bgml-properties-title').textContent(), /^Model/);
        await typeInPanel(page, 'bgml-model', 'addConfiguration', 'loopback');
        const link = '#bgml-properties[data-element-id="bgml-model"] .bgml-link[data-target="loopback"]';
        await page.waitForSelector(link);
        await page.click(link);
        const sheet = '#bgml-properties[data-element-id="loopback"]';
        await page.waitForSelector(`${sheet} [data-property="addSetting"] select`);
        assert.equal(await page.locator('#bgml-properties-title').textContent(), 'Configuration loopback');
        // no deployment, so no process to tick: the sheet says the configuration applies to every entity's process
        assert.match(await page.locator(`${sheet} [data-property="processes"] output`).textContent(), /no process yet.*applies to all of them/);

        // add, edit and remove option settings from the omniORB catalogue
        await selectInPanel(page, 'loopback', 'addSetting', 'OmniOrbOptions/endPoint');
        await page.waitForSelector(`${sheet} [data-property="setting:endPoint"] input`);
        await typeInPanel(page, 'loopback', 'setting:endPoint', 'giop:tcp:127.0.0.1:');
        await page.waitForFunction(sel => document.querySelector(sel)?.value === 'giop:tcp:127.0.0.1:', `${sheet} [data-property="setting:endPoint"] input`);
        await selectInPanel(page, 'loopback', 'addSetting', 'OmniOrbOptions/traceLevel');
        await page.waitForSelector(`${sheet} [data-property="setting:traceLevel"]`);
        await page.locator(`${sheet} [data-property="removeSetting"] button`, { hasText: 'Remove traceLevel' }).click();
        await page.waitForSelector(`${sheet} [data-property="setting:traceLevel"]`, { state: 'detached' });
        await screenshot(page, '24-empty-file-configuration');

        // the configuration viewpoint shows where it applies (every process: the model has no deployment);
        // a click on its label opens it again
        await page.click('#bgml-viewpoint-configuration');
        await page.waitForSelector(`${DIAGRAM} svg.bgml-viewpoint-configuration`);
        const label = `${server}#option/loopback`;
        await page.waitForSelector(byId(label));
        assert.equal(await labelText(page, label), 'loopback: endPoint=giop:tcp:127.0.0.1:');
        assert.equal(await labelText(page, `${client}#option/loopback`), 'loopback: endPoint=giop:tcp:127.0.0.1:');
        await page.keyboard.press('Escape');
        await pacedClick(page, await centreOf(page, byId(label)));
        await page.waitForSelector(`#bgml-properties[data-element-id="${label}"] [data-property="setting:endPoint"]`);
        assert.equal(await page.locator('#bgml-properties-title').textContent(), 'Configuration loopback');
        await screenshot(page, '25-empty-file-configuration-viewpoint');

        // settings that break a constraint of the omniORB catalogue (bidirectional GIOP needs GIOP 1.2) are flagged
        // on the configuration's labels and listed in its sheet; removing one clears the flag
        const configSheet = `#bgml-properties[data-element-id="${label}"]`;
        await selectInPanel(page, label, 'addSetting', 'OmniOrbOptions/offerBiDirectionalGIOP');
        await selectInPanel(page, label, 'setting:offerBiDirectionalGIOP', '1');
        await selectInPanel(page, label, 'addSetting', 'OmniOrbOptions/maxGIOPVersion');
        await selectInPanel(page, label, 'setting:maxGIOPVersion', '1.1');
        await page.waitForSelector(`${byId(label)}.bgml-error`);
        await page.waitForSelector(`${byId(client + '#option/loopback')}.bgml-error`);
        await page.waitForFunction(sel => /^error: .*maxGIOPVersion/.test(document.querySelector(sel)?.textContent ?? ''), `${configSheet} [data-property="problems"] output`);
        // and in the problems list, under the model (a configuration is not drawn)
        await page.waitForFunction(() =>
            [...document.querySelectorAll('#bgml-problems-list li[data-element-id="bgml-model"]')].some(li => /OfferingBidirNeedsGiop12/.test(li.textContent))
        );
        await screenshot(page, '25b-empty-file-constraint-violated');
        for (const option of ['maxGIOPVersion', 'offerBiDirectionalGIOP']) {
            const rev = await revision(page);
            await page.locator(`${configSheet} [data-property="removeSetting"] button`, { hasText: 'Remove ' + option }).click();
            await waitForRevision(page, rev);
        }
        await page.waitForSelector(`${byId(label)}.bgml-error`, { state: 'detached' });
        assert.equal(await labelText(page, label), 'loopback: endPoint=giop:tcp:127.0.0.1:');
        await page.click('#bgml-viewpoint-interconnection');
        await page.waitForSelector(`${DIAGRAM} svg.bgml-viewpoint-interconnection`);
    });

    test('saves and reopens the scenario: interface, operation, connection, metric and configuration are all there', async () => {
        await page.click('#bgml-save');
        await page.waitForFunction(() => document.getElementById('bgml-app').dataset.dirty === 'false');
        const saved = readFileSync(model, 'utf8');
        assert.match(saved, /<definitions xsi:type="bgml:Sequence" name="OctetSeq">/);
        assert.match(saved, /<definitions xsi:type="bgml:Interface" name="Echo">\s*<operations name="ping">/);
        assert.match(saved, new RegExp(`<connections name="${edge}" source="#${receptacle}" target="#${facet}"`));
        assert.match(
            saved,
            new RegExp(
                `<metrics xsi:type="bgml:Latency" name="${edge}Latency1" warmupIterations="200" samples="2000"\\s+` +
                    `connection="#${edge}" operation="#Bench::Echo::ping">\\s*<requirement value="100000.0"/>`
            )
        );
        assert.match(saved, /<configurations name="loopback">\s*<settings option="bgml:\/catalogs\/omniorb\.bgml#endPoint" value="giop:tcp:127\.0\.0\.1:"\/>\s*<\/configurations>/);

        await session.done();
        session = await openStudio(model);
        page = session.page;
        assert.equal(await page.locator(byId(edge)).count(), 1, 'the connection is back');
        await page.click('#bgml-viewpoint-metric');
        await page.waitForSelector(byId(badge));
        assert.equal(await labelText(page, badge), 'Latency 2k · p99 ≤ 100.0 ms');
        await page.click('#bgml-viewpoint-interconnection');
        await page.waitForSelector(`${DIAGRAM} svg.bgml-viewpoint-interconnection`);
        await page.waitForSelector('#bgml-properties[data-element-id="bgml-model"] .bgml-link[data-target="loopback"]');
        await screenshot(page, '26-empty-file-scenario-reloaded');
    });

    test('Generate & Run on omniORB: the run\'s numbers on the connection, green against the p99 requirement', { skip: omniorbSkip }, async () => {
        await page.waitForSelector('#bgml-run-group:not([hidden])');
        await page.selectOption('#bgml-run-target', 'omniorb');
        await pacedClick(page, await centreOf(page, '#bgml-run'));
        await page.waitForFunction(() => /^(done|failed)/.test(document.getElementById('bgml-run-status')?.textContent ?? ''), null, {
            timeout: 300_000,
            polling: 250
        });
        const status = await page.locator('#bgml-run-status').textContent();
        assert.match(status, /^done: /, status);
        const label = byId(edge + '#result');
        await page.waitForSelector(label);
        const text = await page.locator(label).textContent();
        assert.match(text, /^p50 [\d.]+ (ns|µs|ms) · p99 [\d.]+ (ns|µs|ms)/);
        // above the short connection, clear of both nodes' bodies and port names
        assert.deepEqual(await nodesCoveredBy(page, edge + '#result', [server, client]), []);
        assert.equal(await page.locator(`${byId(edge)}.bgml-pass`).count(), 1, `green: ${text} meets p99 ≤ 100 ms`);
        assert.equal(await page.locator(`${byId(edge)}.bgml-fail`).count(), 0);
        // the detail shows the percentiles of the 2,000 samples
        await pacedClick(page, await centreOf(page, label));
        await page.waitForSelector(`#bgml-result-detail[data-element-id="${edge}"]`);
        assert.match(await page.locator('#bgml-result-detail tr[data-stat="p99"] td').textContent(), /^[\d.,]+ (ns|µs|ms)$/);
        await screenshot(page, '27-empty-file-run-results');
        assert.match(readFileSync(model, 'utf8'), /<results [^>]*target="omniorb"/);

        // a requirement no run can meet (p99 ≤ 1 ns): the next run's numbers turn the connection red
        await page.click('#bgml-viewpoint-metric');
        await page.waitForSelector(byId(badge));
        await setProperty(page, badge, 'requirement.unit', 'ns', () => centreOf(page, byId(badge)));
        await setProperty(page, badge, 'requirement.value', '1.0', () => centreOf(page, byId(badge)));
        const runs = await page.locator('#bgml-run-select option').count();
        await pacedClick(page, await centreOf(page, '#bgml-run'));
        await page.waitForFunction(n => document.querySelectorAll('#bgml-run-select option').length > n, runs, { timeout: 300_000, polling: 250 });
        await page.waitForSelector(`${byId(edge)}.bgml-fail`);
        // the server sends the new run list just before the run's last status: wait for that status too
        await page.waitForFunction(() => /^(done|failed)/.test(document.getElementById('bgml-run-status')?.textContent ?? ''), null, { timeout: 30_000 });
        assert.match(await page.locator('#bgml-run-status').textContent(), /^done: /);
        assert.equal(await page.locator(`${byId(edge)}.bgml-pass`).count(), 0);
        assert.match(await page.locator(label).textContent(), /^p50 [\d.]+ (ns|µs|ms) · p99 [\d.]+ (ns|µs|ms)/);
        await screenshot(page, '28-empty-file-run-fails-requirement');
    });
});

describe('results overlay', { skip }, () => {
    let tmp;
    let session;
    let page;

    before(async () => {
        tmp = tempDir();
        session = await openStudio(writeRoundtripWithResults(tmp.dir));
        page = session.page;
    });
    after(async () => {
        await session?.done();
        tmp?.remove();
    });

    test('labels show the newest run, red where it breaks the requirement', async () => {
        const label = await page.locator(`${byId('TaoTao#result')}`).textContent();
        assert.match(label, /p50 97\.5 µs/);
        assert.match(label, /p99 182(\.0)? µs/);
        assert.equal(await page.locator(`${byId('TaoTao')}.bgml-fail`).count(), 1);
        // the other connections have no results
        assert.equal(await page.locator(byType('label:result')).count(), 1);
        await screenshot(page, '11-results-newest-run');
    });

    test('choosing another run and metric updates the labels', async () => {
        const resultLabel = byId('TaoTao#result');
        const labelMatches = pattern =>
            page.waitForFunction(([sel, re]) => new RegExp(re).test(document.querySelector(sel)?.textContent ?? ''), [resultLabel, pattern]);
        await page.waitForSelector('#bgml-run-select option[value="fast"]', { state: 'attached' });
        await page.selectOption('#bgml-run-select', 'fast');
        await labelMatches('p50 14\\.2 µs');
        assert.match(await page.locator(resultLabel).textContent(), /p99 19\.6 µs/);
        assert.equal(await page.locator(`${byId('TaoTao')}.bgml-pass`).count(), 1);
        assert.equal(await page.locator(`${byId('TaoTao')}.bgml-fail`).count(), 0);

        await page.selectOption('#bgml-metric-select', 'TaoTaoThroughput');
        await labelMatches('67\\.8k/s');
        assert.doesNotMatch(await page.locator(resultLabel).textContent(), /p50/);
        await screenshot(page, '12-results-fast-run-throughput');

        await page.selectOption('#bgml-metric-select', 'TaoTaoLatency');
        await labelMatches('p50 14\\.2 µs');
    });

    test('a click opens the detail with percentiles and a histogram', async () => {
        await pacedClick(page, await centreOf(page, byId('TaoTao#result')));
        await page.waitForSelector('#bgml-result-detail[data-element-id="TaoTao"]');
        const stat = async name => page.locator(`#bgml-result-detail tr[data-stat="${name}"] td`).textContent();
        assert.equal(await stat('p50'), `${RESULT_RUNS.fast.p50} µs`);
        assert.equal(await stat('p99'), `${RESULT_RUNS.fast.p99} µs`);
        assert.equal(await stat('p99.9'), `${RESULT_RUNS.fast.p999} µs`);
        assert.equal(await page.locator('#bgml-histogram').getAttribute('data-buckets'), '8');
        // the chart's code loads with its own script when the first histogram is drawn
        await page.waitForFunction(() => document.querySelectorAll('#bgml-histogram svg path').length >= 8, null, { timeout: 10_000 });
        await screenshot(page, '13-result-detail');
    });
});

describe('a model annotated by a real `bgml run` (the README\'s main job)', { skip: omniorbSkip }, () => {
    let tmp;
    let model;
    let session;
    let page;

    before(async () => {
        tmp = tempDir();
        model = runRoundtripOnOmniOrb(tmp.dir);
        session = await openStudio(model);
        page = session.page;
    });
    after(async () => {
        await session?.done();
        tmp?.remove();
    });

    /** What the annotated file holds: its entities, ports, and the connections the newest run measured. */
    function expected() {
        const text = readFileSync(model, 'utf8');
        const results = text.match(/<results [\s\S]*?<\/results>/g) ?? [];
        assert.equal(results.length, 1, 'bgml run stored one result set in the model');
        const measured = new Set([...results[0].matchAll(/<measurements [^>]*\belement="#([^"]+)"/g)].map(m => m[1]));
        return {
            entities: (text.match(/<entities /g) ?? []).length,
            ports: (text.match(/<ports /g) ?? []).length,
            results: [...measured].sort()
        };
    }

    async function assertAllDrawnInside(step) {
        const want = expected();
        const { wrong, counts } = await misplacedElements(page, [
            'node:server', 'node:client', 'node:component', 'port:facet', 'port:receptacle', 'label:result'
        ]);
        assert.deepEqual(wrong, [], `${step}: every element drawn inside the canvas`);
        assert.equal(counts['node:server'] + counts['node:client'] + counts['node:component'], want.entities, `${step}: every entity drawn`);
        assert.equal(counts['port:facet'] + counts['port:receptacle'], want.ports, `${step}: every port drawn`);
        const labels = (await idsOfType(page, 'label:result')).map(id => id.replace(/#result$/, '')).sort();
        assert.deepEqual(labels, want.results, `${step}: a result label on every measured connection`);
    }

    test('opens with every entity, port and result label drawn inside the canvas', async () => {
        assert.equal(expected().results.length, 4, 'the run measured the four connections');
        await assertAllDrawnInside('opened');
        for (const id of expected().results) {
            assert.match(await labelText(page, id + '#result'), /^p50 [\d.]+ (ns|µs|ms) · p99 [\d.]+ (ns|µs|ms)/);
        }
        await screenshot(page, '17-annotated-by-bgml-run');
    });

    test('Fit brings everything back into view after the diagram was scrolled away and zoomed in', async () => {
        await page.evaluate(() =>
            window.bgmlDiagram.dispatch({
                kind: 'viewport',
                elementId: 'bgml-model',
                newViewport: { scroll: { x: 1500, y: 1200 }, zoom: 2.5 },
                animate: false
            })
        );
        const viewport = () => page.$eval(`${DIAGRAM} > svg > g`, g => g.getAttribute('transform'));
        await page.waitForFunction(sel => /scale\(2\.5\)/.test(document.querySelector(sel)?.getAttribute('transform')), `${DIAGRAM} > svg > g`);
        const away = await misplacedElements(page, ['node:server', 'node:client', 'node:component']);
        const inPlace = Object.values(away.counts).reduce((a, b) => a + b, 0) - away.wrong.length;
        assert.ok(inPlace < expected().entities, `scrolled away: ${inPlace} entities still drawn inside the canvas`);
        await page.click('#bgml-fit');
        await page.waitForFunction(sel => !/scale\(2\.5\)/.test(document.querySelector(sel)?.getAttribute('transform')), `${DIAGRAM} > svg > g`);
        assert.doesNotMatch(await viewport(), /NaN/);
        await assertAllDrawnInside('after Fit');
        await screenshot(page, '18-annotated-after-fit');
    });

    test('the page logged no error and every request succeeded', async () => {
        assert.deepEqual(page.consoleErrors, []);
        assert.deepEqual(page.failedRequests, []);
    });
});

describe('dba-color mesh', { skip }, () => {
    test('the 100-node mesh opens and is laid out without overlaps', async () => {
        const tmp = tempDir();
        const session = await openStudio(copyExample('dba-color-mesh.bgml', tmp.dir));
        try {
            const page = session.page;
            const boxes = await page.$$eval(`${DIAGRAM} g.bgml-node`, nodes =>
                nodes.map(n => {
                    const r = n.querySelector('.bgml-node-body').getBoundingClientRect();
                    return { id: n.id, x: r.x, y: r.y, w: r.width, h: r.height };
                })
            );
            assert.ok(boxes.length >= 100, `${boxes.length} nodes drawn`);
            const overlaps = [];
            for (let i = 0; i < boxes.length; i++) {
                for (let j = i + 1; j < boxes.length; j++) {
                    const a = boxes[i];
                    const b = boxes[j];
                    if (a.x < b.x + b.w - 1 && b.x < a.x + a.w - 1 && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1) {
                        overlaps.push(a.id + ' / ' + b.id);
                    }
                }
            }
            assert.deepEqual(overlaps.slice(0, 5), [], 'no two nodes overlap');
            await page.click('#bgml-fit');
            await page.waitForTimeout(300);
            await screenshot(page, '14-dba-color-mesh');
        } finally {
            await session.done();
            tmp.remove();
        }
    });
});

describe('the 1,000-component synthetic model', { skip }, () => {
    test('opens with its entities laid out on screen', async () => {
        const tmp = tempDir();
        const model = join(tmp.dir, 'synthetic.bgml');
        execFileSync(bgml, ['benchmark', 'model', '--components', '1000', '--write', model], { stdio: 'ignore' });
        const session = await openStudio(model);
        try {
            const page = session.page;
            // the view draws only what the viewport shows: after the initial fit, a good share of the entities
            const drawn = await page.locator(`${DIAGRAM} g.bgml-node`).count();
            assert.ok(drawn >= 100, `${drawn} of 1000 entities on screen`);
            const inView = await page.$$eval(`${DIAGRAM} g.bgml-node > .bgml-node-body`, bodies => {
                const w = window.innerWidth;
                const h = window.innerHeight;
                return bodies.filter(b => {
                    const r = b.getBoundingClientRect();
                    return r.right > 0 && r.bottom > 0 && r.left < w && r.top < h;
                }).length;
            });
            assert.ok(inView >= 100, `${inView} entities inside the window`);
            await screenshot(page, '15-synthetic-1000');
        } finally {
            await session.done();
            tmp.remove();
        }
    });

    test('at the overview zoom shows every entity; zoomed in, their ports and labels', async () => {
        const tmp = tempDir();
        const model = join(tmp.dir, 'synthetic.bgml');
        execFileSync(bgml, ['benchmark', 'model', '--components', '1000', '--write', model], { stdio: 'ignore' });
        const session = await openStudio(model);
        try {
            const page = session.page;
            const zoom = async () => Number(/scale\(([\d.e-]+)\)/.exec(await page.$eval(`${DIAGRAM} > svg > g`, g => g.getAttribute('transform')))[1]);
            // fitted (again: the problems list below the canvas fills once the validation has come, and the canvas
            // shrinks), the model is drawn as an overview: every entity as its box, its ports as squares in one path,
            // each connection as one line
            const opened = await page.$eval(`${DIAGRAM} > svg > g`, g => g.getAttribute('transform'));
            await page.click('#bgml-fit');
            await page.waitForFunction(([sel, t]) => document.querySelector(sel)?.getAttribute('transform') !== t, [`${DIAGRAM} > svg > g`, opened]);
            assert.ok((await zoom()) < 0.25, `opened at zoom ${await zoom()}, below the detail zoom`);
            const overview = await misplacedElements(page, ['node:component']);
            assert.deepEqual(overview.wrong, [], 'every entity drawn inside the canvas');
            assert.equal(overview.counts['node:component'], 1000, 'every entity drawn');
            const withPorts = await page.$$eval(`${DIAGRAM} g.bgml-node`, nodes => nodes.filter(n => n.querySelector(':scope > path.bgml-port-overview')).length);
            assert.equal(withPorts, 1000, 'the ports of every entity, as squares');
            // a port the validation warns about keeps its colour: its square is in a path of its own class
            const warned = await page.locator(`${DIAGRAM} path.bgml-port-overview.bgml-warning`).count();
            assert.ok(warned > 0, 'the squares of the ports with a warning');
            assert.equal(await page.locator(`${DIAGRAM} [data-svg-metadata-type^="edge:"]`).count(), 2500, 'every connection');
            assert.equal(await page.locator(`${DIAGRAM} g.bgml-port`).count(), 0, 'no port drawn in full at the overview zoom');
            // zoomed in on the first entity: its ports and the texts are drawn in full
            const first = await page.$eval(`${DIAGRAM} g.bgml-node`, n => n.id.replace(/^bgml-diagram_/, ''));
            const before = await revision(page);
            await page.evaluate(id => window.bgmlDiagram.dispatch({ kind: 'center', elementIds: [id], animate: false, retainZoom: false, zoomScale: 1 }), first);
            await page.waitForFunction(sel => !/scale\(0\./.test(document.querySelector(sel)?.getAttribute('transform')), `${DIAGRAM} > svg > g`);
            await page.waitForSelector(`${byId(first)} g.bgml-port .bgml-port-hit`);
            assert.ok((await zoom()) >= 0.25, `zoomed in to ${await zoom()}`);
            const ports = await page.$$eval(`${byId(first)} g.bgml-port`, gs => gs.map(g => g.querySelector('.sprotty-label')?.textContent ?? ''));
            assert.ok(ports.length >= 1 && ports.every(name => name !== ''), `the first entity's ports with their names: ${JSON.stringify(ports)}`);
            assert.notEqual(await labelText(page, first + '#name'), '', 'the entity\'s name is drawn');
            const zoomed = await misplacedElements(page, ['port:facet', 'port:receptacle', 'label:name']);
            assert.deepEqual(zoomed.wrong.filter(w => !/outside the canvas/.test(w)), [], 'every port and label drawn with finite coordinates');
            assert.ok(zoomed.counts['port:facet'] + zoomed.counts['port:receptacle'] > 0, 'ports are drawn in full');
            assert.equal(await revision(page), before, 'zooming asked the server for nothing');
            await screenshot(page, '15b-synthetic-1000-zoomed-in');
            assert.deepEqual(page.consoleErrors, []);
        } finally {
            await session.done();
            tmp.remove();
        }
    });
});

describe('Generate & Run', { skip: omniorbSkip }, () => {
    test('runs a tiny omniORB model through the one-click run, shows live sample counts and the new run on the overlay', async () => {
        const tmp = tempDir();
        const session = await openStudio(writeTinyOmniOrbModel(tmp.dir));
        try {
            const page = session.page;
            await page.waitForSelector('#bgml-run-group:not([hidden])');
            assert.equal(await page.locator(byType('label:result')).count(), 0, 'no results before the run');
            // every status the page shows during the run, in order
            await page.evaluate(() => {
                window.bgmlRunStatuses = [];
                const status = document.getElementById('bgml-run-status');
                new MutationObserver(() => window.bgmlRunStatuses.push(status.textContent)).observe(status, {
                    childList: true,
                    characterData: true,
                    subtree: true
                });
            });
            await page.selectOption('#bgml-run-target', 'omniorb');
            await pacedClick(page, await centreOf(page, '#bgml-run'));
            await page.waitForFunction(() => /^(done|failed)/.test(document.getElementById('bgml-run-status')?.textContent ?? ''), null, {
                timeout: 300_000,
                polling: 200
            });
            const statuses = await page.evaluate(() => window.bgmlRunStatuses);
            const final = statuses[statuses.length - 1];
            assert.match(final, /^done: /, statuses.join('\n'));
            for (const phase of ['generating', 'building', 'measuring', 'collecting']) {
                assert.ok(statuses.some(t => t.startsWith(phase)), `phase ${phase} shown: ${statuses.join(' | ')}`);
            }
            // live sample counts while measuring: some count between none and all of them
            const counts = statuses.map(t => /^measuring: (\d+) of (\d+) samples/.exec(t)).filter(Boolean);
            assert.ok(counts.length > 0, `sample counts shown: ${statuses.join(' | ')}`);
            assert.ok(counts.every(m => Number(m[2]) >= 60000 && Number(m[1]) <= Number(m[2])), counts.map(m => m[0]).join(' | '));
            // stored and reported as `bgml run` does
            assert.ok(existsSync(join(tmp.dir, '.bgml', 'results.db')), 'the run is in .bgml/results.db');
            const report = /report (\S+\.html)/.exec(final);
            assert.ok(report && existsSync(report[1]), `the HTML report was written: ${final}`);

            // the new run's numbers on the overlay, green since the requirement is generous
            const label = byId('Ping#result');
            await page.waitForSelector(label);
            const text = await page.locator(label).textContent();
            assert.match(text, /p50 [\d.]+ (ns|µs|ms) · p99 [\d.]+ (ns|µs|ms)/);
            assert.equal(await page.locator(`${byId('Ping')}.bgml-pass`).count(), 1);
            assert.ok((await page.locator('#bgml-run-select option').count()) >= 1, 'the run is offered in the run chooser');
            await screenshot(page, '16-generate-and-run');
            // and saved on the model file
            assert.match(readFileSync(join(tmp.dir, 'tiny.bgml'), 'utf8'), /<results [^>]*target="omniorb"/);
        } finally {
            await session.done();
            tmp.remove();
        }
    });
});

describe('Generate & Run of a deployment on another host', { skip: omniorbSkip }, () => {
    test('is refused with an offer to run it here anyway; that run records the collapse, and the deployment view shows where each process ran', async () => {
        const tmp = tempDir();
        const file = writeTinyOmniOrbModel(tmp.dir);
        // the node is another machine; fewer samples keep the run short
        writeFileSync(
            file,
            readFileSync(file, 'utf8')
                .replace('<nodes name="localhost" cpuCount="2">', '<nodes name="localhost" host="hostb.example" cpuCount="2">')
                .replace('samples="60000"', 'samples="5000"')
        );
        const session = await openStudio(file);
        try {
            const page = session.page;
            await page.waitForSelector('#bgml-run-group:not([hidden])');
            assert.equal(await page.locator('#bgml-run-here:not([hidden])').count(), 0, 'no offer before a refusal');
            await page.selectOption('#bgml-run-target', 'omniorb');
            await pacedClick(page, await centreOf(page, '#bgml-run'));
            await page.waitForFunction(() => /^failed/.test(document.getElementById('bgml-run-status')?.textContent ?? ''), null, {
                timeout: 30_000,
                polling: 200
            });
            assert.match(await page.locator('#bgml-run-status').textContent(), /node localhost on hostb\.example/);
            await page.waitForSelector('#bgml-run-here:not([hidden])');
            await screenshot(page, '18-refused-for-hosts');

            await pacedClick(page, await centreOf(page, '#bgml-run-here'));
            await page.waitForFunction(() => /^(done|failed)/.test(document.getElementById('bgml-run-status')?.textContent ?? '')
                && !/refused/.test(document.getElementById('bgml-run-status')?.textContent ?? ''), null, {
                timeout: 300_000,
                polling: 250
            });
            assert.match(await page.locator('#bgml-run-status').textContent(), /^done: /);
            assert.equal(await page.locator('#bgml-run-here:not([hidden])').count(), 0, 'the offer goes once the run starts');
            // the stored run says that the deployment was collapsed
            const stored = execFileSync(bgml, ['results', '--run', '1', '--store', join(tmp.dir, '.bgml', 'results.db')], { encoding: 'utf8' });
            assert.match(stored, /warning: deployment collapsed onto this host: node localhost \(hostb\.example\) ran on /, stored);

            // the deployment view: each process box says where it ran, flagged as collapsed
            await page.check('#bgml-deployment');
            const placement = byId('pinned/localhost/PingServerProcess#placement');
            await page.waitForSelector(placement);
            assert.match(await page.locator(`${placement} title`).textContent(), /^ran on \S+, not hostb\.example \(collapsed onto this host\) · CPU 0 \(pinned\)/);
            const lines = await page.locator(`${placement} tspan`).allTextContents();
            assert.match(lines[0], /^ran on \S+( · CPU 0|…)$/, lines.join(' | '));
            assert.equal(lines[lines.length - 1], 'collapsed onto this host', 'the last line says why');
            assert.equal(await page.locator(`${byId('pinned/localhost/PingServerProcess')}.bgml-placement-moved`).count(), 1);
            assert.equal(await page.locator(`${byId('pinned/localhost/PingClientProcess#placement')}.bgml-placement-moved`).count(), 1);
            await screenshot(page, '19-collapsed-placement');
        } finally {
            await session.done();
            tmp.remove();
        }
    });
});

describe('a small canvas (the diagram inside an editor)', { skip }, () => {
    test('the tool palette starts minimized so it hides no node; its button brings the tools back', async () => {
        const tmp = tempDir();
        const session = await openStudio(copyExample('roundtrip.bgml', tmp.dir), { width: 900, height: 560 });
        const page = session.page;
        try {
            await page.waitForSelector(`${DIAGRAM} .minimize-palette-button`);
            assert.ok(await paletteMinimized(page), 'minimized on a canvas smaller than 800 × 620');
            // only its button shows: the palette itself is out of sight, frame included
            await page.locator(`${DIAGRAM} .tool-palette`).waitFor({ state: 'hidden', timeout: 2_000 });
            await screenshot(page, '40-small-canvas-palette-minimized');
            await pickTool(page, 'Server');
            assert.equal(await paletteMinimized(page), false, 'picking a tool expanded it');
            await page.keyboard.press('Escape');
            await screenshot(page, '41-small-canvas-palette-expanded');
        } finally {
            await session.done();
            tmp.remove();
        }
    });
});

describe('an event chain: actions drawn as dashed trigger edges', { skip }, () => {
    test('a publish action is a dashed edge inside its component; an action added in the property panel draws another', async () => {
        const tmp = tempDir();
        const session = await openStudio(writeEventChain(tmp.dir));
        const page = session.page;
        try {
            // the GPS's sink publishes on its source: one trigger edge, drawn dashed, unlike the solid invocation edge
            const publish = 'Gps/tick/behaviour/actions[0]';
            await page.waitForSelector(byId(publish));
            assert.deepEqual(await idsOfType(page, 'edge:trigger'), [publish]);
            const dash = id => page.$eval(`${byId(id)} > path`, p => getComputedStyle(p).strokeDasharray);
            assert.notEqual(await dash(publish), 'none', 'the trigger edge is dashed');
            assert.equal(await dash('Read'), 'none', 'an invocation edge is solid');

            // the display's sink gets a call action from the property panel: its trigger runs to the display's receptacle
            await pacedClick(page, await centreOf(page, `${byId('Display/ready')} > .bgml-port-hit`));
            await page.waitForSelector('#bgml-properties[data-element-id="Display/ready"] select[name="addAction"]');
            const rev = await revision(page);
            await page.selectOption('#bgml-properties select[name="addAction"]', 'call');
            await waitForRevision(page, rev);
            const call = 'Display/ready/behaviour/actions[0]';
            await page.waitForSelector(byId(call));
            assert.notEqual(await dash(call), 'none');
            // the panel lists it with pickers limited to the display's own receptacle
            await page.waitForSelector('#bgml-properties select[name="action.0.receptacle"]');
            const receptacles = await page.$$eval('#bgml-properties select[name="action.0.receptacle"] option', os => os.map(o => o.value));
            assert.deepEqual(receptacles.filter(v => v), ['Display/gps']);
            await screenshot(page, '42-event-chain-triggers');
        } finally {
            await session.done();
            tmp.remove();
        }
    });
});

// The event chain of issue 14's "done when", drawn from a file that does not exist yet with nothing but the palette
// and the property panel: an event type typed as a new name, a rate generator's timer (200 ticks at 200 Hz), a relay
// whose sink does busy work and publishes, a display consuming that, the two event connections and a path latency from
// the timer to the display's sink. The diagram makes no deployment: each component runs in a process of its own. One
// click runs it on omniORB; the end-to-end figure lands on the path's end and each hop on its own element.
describe('an event chain drawn from an empty file, run with one click on omniORB', { skip }, () => {
    let tmp;
    let model;
    let session;
    let page;
    let rate;
    let tick;
    let relay;
    let relaySink;
    let relaySource;
    let display;
    let displaySink;
    let ticks;
    let ready;
    let path;

    before(async () => {
        tmp = tempDir();
        model = join(tmp.dir, 'chain.bgml');
        session = await openStudio(model);
        page = session.page;
    });
    after(async () => {
        await session?.done();
        tmp?.remove();
    });

    /** Adds a port of `portKind` on `entity` from the palette and returns its id. */
    async function addPort(entity, portKind, portType) {
        const before = new Set(await idsOfType(page, portType));
        await page.keyboard.press('Escape');
        await pickTool(page, portKind);
        await pacedClick(page, await centreOf(page, `${byId(entity)} > .bgml-node-body`));
        const [port] = await newIdsOfType(page, portType, before);
        assert.ok(port.startsWith(entity + '/'), `${port} belongs to ${entity}`);
        return port;
    }

    /** Connects `source` to `sink` with the Event tool and returns the new connection's id. */
    async function connect(source, sink) {
        const before = new Set(await idsOfType(page, 'edge:event'));
        await page.keyboard.press('Escape');
        await pickTool(page, 'Event (source');
        await pacedClick(page, await centreOf(page, portOrNode(source)));
        await pacedClick(page, await centreOf(page, portOrNode(sink)));
        const added = await newIdsOfType(page, 'edge:event', before);
        assert.equal(added.length, 1, `one new event connection, got ${added}`);
        return added[0];
    }

    test('a rate generator: a component whose event source gets a new event type and a 200 Hz timer of 200 ticks', async () => {
        assert.equal(existsSync(model), false);
        [rate, tick] = await createEntityWithPort(page, 'Component', 'node:component', 'Event source', 'port:source');
        // the model has no event type yet: typing a scoped name creates it (with one member, so that its IDL compiles)
        await setProperty(page, tick, 'eventType', 'Chain::Tick');
        await page.keyboard.press('Escape');
        await pacedClick(page, await centreOf(page, portOrNode(tick)));
        const periodic = `#bgml-properties[data-element-id="${tick}"] [data-property="timer"] input[type="checkbox"]`;
        await page.waitForSelector(periodic);
        const rev = await revision(page);
        await page.check(periodic);
        await waitForRevision(page, rev);
        // the sheet shows the numbers as the model holds them (a rate is a double: 200.0)
        await typeInPanel(page, tick, 'timer.rateHz', '200');
        await typeInPanel(page, tick, 'timer.iterations', '200');
        const value = property => page.$eval(`#bgml-properties[data-element-id="${tick}"] [data-property="${property}"] input`, i => i.value);
        await page.waitForFunction(sel => document.querySelector(sel)?.value === '200.0',
            `#bgml-properties[data-element-id="${tick}"] [data-property="timer.rateHz"] input`);
        assert.equal(await value('timer.iterations'), '200');
        await screenshot(page, '60-chain-rate-generator');
    });

    test('a relay whose sink does busy work and publishes on its own source, drawn as a dashed trigger edge', async () => {
        [relay, relaySink] = await createEntityWithPort(page, 'Component', 'node:component', 'Event sink', 'port:sink');
        await page.keyboard.press('Escape');
        await pacedClick(page, await centreOf(page, portOrNode(relaySink)));
        const field = `#bgml-properties[data-element-id="${relaySink}"] [data-property="eventType"] input[list]`;
        await page.waitForSelector(field);
        assert.deepEqual(await offered(page, field), ['Chain::Tick'], 'the event type made for the timer is offered');
        await setProperty(page, relaySink, 'eventType', 'Chain::Tick');
        relaySource = await addPort(relay, 'Event source', 'port:source');
        await setProperty(page, relaySource, 'eventType', 'Chain::Tick');

        await page.keyboard.press('Escape');
        await pacedClick(page, await centreOf(page, portOrNode(relaySink)));
        await selectInPanel(page, relaySink, 'addAction', 'busyWork');
        await typeInPanel(page, relaySink, 'action.0.micros', '20');
        await selectInPanel(page, relaySink, 'addAction', 'publish');
        // the publication picked the relay's only source
        const source = `#bgml-properties[data-element-id="${relaySink}"] select[name="action.1.source"]`;
        await page.waitForSelector(source);
        assert.equal(await page.$eval(source, s => s.value), relaySource);
        const trigger = `${relaySink}/behaviour/actions[1]`;
        await page.waitForSelector(byId(trigger));
        assert.deepEqual(await idsOfType(page, 'edge:trigger'), [trigger], 'busy work sends nothing: one trigger edge');
        await screenshot(page, '61-chain-relay-actions');
    });

    test('a display consuming the relay\'s events; the two event connections', async () => {
        [display, displaySink] = await createEntityWithPort(page, 'Component', 'node:component', 'Event sink', 'port:sink');
        await setProperty(page, displaySink, 'eventType', 'Chain::Tick');
        ticks = await connect(tick, relaySink);
        ready = await connect(relaySource, displaySink);
        assert.notEqual(ticks, ready);
        await screenshot(page, '62-chain-connected');
    });

    test('a path latency from the timer, ending at the display\'s sink, with a short warm-up', async () => {
        await page.keyboard.press('Escape');
        await page.click('#bgml-viewpoint-metric');
        await page.waitForSelector(`${DIAGRAM} svg.bgml-viewpoint-metric`);
        await pickTool(page, 'Path latency');
        await pacedClick(page, await centreOf(page, portOrNode(tick)));
        const [badge] = await newIdsOfType(page, 'label:metric', new Set());
        path = badge.replace(/#badge$/, '');
        await screenshot(page, '63-chain-path-badge');
        // its sheet, through the model's list of metrics
        await page.keyboard.press('Escape');
        await pacedClick(page, await emptyCanvasPoint(page));
        const link = `#bgml-properties[data-element-id="bgml-model"] .bgml-link[data-target="${path}"]`;
        await page.waitForSelector(link);
        await page.click(link);
        await typeInPanel(page, path, 'samples', '150');
        await typeInPanel(page, path, 'warmupIterations', '50');
        // the farthest port the chain reaches is the end: the display's sink, through the relay's publication
        assert.equal(await page.$eval(`#bgml-properties[data-element-id="${path}"] [data-property="end"] select`, s => s.value), displaySink);
        await page.waitForFunction(([sel, t]) => document.querySelector(sel)?.textContent === t, [byId(badge), 'PathLatency 150']);
        await page.click('#bgml-viewpoint-interconnection');
        await page.waitForSelector(`${DIAGRAM} svg.bgml-viewpoint-interconnection`);
        // no error or warning before the run (a connected source that nothing triggers would be one)
        assert.equal(await page.locator('#bgml-problems-list li.bgml-problem-error, #bgml-problems-list li.bgml-problem-warning').count(), 0,
            await page.locator('#bgml-problems-list').textContent());
        await screenshot(page, '63b-chain-path-metric');
    });

    test('Generate & Run on omniORB: the end-to-end figure on the display\'s sink, each hop on its connection or sink', { skip: omniorbSkip }, async () => {
        await page.waitForSelector('#bgml-run-group:not([hidden])');
        await page.selectOption('#bgml-run-target', 'omniorb');
        await pacedClick(page, await centreOf(page, '#bgml-run'));
        await page.waitForFunction(() => /^(done|failed)/.test(document.getElementById('bgml-run-status')?.textContent ?? ''), null, {
            timeout: 400_000,
            polling: 250
        });
        const status = await page.locator('#bgml-run-status').textContent();
        assert.match(status, /^done: /, status);

        // the end-to-end figure: on the path's end, and only there
        const end = byId(displaySink + '#result');
        await page.waitForSelector(end);
        assert.match(await page.locator(end).textContent(), /^p50 [\d.]+ (ns|µs|ms) · p99 [\d.]+ (ns|µs|ms)/);
        assert.deepEqual(await idsOfType(page, 'label:result'), [displaySink + '#result']);
        // each hop where it happens: both connections, and the relay's action time on its sink
        const hop = /^hop p50 [\d.]+ (ns|µs|ms) · p99 [\d.]+ (ns|µs|ms)/;
        for (const id of [ticks, ready, relaySink]) {
            await page.waitForSelector(byId(id + '#hop'));
            assert.match(await labelText(page, id + '#hop'), hop, id);
        }
        assert.deepEqual((await idsOfType(page, 'label:hop')).sort(), [ticks + '#hop', ready + '#hop', relaySink + '#hop'].sort());
        await screenshot(page, '64-chain-run-on-diagram');

        // the end's detail lists the hops in path order, and their shares of the end-to-end mean add up to it
        await pacedClick(page, await centreOf(page, end));
        await page.waitForSelector(`#bgml-result-detail[data-element-id="${displaySink}"]`);
        const rows = await page.$$eval('#bgml-result-hops tr[data-segment]', trs =>
            trs.map(tr => ({ segment: tr.dataset.segment, cells: [...tr.querySelectorAll('td')].map(td => td.textContent) }))
        );
        assert.deepEqual(rows.map(r => r.segment), [ticks, `${relay}.${relaySink.split('/')[1]} actions`, ready]);
        for (const r of rows) {
            assert.match(r.cells[0], /^[\d.,]+ (ns|µs|ms)$/, `${r.segment} p50`);
            assert.match(r.cells[1], /^[\d.,]+ (ns|µs|ms)$/, `${r.segment} p99`);
        }
        const shares = rows.map(r => Number(/^(\d+) %$/.exec(r.cells[2])?.[1]));
        const total = shares.reduce((a, b) => a + b, 0);
        assert.ok(total >= 94 && total <= 106, `the hops' shares add up to ${total} % (${shares.join(' + ')})`);
        // the relay does 20 µs of busy work per event: its action hop takes at least that
        const action = rows[1].cells[0];
        const micros = Number(action.replace(/[^\d.]/g, '')) * (/ms$/.test(action) ? 1000 : /ns$/.test(action) ? 0.001 : 1);
        assert.ok(micros >= 19, `the relay's actions take ${action}, with 20 µs of busy work`);
        await screenshot(page, '65-chain-run-detail');

        // a hop's label opens that hop's own figures
        await page.keyboard.press('Escape');
        await pacedClick(page, await centreOf(page, byId(ready + '#hop')));
        await page.waitForSelector(`#bgml-result-detail[data-element-id="${ready}"]`);
        assert.match(await page.locator('#bgml-result-detail .bgml-result-meta').textContent(), new RegExp(`^hop ${ready}`));
        assert.match(await page.locator('#bgml-result-detail tr[data-stat="p50"] td').textContent(), /^[\d.,]+ (ns|µs|ms)$/);

        // the run saved the model, with the event type's member, and attached its results
        const saved = readFileSync(model, 'utf8');
        assert.match(saved, /<definitions xsi:type="bgml:EventType" name="Tick">\s*<members name="count">/);
        assert.match(saved, /<timer rate="fixed" rateHz="200\.0" iterations="200"\/>/);
        assert.match(saved, /<results [^>]*target="omniorb"/);
        assert.deepEqual(page.consoleErrors, []);
    });
});

// The Patterns group of the palette: a pattern's parameters asked for in the property panel (typed fields with their
// defaults and bounds; a bad value refused, nothing added), the proxy with 4 pairs placed into an empty file, run, and
// its numbers read from the overlay; then the diagram saved as a pattern of the project, which joins the palette.
describe('patterns from the palette', { skip }, () => {
    let tmp;
    let model;
    let session;
    let page;
    const form = id => `#bgml-properties[data-element-id="${id}"]`;

    before(async () => {
        tmp = tempDir();
        model = join(tmp.dir, 'pairs.bgml');
        session = await openStudio(model);
        page = session.page;
    });
    after(async () => {
        await session?.done();
        tmp?.remove();
    });

    test('the Patterns group lists the shipped patterns; a click shows the proxy\'s parameters with defaults and bounds', async () => {
        const tools = await page.$$eval(`${DIAGRAM} .tool-palette .tool-button`, bs => bs.map(b => b.textContent));
        for (const pattern of ['clientServer', 'proxy', 'pipeline', 'fanOut', 'mesh']) {
            assert.ok(tools.includes(pattern), `palette offers ${pattern}: ${tools.join(' | ')}`);
        }
        await pickTool(page, 'proxy');
        await page.waitForSelector(`${form('pattern:proxy')} [data-property="pairs"] input`);
        const pairs = await page.$eval(`${form('pattern:proxy')} [data-property="pairs"] input`, i => ({ type: i.type, value: i.value, min: i.min, max: i.max }));
        assert.deepEqual(pairs, { type: 'number', value: '3', min: '1', max: '64' });
        const modes = await page.$$eval(`${form('pattern:proxy')} [data-property="mode"] option`, os => os.map(o => o.value));
        assert.deepEqual(modes, ['route', 'connectOnly']);
        await screenshot(page, '50-pattern-proxy-form');
    });

    test('a value out of bounds is refused with the reason, and nothing is added', async () => {
        await page.fill(`${form('pattern:proxy')} [data-property="pairs"] input`, '0');
        await page.click('#bgml-prop-instantiate');
        await page.waitForFunction(() => /pairs=0 is out of bounds: it must be from 1 to 64/.test(document.getElementById('bgml-notice')?.textContent ?? ''));
        assert.match(await noticeText(page), /Nothing was added/);
        assert.equal(await page.locator(`${DIAGRAM} g.bgml-node`).count(), 0);
    });

    test('places the proxy with 4 pairs (short loops) as one edit: 4 servers, 4 clients and the router', async () => {
        await page.fill(`${form('pattern:proxy')} [data-property="pairs"] input`, '4');
        await page.fill(`${form('pattern:proxy')} [data-property="samples"] input`, '500');
        const rev = await revision(page);
        await page.click('#bgml-prop-instantiate');
        await waitForRevision(page, rev);
        await page.waitForSelector(byId('ProxyRouter'));
        assert.equal((await idsOfType(page, 'node:server')).length, 5);
        assert.equal((await idsOfType(page, 'node:client')).length, 4);
        assert.equal((await idsOfType(page, 'edge:invocation')).length, 8);
        assert.deepEqual((await misplacedElements(page, ['node:server', 'node:client'])).wrong, [], 'every entity drawn inside the canvas');
        await screenshot(page, '51-pattern-proxy-placed');
        // one undoable edit: undo takes all of it, redo brings it back
        await page.keyboard.press('Escape');
        let r = await revision(page);
        await page.click('#bgml-undo');
        await waitForRevision(page, r);
        assert.equal(await page.locator(`${DIAGRAM} g.bgml-node`).count(), 0);
        r = await revision(page);
        await page.click('#bgml-redo');
        await waitForRevision(page, r);
        assert.equal((await idsOfType(page, 'node:client')).length, 4);
    });

    test('Generate & Run on omniORB: every pair\'s latency through the router is on its connection', { skip: omniorbSkip }, async () => {
        await page.waitForSelector('#bgml-run-group:not([hidden])');
        await page.selectOption('#bgml-run-target', 'omniorb');
        await pacedClick(page, await centreOf(page, '#bgml-run'));
        await page.waitForFunction(() => /^(done|failed)/.test(document.getElementById('bgml-run-status')?.textContent ?? ''), null, {
            timeout: 600_000,
            polling: 500
        });
        const status = await page.locator('#bgml-run-status').textContent();
        assert.match(status, /^done: /, status);
        for (let i = 1; i <= 4; i++) {
            const label = byId(`ProxyToRouter${i}#result`);
            await page.waitForSelector(label);
            assert.match(await page.locator(label).textContent(), /^p50 [\d.]+ (ns|µs|ms) · p99 [\d.]+ (ns|µs|ms)/, `pair ${i}`);
        }
        await pacedClick(page, await centreOf(page, byId('ProxyToRouter4#result')));
        await page.waitForSelector('#bgml-result-detail[data-element-id="ProxyToRouter4"]');
        assert.match(await page.locator('#bgml-result-detail tr[data-stat="p99"] td').textContent(), /^[\d.,]+ (ns|µs|ms)$/);
        await screenshot(page, '52-pattern-proxy-run');
    });

    test('saves the selection as a pattern of the project, with a parameter; the palette lists it', async () => {
        await page.keyboard.press('Escape');
        await pacedClick(page, await centreOf(page, `${byId('ProxyRouter')} .bgml-node-body`));
        for (const id of ['ProxyServer1', 'ProxyClient1']) {
            await page.keyboard.down('Control');
            await pacedClick(page, await centreOf(page, `${byId(id)} .bgml-node-body`));
            await page.keyboard.up('Control');
        }
        await page.waitForSelector('#bgml-save-as-pattern');
        await page.click('#bgml-save-as-pattern');
        const sheet = '#bgml-properties[data-element-id^="savePattern:"]';
        await page.waitForSelector(`${sheet} [data-property="patternName"] input`);
        assert.match(await page.locator(`${sheet} [data-property="selection"] output`).textContent(), /^ProxyServer1, ProxyClient1, ProxyRouter$/);
        await page.fill(`${sheet} [data-property="patternName"] input`, 'onePair');
        const row = `${sheet} [data-property="ProxyLatency1@samples"]`;
        await page.check(`${row} input[type="checkbox"]`);
        await page.fill(`${row} input[name="name:ProxyLatency1@samples"]`, 'calls');
        await page.fill(`${row} input[name="default:ProxyLatency1@samples"]`, '100');
        await page.fill(`${row} input[name="min:ProxyLatency1@samples"]`, '10');
        await page.fill(`${row} input[name="max:ProxyLatency1@samples"]`, '100000');
        await screenshot(page, '53-save-as-pattern-form');
        await page.click('#bgml-prop-savePattern');
        await page.waitForFunction(() => /Saved pattern onePair/.test(document.getElementById('bgml-notice')?.textContent ?? ''));
        const text = readFileSync(join(tmp.dir, 'onePair.bgmlpattern'), 'utf8');
        assert.match(text, /param calls int 100 10\.\.100000/);
        assert.match(text, /samples="\$\{calls\}"/);
        assert.doesNotMatch(text, /ProxyServer2/, 'only what was selected');
        await page.waitForFunction(() => [...document.querySelectorAll('#bgml-diagram .tool-palette .tool-button')].some(b => b.textContent === 'onePair (project)'));
        // the CLI's library lists it too
        assert.match(execFileSync(bgml, ['patterns', '--dir', tmp.dir], { encoding: 'utf8' }), /onePair/);
        // and it adds back what was saved, under a new prefix
        await page.keyboard.press('Escape');
        await pickTool(page, 'onePair (project)');
        await page.waitForSelector(`${form('pattern:onePair')} [data-property="calls"] input`);
        const rev = await revision(page);
        await page.click('#bgml-prop-instantiate');
        await waitForRevision(page, rev);
        await page.waitForSelector(byId('OnePairProxyRouter'));
        assert.equal((await idsOfType(page, 'node:client')).length, 5);
        await screenshot(page, '54-saved-pattern-placed');
    });
});
