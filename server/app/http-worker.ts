/**
 * The HTTP worker's entry (http-supervisor.ts starts it): the HTTP side of
 * the table server (http-side.ts) on the messages of the main thread's card
 * side (table-protocol.ts). A failure to start is thrown: the worker exits,
 * and the supervisor reports it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startHttpSide, type HttpSide, type HttpWorkerData } from './http-side.ts';
import type { CardMessage, HttpMessage } from './table-protocol.ts';
import { lowerThisThread } from './thread-priority.ts';

lowerThisThread();

const port = parentPort!;
const post = (m: HttpMessage) => port.postMessage(m);
let side: HttpSide | undefined;
let receive: (m: CardMessage) => void = () => {};
const early: CardMessage[] = [];

port.on('message', (m: CardMessage) => {
  if (m.kind !== 'close') {
    receive(m);
    return;
  }
  void (side?.close() ?? Promise.resolve()).finally(() => {
    post({ kind: 'closed' });
    port.close();
  });
});
receive = (m) => early.push(m);

startHttpSide(workerData as HttpWorkerData, post, (r) => {
  receive = r;
  for (const m of early.splice(0)) r(m);
}).then(
  (started) => {
    side = started;
    post({ kind: 'listening', url: started.url });
  },
  (e: unknown) => {
    throw e;
  },
);
