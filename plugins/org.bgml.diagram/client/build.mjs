// Bundles the diagram client into dist/: index.html, bgml-diagram.js and bgml-diagram.css (+ the codicon font and
// the page's icon), and bgml-histogram.js, the results panel's chart, which the page loads when it first draws one.
// Every path in index.html is relative, so the same dist/ works wherever it is served from.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';

const dist = new URL('./dist/', import.meta.url).pathname;
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

await build({
  entryPoints: { 'bgml-diagram': 'src/index.ts', 'bgml-histogram': 'src/panels/histogram-entry.ts' },
  bundle: true,
  outdir: dist,
  format: 'iife',
  platform: 'browser',
  target: ['es2020', 'chrome100'],
  minify: true,
  sourcemap: process.argv.includes('--sourcemap'),
  legalComments: 'linked',
  loader: { '.ttf': 'file' },
  assetNames: '[name]',
  jsxFactory: 'svg',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning'
});
copyFileSync('static/index.html', dist + 'index.html');
// the page's icon: without one the browser asks for /favicon.ico and gets 404
copyFileSync('static/favicon.svg', dist + 'favicon.svg');
console.log('bgml diagram client built into ' + dist);
