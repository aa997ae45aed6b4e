/**
 * The table's key pair and its seals (docs/central-store.md): the private key
 * readable by its owner only and never printed, the public key one line that
 * registration accepts, a seal verifiable with it and with nothing else, and
 * the seals file beside a shoe that no reader of shoe files takes for a shoe.
 */
import { expect } from 'chai';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { run as keys } from '../../../server/cli/commands/keys.ts';
import { sign } from 'node:crypto';
import { makeSeal, sealIsSigned, sealText, sealTextV2 } from '../../../server/central/seal.ts';
import { readSeals, sealsFilePath } from '../../../server/central/seal-file.ts';
import { Sealer } from '../../../server/central/sealer.ts';
import { initTableKey, loadTableKey, parsePublicKey, privateKeyPath } from '../../../server/central/table-keys.ts';
import { verifyDataDir } from '../../../server/store/verify-data-dir.ts';
import { runCommand } from '../cli/cli-io.ts';
import { until } from '../../support/until.ts';
import { openDealingTable } from './dealing-table.ts';

describe('central witness: the table key and its seals', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-keys-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the private key readable by its owner only and prints only the public key, one line', async () => {
    const init = await runCommand({ run: keys }, ['init', '--data', dir]);
    expect(init.status).to.equal(0);
    expect((await stat(privateKeyPath(dir))).mode & 0o777).to.equal(0o600);
    expect(init.out + init.err).not.to.match(/PRIVATE KEY/);
    const line = init.out.trim();
    expect(line.split('\n')).to.have.length(1);
    expect(parsePublicKey(line).asymmetricKeyType).to.equal('ed25519');
    const show = await runCommand({ run: keys }, ['show', '--data', dir]);
    expect(show.out.trim()).to.equal(line);
    const again = await runCommand({ run: keys }, ['init', '--data', dir]);
    expect(again.status).to.equal(1);
    expect(again.err).to.match(/already has a key/);
    expect((await runCommand({ run: keys }, ['show', '--data', join(dir, 'none')])).err).to.match(/has no key: run `tq keys init/);
  });

  it('signs TQ-SEAL/2|table|shoe|i|head|at|final, verifiable with the table’s key only; a TQ-SEAL/1 seal still verifies', async () => {
    const key = await initTableKey(dir);
    const other = await initTableKey(join(dir, 'other'));
    const head = { i: 41, hash: 'a'.repeat(64) };
    const seal = makeSeal(key.privateKey, 'T1', 'S1', head, '2026-01-01T00:00:00.000Z', false);
    expect(sealText('T1', 'S1', 41, head.hash)).to.equal(`TQ-SEAL/1|T1|S1|41|${'a'.repeat(64)}`);
    expect(sealIsSigned(key.publicKey, 'T1', 'S1', seal)).to.equal(true);
    expect(sealIsSigned(other.publicKey, 'T1', 'S1', seal)).to.equal(false);
    expect(sealIsSigned(key.publicKey, 'T2', 'S1', seal)).to.equal(false);
    expect(sealIsSigned(key.publicKey, 'T1', 'S1', { ...seal, head: 'b'.repeat(64) })).to.equal(false);
    expect(sealIsSigned(key.publicKey, 'T1', 'S1', { ...seal, i: 40 })).to.equal(false);
    // Version 2 signs the seal's time and finality: moved in time or made final, it no longer verifies.
    expect(sealTextV2('T1', 'S1', seal)).to.equal(`TQ-SEAL/2|T1|S1|41|${'a'.repeat(64)}|2026-01-01T00:00:00.000Z|false`);
    expect(sealIsSigned(key.publicKey, 'T1', 'S1', { ...seal, at: '2026-01-02T00:00:00.000Z' })).to.equal(false);
    expect(sealIsSigned(key.publicKey, 'T1', 'S1', { ...seal, final: true })).to.equal(false);
    const v1 = { ...seal, sig: sign(null, Buffer.from(sealText('T1', 'S1', 41, head.hash), 'utf8'), key.privateKey).toString('base64') };
    expect(sealIsSigned(key.publicKey, 'T1', 'S1', v1)).to.equal(true);
  });

  it('seals at checkpoints during play and at the end of the shoe, beside the shoe file, unseen by verify', async () => {
    const key = await initTableKey(dir);
    const table = await openDealingTable({ table: 'T1', dir });
    const sealer = new Sealer({ dataDir: dir, table: 'T1', key: await loadTableKey(dir), logger: pino({ level: 'silent' }), everyMs: 20 });
    table.service.subscribe((m) => sealer.stored(m.shoe, m.event));
    await sealer.start(null);
    try {
      await table.deal(30);
      const shoe = table.store.currentShoeId()!;
      const checkpoint = await until(async () => (await readSeals(dir, shoe)).at(-1), 'a checkpoint seal during play');
      expect(checkpoint.final).to.equal(false);
      await table.dealShoes(1);
      const seals = await until(async () => {
        const s = await readSeals(dir, shoe);
        return s.at(-1)?.final ? s : undefined;
      }, 'the final seal');
      const events = await table.store.readShoe(shoe);
      expect(seals.at(-1)!.i).to.equal(events.at(-1)!.i);
      for (const s of seals) {
        expect(s.head).to.equal(events[s.i]!.hash);
        expect(sealIsSigned(key.publicKey, 'T1', shoe, s)).to.equal(true);
      }
      expect(await readdir(join(dir, 'shoes'))).to.include(sealsFilePath(dir, shoe).split('/').at(-1));
      const verdict = await verifyDataDir(dir);
      expect(verdict.ok).to.equal(true);
      expect(verdict.shoes).to.equal(table.store.listShoes().length);
    } finally {
      await sealer.close();
      await table.close();
    }
  });
});
