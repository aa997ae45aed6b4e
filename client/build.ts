/**
 * Builds the dashboards: one esbuild bundle of client/main.ts (Lit and the
 * components, minified, with a source map) into client/dist/app.js, and the
 * static page and stylesheet beside it. `npm run build:client`; `npm test`
 * runs it before mocha. client/dist is never committed.
 */
import { build } from 'esbuild';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const dist = here('./dist/');

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });

const result = await build({
  entryPoints: [here('./main.ts')],
  outfile: here('./dist/app.js'),
  bundle: true,
  format: 'esm',
  minify: true,
  sourcemap: true,
  target: ['es2022'],
  // Standard decorators (`@property() accessor x`) are lowered by esbuild for this target.
  logLevel: 'warning',
  metafile: true,
});

await copyFile(here('./index.html'), here('./dist/index.html'));
await copyFile(here('./styles.css'), here('./dist/styles.css'));
await copyFile(here('./favicon.svg'), here('./dist/favicon.svg'));

const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + (o.bytes ?? 0), 0);
process.stdout.write(`client built into ${dist} (${Math.round(bytes / 1024)} KB with source map)\n`);
