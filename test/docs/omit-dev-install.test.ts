/**
 * `npm ci --omit=dev` is enough to run a table (docs/deploy.md#install): the
 * production dependencies alone, in a copy of the sources, give a working
 * `tq` and build the dashboards the server serves (client/dist) — tsx and
 * esbuild are dependencies, not dev tools. Skipped, saying so, when npm cannot
 * reach its registry (nor find the packages in its cache).
 */
import { execFile } from 'node:child_process';
import { access, cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
/** What a checkout holds that the table runs from: no tests, no docs, no node_modules, no built client. */
const SOURCES = ['package.json', 'package-lock.json', 'tsconfig.json', 'shoe', 'server', 'client', 'fixtures', 'rules'];
const OFFLINE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|network|request to .* failed/i;

describe('npm ci --omit=dev, enough to run', function () {
  this.timeout(300_000);
  let copy = '';
  before(async () => {
    copy = await mkdtemp(join(tmpdir(), 'tq-omit-dev-'));
    for (const name of SOURCES)
      await cp(join(ROOT, name), join(copy, name), {
        recursive: true,
        filter: (src) => !src.includes(`${join('client', 'dist')}`) && !src.includes('node_modules'),
      });
  });
  after(() => (copy === '' ? undefined : rm(copy, { recursive: true, force: true })));

  it('installs the production dependencies only, then tq answers and the dashboards build', async function () {
    try {
      await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: copy, timeout: 240_000, maxBuffer: 16 << 20 });
    } catch (e) {
      const text = `${(e as { stderr?: string }).stderr ?? ''}${(e as Error).message}`;
      if (OFFLINE.test(text)) {
        process.stderr.write(
          `      skipped: npm cannot reach its registry (${text
            .split('\n')
            .find((l) => OFFLINE.test(l))
            ?.trim()})\n`,
        );
        this.skip();
      }
      throw e;
    }
    const installed = await readdir(join(copy, 'node_modules'));
    for (const dev of ['mocha', 'typescript', 'chai', 'playwright-core', '@biomejs']) expect(installed, dev).not.to.include(dev);
    const tq = (...args: string[]) => run(process.execPath, [join(copy, 'server/cli/tq-bin.js'), ...args], { cwd: copy, timeout: 60_000 });
    const { version } = JSON.parse(await readFile(join(copy, 'package.json'), 'utf8')) as { version: string };
    expect((await tq('--version')).stdout.trim()).to.equal(`tq ${version}`);
    const call = (await tq('call', 'TH', 'KS', '7C', 'TD', 'QH', 'QS', '2D', 'TC')).stdout;
    expect(call).to.match(/^Noir\s+TH KS 7C TD = 37/m);
    expect(call).to.match(/^Rouge\s+QH QS 2D TC = 32/m);
    expect(call).to.include('Rouge gagne et couleur');
    // The dashboards: what `tq demo` builds when client/dist is missing, and `tq serve` serves.
    await run(process.execPath, ['--import', 'tsx', 'client/build.ts'], { cwd: copy, timeout: 120_000 });
    for (const file of ['index.html', 'app.js', 'styles.css']) await access(join(copy, 'client/dist', file));
  });
});
