/**
 * A worker thread of verifyDataDir: verifies the batches of shoes it is sent
 * and posts the verdicts back, replaying each through the rules engine
 * (shoe/replay.ts) unless told to check the chain alone.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { replayShoe } from '../../shoe/replay.ts';
import { verifyShoeFiles, type VerifyJob } from './verify-shoe-file.ts';

const { dataDir, withReplay } = workerData as { dataDir: string; withReplay: boolean };
const port = parentPort!;

const replay = withReplay ? replayShoe : false;
port.on('message', (m: { start: number; jobs: VerifyJob[] }) => {
  verifyShoeFiles(dataDir, m.jobs, replay).then(
    (results) => port.postMessage({ start: m.start, results }),
    (e: unknown) => port.postMessage({ error: (e as Error).message }),
  );
});
port.postMessage({ ready: true });
