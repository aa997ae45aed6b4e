/**
 * The printable report says what verify found of the record it prints
 * (server/http/report-integrity.ts): a report carried out of the room said
 * nothing of the chain, the rules or the seals (outside crew pass 50, F3).
 * The statement is made at each print, so a kept page of an ended shoe does
 * not go on saying "whole" once its file was forged.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect } from 'chai';
import { integritySection } from '../../../server/http/report-integrity.ts';
import { reportLocale } from '../../../server/http/report-words.ts';
import type { VerifyResult } from '../../../server/http/shoe-archive.ts';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
import { BURN, coupCards, ROUGE_ET_COULEUR } from './support/cards.ts';
import { startServer } from './support/server.ts';

const words = (page: string) =>
  page
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const said = (verify: VerifyResult | undefined, lang: 'en' | 'it' = 'en') =>
  words(integritySection(verify, reportLocale(lang, 'UTC'), '2026-11-29T20:15:00.000Z').text);

describe('the printable report: its integrity statement', () => {
  it('states the chain, rules and seals as verify found them when printed, and a forgery once the file is changed', async () => {
    const server = await startServer();
    try {
      const [tailleur, payeur, audit] = [await server.as('tailleur'), await server.as('payeur'), await server.as('surveillance')];
      const shoe = (await tailleur.post('/api/shoe/start')).body.view.shoe;
      await server.dealAll(BURN);
      await tailleur.post('/api/bets/open');
      await payeur.post('/api/bets', { player: 's3', chance: 'rouge', amount: 10_000 });
      await server.dealAll(coupCards(ROUGE_ET_COULEUR));
      await tailleur.post('/api/coups/1/confirm');
      await server.table.shoeEmpty(server.table.state().lastSeq);

      const whole = words((await audit.get(`/api/shoes/${shoe}/report.html`)).text);
      expect(whole).to.contain('Integrity Checked when this report was printed');
      expect(whole).to.contain('✔ hash chain whole and rules in agreement; seals not checked: this table has no key configured.');
      const italian = words((await audit.get(`/api/shoes/${shoe}/report.html?lang=it`)).text);
      expect(italian).to.contain('Integrità Verificata quando questo rapporto è stato stampato');
      expect(italian).to.contain('sigilli non verificati: questo tavolo non ha una chiave configurata');

      // The shoe has ended: its page is kept. A forger changes the card of event 3, leaving its hash as it was.
      const path = shoeFilePath(server.dir!, shoe);
      await writeFile(path, (await readFile(path, 'utf8')).replace(`"card":"${BURN[2]}"`, '"card":"KS"'));
      const forged = words((await audit.get(`/api/shoes/${shoe}/report.html`)).text);
      expect(forged).to.contain('✘ 1 integrity problem: this record must not be relied on');
      expect(forged).to.contain('event 3: the hash chain is broken (a line changed, removed or moved) hash-mismatch');
      expect(forged).not.to.contain('✔ hash chain whole');
    } finally {
      await server.close();
    }
  });

  it('says how far the seals reach in a shoe still dealt, and play found unsealed at a restart', () => {
    const sealed: VerifyResult = {
      ok: true,
      problems: [],
      seals: 'checked',
      sealedTo: { i: 40, last: 47 },
      unsealedAtRestart: [{ from: 41, to: 41, seconds: 3 }],
    };
    expect(said(sealed)).to.contain('✔ hash chain whole and rules in agreement; sealed up to event 40 of 47, the rest at the next seal.');
    expect(said(sealed)).to.contain('Event 41 was found unsealed when the table server started again, 3 s after it was dealt');
    const italian = said({ ...sealed, unsealedAtRestart: [{ from: 41, to: 1_204, seconds: 12 }] }, 'it');
    expect(italian).to.contain('sigillata fino all’evento 40 di 47');
    expect(italian).to.contain('Gli eventi da 41 a 1.204 sono stati trovati non sigillati');
    expect(said({ ok: true, problems: [], seals: 'checked' })).to.contain('seals checked against the table’s key: the record is as dealt.');
    expect(said({ ok: true, problems: [], seals: 'elsewhere' })).to.contain('the seals are checked by the central store');
  });

  it('never says "whole" when verify could not run, nor of a file that carries no chain', () => {
    expect(said(undefined)).to.contain('Not checked: verify could not be run when this report was printed.').and.not.contain('✔');
    const file = said({ ok: false, problems: [{ index: null, kind: 'no-chain', message: 'no hashes' }] });
    expect(file).to.contain('a log opened from a file: it carries no hash chain and no seals, so only the rules were checked');
    const broken = said(
      {
        ok: false,
        problems: [
          { index: 7, kind: 'seal-mismatch', message: 'x' },
          { index: null, kind: 'something-new', message: 'y' },
        ],
      },
      'it',
    );
    expect(broken).to.contain('✘ 2 problemi di integrità');
    expect(broken).to.contain('evento 7: nessun sigillo della chiave del tavolo lo garantisce seal-mismatch');
    expect(broken).to.contain('il sabot nel suo insieme: la registrazione non è integra something-new');
  });
});
