/** A worker entry for spawn-worker.test.ts: answers each message with the card it names, read by shoe/card.ts (a project import, so the bundle has one). */
import { parentPort, workerData } from 'node:worker_threads';
import { parseCard } from '../../../shoe/card.ts';

parentPort!.on('message', (text: string) => parentPort!.postMessage({ card: parseCard(text), data: workerData as unknown }));
