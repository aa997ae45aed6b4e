/**
 * Every process a test starts, killed whatever happens to the test: a test
 * that times out never reaches its own `close()`, and a live child (its pipes
 * open) keeps mocha's event loop alive after the summary — `npm test` hung
 * so when a `tq demo` started by test/client/support/demo-table.ts outlived its test.
 *
 * `spawnTracked` starts the child in a process group of its own and registers
 * it; `killTracked()` ends every group still alive (SIGTERM, then SIGKILL
 * after a grace), run by the root hook (test/support/root-hooks.ts) once the
 * run is over, before mocha waits for its event loop to drain, and
 * synchronously with SIGKILL when this process exits anyway. Killing the group takes the
 * grandchildren too (the shuffler and the PTY relay under `tq demo`).
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * Kept on globalThis: mocha loads the root hooks through `require` and the
 * tests through `import`, which may make two instances of this module; both
 * must see one registry.
 */
const registry = ((globalThis as { __tqTrackedChildren?: { live: Set<ChildProcess>; groups: Set<ChildProcess> } }).__tqTrackedChildren ??= {
  live: new Set<ChildProcess>(),
  /** Every group tracked and not yet stopped, so a group whose leader has exited can still be swept. */
  groups: new Set<ChildProcess>(),
});
const { live, groups } = registry;

function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Signals the child's whole process group (it leads one: spawnTracked makes it detached). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is empty
  }
}

/** Registers a child this test started so it is killed even if the test never stops it. */
export function track(child: ChildProcess): ChildProcess {
  live.add(child);
  groups.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** `spawn`, in a process group of its own, registered for {@link killTracked}. */
export function spawnTracked(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  return track(spawn(command, args, { ...options, detached: true }));
}

/** The children still running, for tests of this helper. */
export function trackedPids(): number[] {
  return [...live].filter(running).map((c) => c.pid!);
}

/**
 * Stops one tracked child: SIGTERM to it (it closes what it started, as under
 * systemd), SIGKILL to its whole group after `graceMs`, and once it has
 * exited SIGKILL to whatever of its group it left behind.
 */
export async function stopTracked(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (running(child)) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
  signalGroup(child, 'SIGKILL');
  groups.delete(child);
}

/** Stops every tracked child still running, and sweeps the groups of those already gone. */
export async function killTracked(graceMs = 5000): Promise<void> {
  await Promise.all([...groups].map((c) => stopTracked(c, graceMs)));
}

if (!(globalThis as { __tqTrackedExitHook?: boolean }).__tqTrackedExitHook) {
  (globalThis as { __tqTrackedExitHook?: boolean }).__tqTrackedExitHook = true;
  process.on('exit', () => {
    for (const child of groups) signalGroup(child, 'SIGKILL');
  });
}
