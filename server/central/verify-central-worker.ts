/**
 * A worker thread of `tq verify --central` (verify-archive.ts): verifies the
 * batches of shoes it is sent (verify-central-batch.ts), replaying each
 * through the rules engine (shoe/replay.ts) unless told to check the chain
 * alone, and posts the verdicts back (server/worker/batch-workers.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { replayShoe } from '../../shoe/replay.ts';
import { verifyCentralBatch, type CentralBatch, type CentralBatchContext } from './verify-central-batch.ts';

const { context, withReplay } = workerData as { context: CentralBatchContext; withReplay: boolean };
const port = parentPort!;
const replay = withReplay ? replayShoe : false;

port.on('message', (m: CentralBatch & { start: number }) => {
  try {
    port.postMessage({ start: m.start, results: verifyCentralBatch(context, m, replay) });
  } catch (e) {
    port.postMessage({ error: (e as Error).message });
  }
});
port.postMessage({ ready: true });
