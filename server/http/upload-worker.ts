/**
 * The worker that reads and replays a shoe log uploaded by surveillance, off
 * the server's event loop (upload-check.ts starts it, one per upload, and
 * ends it at its time limit): however a log is made, its cost never delays an
 * HTTP answer or a card's ACK. It answers with the events read, or why not.
 */
import { parentPort } from 'node:worker_threads';
import { replayShoe } from '../../shoe/replay.ts';
import { parseShoeLog, ShoeLogError } from '../../shoe/shoe-log.ts';
import type { UploadLimits, UploadVerdict } from './upload-check.ts';

parentPort!.once('message', ({ text, limits }: { text: string; limits: UploadLimits }) => {
  parentPort!.postMessage(inspect(text, limits));
});

function inspect(text: string, limits: UploadLimits): UploadVerdict {
  try {
    const events = parseShoeLog(text);
    const players = new Set<string>();
    for (const e of events) if ('player' in e) players.add(e.player);
    if (players.size > limits.maxPlayers)
      return { kind: 'bad', message: `a shoe log names at most ${limits.maxPlayers} players; this one names ${players.size}` };
    replayShoe(events);
    return { kind: 'ok', events };
  } catch (e) {
    if (e instanceof ShoeLogError) return { kind: 'bad', message: e.message };
    return { kind: 'bad', message: `the log could not be replayed: ${(e as Error).message}` };
  }
}
