/**
 * The demos build the dashboards on first start when client/dist is missing
 * (a fresh clone after `npm ci`), so their first page is a page and not a
 * 404: `npm start` and `npm run floor` are the README's two ways in.
 */
import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DASHBOARDS_DIR } from '../app/table-server.ts';
import { TSX } from '../demo/demo-shuffler.ts';
import type { CliIo } from './tq.ts';

const CLIENT_BUILD = fileURLToPath(new URL('../../client/build.ts', import.meta.url));

/** `who`: the command, as its messages name it (`tq demo`). */
export async function buildClientIfMissing(io: CliIo, who: string, dir = DASHBOARDS_DIR): Promise<void> {
  if (
    await access(`${dir}index.html`).then(
      () => true,
      () => false,
    )
  )
    return;
  io.stderr.write(`${who}: building the dashboards (client/dist is missing)…\n`);
  await promisify(execFile)(process.execPath, ['--import', TSX, CLIENT_BUILD]).catch((e: unknown) => {
    io.stderr.write(`${who}: the dashboards could not be built (${(e as Error).message.split('\n')[0]}); the API still runs\n`);
  });
}
