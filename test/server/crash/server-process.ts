/**
 * `tq serve` as a process the crash test can kill with SIGKILL and start
 * again. The command's own module (server/cli/commands/serve.ts, run as
 * `tq serve` runs it) is bundled once with esbuild, packages left external,
 * so each restart takes a fraction of a second instead of tsx compiling the
 * server again: 20 restarts fit in the test's time budget.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { spawnTracked } from '../../support/tracked-children.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** Bundles `tq serve` into a temporary directory that sees the repository's node_modules. */
export async function bundleServe(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tq-serve-bundle-'));
  await symlink(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const entry = join(dir, 'serve-entry.ts');
  await writeFile(
    entry,
    `import { run } from ${JSON.stringify(join(REPO, 'server/cli/commands/serve.ts'))};\nprocess.exitCode = await run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });\n`,
  );
  // The HTTP side runs in a worker whose entry is found beside the bundle (server/app/http-supervisor.ts): bundled too, as ES modules.
  await writeFile(join(dir, 'package.json'), '{"type":"module"}\n');
  await build({
    entryPoints: { serve: entry, 'http-worker': join(REPO, 'server/app/http-worker.ts') },
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    logLevel: 'warning',
  });
  return join(dir, 'serve.js');
}

/** A TCP port free right now, to give every restart the same address. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

export class ServerProcess {
  private child: ChildProcess | null = null;
  /** Every line the server wrote, across restarts. */
  readonly log: string[] = [];
  starts = 0;

  constructor(
    private readonly bundle: string,
    private readonly args: readonly string[],
  ) {}

  /** Starts `tq serve` and resolves once it listens. */
  async start(): Promise<void> {
    const child = spawnTracked(process.execPath, [this.bundle, ...this.args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.starts++;
    let buffered = '';
    const listening = new Promise<void>((resolve, reject) => {
      const onData = (text: string) => {
        buffered += text;
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          this.log.push(line);
          if (line.includes('table server listening')) resolve();
        }
      };
      child.stdout!.setEncoding('utf8').on('data', onData);
      child.stderr!.setEncoding('utf8').on('data', onData);
      child.once('exit', (code, signal) => reject(new Error(`tq serve exited (${signal ?? code}) before listening:\n${this.log.slice(-20).join('\n')}`)));
    });
    await listening;
  }

  /** SIGKILL: no handler runs, nothing is flushed beyond what fsync already made durable. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, the graceful way. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = once(child, 'exit') as Promise<[number | null]>;
    child.kill('SIGTERM');
    const [code] = await exited;
    return code;
  }
}
