/**
 * "Who did what" in words (client/event-text.ts), run in Node: the i18n
 * module needs no browser. Stakes an après left on the layout read as carried,
 * not as new bets (docs/rules.md#apres); a held end reads as held.
 */
import { expect } from 'chai';
import { inLanguage, useLanguage } from './support/in-language.ts';
import type { StoredEvent } from '../../server/http/contract.ts';
import { describeEvent } from '../../client/event-text.ts';

const stored = (e: Record<string, unknown>) => ({ i: 9, at: '2026-11-25T17:00:00.000Z', prev: '', hash: '', ...e }) as unknown as StoredEvent;

describe('who did what, in words', () => {
  useLanguage('en');

  it('tells a carried stake from a new bet', () => {
    const carried = describeEvent(stored({ type: 'bet', player: 's1', chance: 'rouge', amount: 10_000, carried: true, by: 'system' }));
    const fresh = describeEvent(stored({ type: 'bet', player: 's1', chance: 'rouge', amount: 10_000, by: 'payeur' }));
    expect(carried).to.contain('carried').and.to.contain('après');
    expect(fresh).to.not.contain('carried');
  });

  it('says a held end waits for the last call and the prison choices it opens, in English and Italian', () => {
    // "waits for the last call" read as the end coming with the call; it waits for the choices too (outside crew pass 48)
    const held = stored({ type: 'hold', reason: 'suspended', note: 'marked cards', by: 'chef' });
    expect(describeEvent(held)).to.equal('Suspension asked (marked cards): the shoe ends once the last call and any prison choices it opens are settled');
    expect(describeEvent(stored({ type: 'hold', reason: 'empty', by: 'system' }))).to.contain('prison choices');
    inLanguage('it', () => {
      expect(describeEvent(held)).to.contain('marked cards').and.to.contain('scelte di prigione');
    });
  });

  it('says who withdrew a held suspension, and why when given, in English and Italian', () => {
    const unhold = stored({ type: 'unhold', by: 'chef' });
    expect(describeEvent(unhold)).to.equal('Suspension withdrawn by chef');
    expect(describeEvent(stored({ type: 'unhold', note: 'inspector came', by: 'chef' }))).to.equal('Suspension withdrawn by chef — inspector came');
    inLanguage('it', () => {
      expect(describeEvent(unhold)).to.equal('Sospensione ritirata da chef');
    });
  });

  it("says what the chef's ruling did, not the ruling button's command, in English and Italian", () => {
    const annul = stored({ type: 'resolve', coup: 3, ruling: 'annul', reason: 'card fell', by: 'chef' });
    const cards = stored({ type: 'resolve', coup: 2, ruling: 'cards', reason: 'misread', by: 'chef' });
    expect(describeEvent(annul)).to.equal('Coup 3 annulled by the chef de table — card fell');
    expect(describeEvent(cards)).to.equal('Coup 2 ruled by the chef de table: the cards stand — misread');
    inLanguage('it', () => {
      expect(describeEvent(annul)).to.equal('Colpo 3 annullato dal capo tavolo — card fell');
      expect(describeEvent(cards)).to.equal('Colpo 2 deciso dal capo tavolo: valgono le carte — misread');
    });
  });

  it("names which of a seat's two prison stakes on one chance a partager was for", () => {
    const choice = (stake: string) => describeEvent(stored({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager', stake, by: 'payeur' }));
    const first = choice('21-s1-rouge');
    const second = choice('34-s1-rouge');
    expect(first).to.contain('21-s1-rouge').and.to.contain('card 21');
    expect(second).to.contain('card 34');
    expect(first).to.not.equal(second);
    expect(choice('carried2-s1-rouge')).to.contain('carried prison stake no. 2');
  });

  it('says each prison choice as what became of the stake, in one form: left in prison, moved, split', () => {
    const said = (action: 'leave' | 'move' | 'partager', to?: 'noir') =>
      describeEvent(stored({ type: 'choice', player: 's1', chance: 'rouge', action, ...(to && { to }), by: 'payeur' }));
    expect(said('leave')).to.equal('Prison s1 on Rouge: left in prison');
    // where it came from as well as where it went (outside crew pass 43)
    expect(said('move', 'noir')).to.equal('Prison s1: moved from Rouge to Noir');
    expect(said('partager')).to.equal('Prison s1 on Rouge: split (partager)');
    expect(describeEvent(stored({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager', stake: '21-s1-rouge', by: 'payeur' }))).to.not.contain(
      'jailed',
    );
  });

  it('says where a moved prison stake came from and went, with its name, in both languages (outside crew pass 43)', () => {
    const move = stored({ type: 'choice', player: 's3', chance: 'noir', action: 'move', to: 'couleur', stake: '13-s3-rouge', by: 'payeur' });
    expect(describeEvent(move)).to.match(/^Prison s3: moved from Noir to Couleur · .*\(13-s3-rouge\)$/);
    expect(inLanguage('it', () => describeEvent(move))).to.match(/^Prigione s3: spostata da Noir a Couleur · .*\(13-s3-rouge\)$/);
  });

  it('names the stake in Italian too', () => {
    inLanguage('it', () => {
      const text = describeEvent(stored({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager', stake: '21-s1-rouge', by: 'payeur' }));
      expect(text).to.contain('Prigione s1').and.to.contain('carta 21').and.to.contain('21-s1-rouge');
    });
  });

  it('says a shuffler silence over in the crew’s language, not the stored English (as server/table/silence-over.ts writes it)', () => {
    const over = stored({
      type: 'fault',
      code: 'SILENCE_OVER',
      text: 'the shuffler spoke again after 56 s silent (its last frame before 2026-11-28T17:42:50.983Z)',
      by: 'shuffler',
    });
    expect(describeEvent(over)).to.equal('The shuffler spoke again after 56 s silent');
    inLanguage('it', () => {
      expect(describeEvent(over)).to.equal('La mescolatrice ha ripreso a comunicare dopo 56 s di silenzio');
    });
  });

  it("says which shoe's stakes were handed back, and how much", () => {
    const text = describeEvent(
      stored({
        type: 'handed-back',
        shoe: 'T1-316f93ca',
        rows: [
          { player: 's1', chance: 'rouge', amount: 10_000 },
          { player: 's3', chance: 'noir', amount: 2_500 },
        ],
        by: 'payeur',
      }),
    );
    expect(text).to.contain('316f93ca').and.to.contain('handed back').and.to.contain('125');
  });

  it('says what the table recorded of its own witnessing, in words and in English and Italian, never the bare event type', () => {
    const events = [
      stored({ type: 'witness', state: 'lost', since: '2026-11-25T16:58:00.000Z', by: 'system' }),
      stored({ type: 'witness', state: 'dealing-unwitnessed', by: 'chef' }),
      stored({ type: 'witness', state: 'restored', by: 'system' }),
      stored({ type: 'witness', state: 'unsealed', from: 0, to: 6, by: 'system' }),
    ];
    const en = events.map((e) => describeEvent(e));
    expect(en[3]).to.equal('Events 0 to 6 found unsealed when the table started again: not signed by the table');
    expect(en[0]).to.match(/^Central witness unreachable since \S+: play from here is not witnessed$/);
    inLanguage('it', () => {
      const it = events.map((e) => describeEvent(e));
      expect(it[3]).to.equal('Eventi da 0 a 6 trovati non sigillati alla ripartenza del tavolo: non firmati dal tavolo');
      expect(it[1]).to.equal('Gioco senza testimone autorizzato');
      for (const [k, text] of it.entries()) expect(text, 'Italian differs from English').to.not.equal(en[k]);
    });
    for (const text of en) expect(text).to.not.match(/^witness$|lost|restored$/);
    // one event said as one: "Eventi da 167 a 167 … non firmati" (outside crew pass 51)
    const one = stored({ type: 'witness', state: 'unsealed', from: 167, to: 167, by: 'system' });
    expect(describeEvent(one)).to.equal('Event 167 found unsealed when the table started again: not signed by the table');
    inLanguage('it', () => expect(describeEvent(one)).to.equal('Evento 167 trovato non sigillato alla ripartenza del tavolo: non firmato dal tavolo'));
  });
});
