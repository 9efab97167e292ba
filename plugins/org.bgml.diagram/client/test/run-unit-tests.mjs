// Compiles the *.spec.ts files next to the sources with esbuild and runs them with node's test runner.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const src = new URL('../src/', import.meta.url).pathname;
const out = new URL('../.test-build/', import.meta.url).pathname;
const specs = [];
(function walk(dir) {
    for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.spec.ts')) specs.push(path);
    }
})(src);
rmSync(out, { recursive: true, force: true });
await build({
    entryPoints: specs,
    outdir: out,
    outbase: src,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    external: ['@eclipse-glsp/*', 'inversify', 'echarts', 'echarts/*'],
    logLevel: 'warning',
    define: { 'process.env.BGML_PROTOCOL_MD': JSON.stringify(join(src, '..', '..', 'PROTOCOL.md')) }
});
const files = specs.map(s => join(out, relative(src, s)).replace(/\.ts$/, '.cjs'));
const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
