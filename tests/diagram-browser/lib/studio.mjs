// Starts `bgml studio FILE` (the diagram server and its page on 127.0.0.1) and stops it again.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
// BGML_CLI points the tests at another `bgml` (e.g. an installed product); by default the repository's bin/bgml.
export const bgml = process.env.BGML_CLI ?? join(repoRoot, 'bin/bgml');
const START_TIMEOUT_MS = 90_000;

/**
 * Runs `bin/bgml studio FILE --no-browser` in its own process group and resolves with the page URL it prints
 * (`http://127.0.0.1:PORT/?token=T&model=...`), the child and a `stop()` that ends the whole group.
 */
export function startStudio(modelFile, { extraArgs = [], env = {} } = {}) {
    const child = spawn(bgml, ['studio', modelFile, '--no-browser', ...extraArgs], {
        cwd: dirname(modelFile),
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env }
    });
    let output = '';
    let exited = false;
    child.on('exit', () => (exited = true));
    const stop = async () => {
        if (exited) {
            return;
        }
        const gone = new Promise(done => child.once('exit', done));
        try {
            process.kill(-child.pid, 'SIGTERM');
        } catch {
            return;
        }
        const timer = setTimeout(() => {
            try {
                process.kill(-child.pid, 'SIGKILL');
            } catch {
                // already gone
            }
        }, 10_000);
        await gone;
        clearTimeout(timer);
    };
    const url = new Promise((resolveUrl, reject) => {
        const timer = setTimeout(() => {
            stop();
            reject(new Error(`bgml studio printed no URL within ${START_TIMEOUT_MS / 1000} s; output:\n${output}`));
        }, START_TIMEOUT_MS);
        const onData = chunk => {
            output += chunk.toString();
            const match = output.match(/http:\/\/127\.0\.0\.1:\d+\/\S*/);
            if (match) {
                clearTimeout(timer);
                resolveUrl(match[0]);
            }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('exit', code => {
            clearTimeout(timer);
            reject(new Error(`bgml studio exited with ${code} before printing its URL; output:\n${output}`));
        });
    });
    return url.then(pageUrl => ({ url: pageUrl, child, stop, output: () => output }));
}

export function studioAvailable() {
    return existsSync(bgml);
}
