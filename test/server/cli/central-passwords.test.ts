/**
 * One password per central role: `tq central init --password-file` with a
 * table role and a surveillance role gave both the same password, so the
 * table's could read the whole floor. Several roles now need --password-dir,
 * one file each, all read before anything is done.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { main } from '../../../server/cli/tq.ts';

async function tq(argv: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await main(argv, { stdout: { write: () => true }, stderr: { write: (t: string) => (err += t) } });
  return { code, err };
}

describe('tq central init: one password per role', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-central-roles-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('refuses one --password-file for a table role and a surveillance role', async () => {
    await writeFile(join(dir, 'one.pass'), 'secret\n');
    const r = await tq([
      'central',
      'init',
      '--central',
      'postgres://admin@127.0.0.1:1/floor',
      '--table-role',
      'T1',
      '--surveillance-role',
      'sara',
      '--password-file',
      join(dir, 'one.pass'),
    ]);
    expect(r.code).to.equal(2);
    expect(r.err).to.include('one password per role');
  });

  it('reads table-<id>.pass and surveillance-<name>.pass from --password-dir, and stops before connecting when one is missing', async () => {
    await writeFile(join(dir, 'table-T1.pass'), 'for-T1\n');
    const r = await tq([
      'central',
      'init',
      '--central',
      'postgres://admin@127.0.0.1:1/floor',
      '--table-role',
      'T1',
      '--surveillance-role',
      'sara',
      '--password-dir',
      dir,
    ]);
    expect(r.code).to.equal(1);
    expect(r.err).to.include('surveillance-sara.pass');
    expect(r.err).to.include('nothing was done');
  });
});
