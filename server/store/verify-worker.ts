/**
 * A worker thread of verifyDataDir: verifies the batches of shoes it is sent
 * and posts the verdicts back. It says it is ready once the replay is loaded.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadDefaultReplay } from './default-replay.ts';
import { verifyShoeFiles, type VerifyJob } from './verify-shoe-file.ts';

const { dataDir, withReplay } = workerData as { dataDir: string; withReplay: boolean };
const port = parentPort!;

try {
  const replay = withReplay ? await loadDefaultReplay() : false;
  port.on('message', (m: { start: number; jobs: VerifyJob[] }) => {
    verifyShoeFiles(dataDir, m.jobs, replay).then(
      (results) => port.postMessage({ start: m.start, results }),
      (e: unknown) => port.postMessage({ error: (e as Error).message }),
    );
  });
  port.postMessage({ ready: true });
} catch (e) {
  port.postMessage({ error: (e as Error).message });
}
