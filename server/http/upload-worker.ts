/**
 * The upload worker's entry (worker-pool.ts starts it, at a lower priority):
 * each task of upload-tasks.ts answered off the server's event loop, so
 * however a log is made, its cost never delays an HTTP answer or a card's ACK.
 */
import { serveTasks } from '../worker/pool-worker.ts';
import { runUploadTask } from './upload-tasks.ts';

serveTasks(runUploadTask);
