/**
 * A seat's result in the shoe's history, as the payeur reads it. After a 31
 * après the payeur's "Storia del sabot" listed the stakes sent to prison as
 * −500,00, −300,00, −5.000,00, as if collected: they are held, and may come
 * back. The settlements are the real rules' (shoe/settlement.ts).
 */
import { expect } from 'chai';
import { seatResults } from '../../client/seat-result.ts';
import type { FreeStake, PrisonStake } from '../../shoe/state.ts';
import { settleCoup } from '../../shoe/settlement.ts';
import { VENICE_RULES } from '../../shoe/rules.ts';
import { inLanguage } from './support/in-language.ts';
import { Harness, ROWS } from '../shoe/table-harness.ts';

const stake = (player: string, chance: FreeStake['chance'], amount: number, insured = false): FreeStake => ({ player, chance, amount, insured });
const jailed = (player: string, chance: PrisonStake['chance'], amount: number, level: number): PrisonStake => ({
  id: `7-${player}-${chance}`,
  player,
  chance,
  amount,
  level,
  choosable: false,
});

describe('a seat’s result in the shoe’s history', () => {
  it('names the stakes a 31 après sends to prison with their level, never as a minus', () => {
    const { rows } = settleCoup(
      4,
      'apres31',
      'couleur',
      [stake('s1', 'rouge', 50_000), stake('s1', 'noir', 30_000), stake('s2', 'couleur', 500_000)],
      [],
      VENICE_RULES,
      40,
    );
    expect(rows.map((r) => r.outcome)).to.deep.equal(['prison', 'prison', 'prison']);
    expect(inLanguage('it', () => seatResults(rows))).to.deep.equal([
      {
        player: 's1',
        money: 0,
        held: [
          { outcome: 'prison', text: 'Rouge in prigione (livello 1) 500,00' },
          { outcome: 'prison', text: 'Noir in prigione (livello 1) 300,00' },
        ],
      },
      { player: 's2', money: 0, held: [{ outcome: 'prison', text: 'Couleur in prigione (livello 1) 5.000,00' }] },
    ]);
    expect(inLanguage('en', () => seatResults(rows)[1]!.held[0]!.text)).to.equal('Couleur to prison (level 1) 5,000.00');
  });

  it('says where a prison stake was moved, as the settlement and the CSV do', () => {
    // an outsider's history read "Inverse to prison" for a stake moved to Rouge (pass 9)
    const t = new Harness().burn().open().bet('s1', 'inverse', 50_000);
    t.coup(ROWS.r31, ROWS.b31);
    t.do({ type: 'confirm', coup: 1 });
    t.do({ type: 'choice', player: 's1', chance: 'inverse', action: 'move', to: 'rouge' });
    const rows = t.state.coups[0]!.settlement;
    expect(rows.map((r) => [r.outcome, r.to])).to.deep.equal([['prison', 'rouge']]);
    expect(inLanguage('en', () => seatResults(rows)[0]!.held[0]!.text)).to.equal('Inverse to prison (level 1), moved to Rouge 500.00');
    expect(inLanguage('it', () => seatResults(rows)[0]!.held[0]!.text)).to.equal('Inverse in prigione (livello 1), spostata su Rouge 500,00');
  });

  it('names what a stake over the maximum sends to prison, and the excess handed back beside it', () => {
    // 7.000 on Rouge at a 5.000 maximum, then a 31 après: 5.000 go to prison, 2.000 come back
    const { rows } = settleCoup(8, 'apres31', 'couleur', [stake('s10', 'rouge', 700_000)], [], { ...VENICE_RULES, max: 500_000 }, 90);
    expect(rows.map((r) => [r.outcome, r.amount, r.returned])).to.deep.equal([['prison', 700_000, 200_000]]);
    expect(inLanguage('en', () => seatResults(rows))).to.deep.equal([
      {
        player: 's10',
        money: 0,
        held: [
          { outcome: 'prison', text: 'Rouge to prison (level 1) 5,000.00' },
          { outcome: 'returned', text: 'Rouge over the maximum, returned 2,000.00' },
        ],
      },
    ]);
    expect(inLanguage('it', () => seatResults(rows)[0]!.held.map((h) => h.text))).to.deep.equal([
      'Rouge in prigione (livello 1) 5.000,00',
      'Rouge oltre il massimo, restituita 2.000,00',
    ]);
  });

  it('keeps a real loss as a minus beside a stake held, and an insured stake’s premium', () => {
    const { rows } = settleCoup(
      5,
      'rouge',
      'inverse',
      [stake('s1', 'noir', 10_000), stake('s1', 'couleur', 20_000, true)],
      [jailed('s1', 'rouge', 50_000, 2)],
      VENICE_RULES,
      60,
    );
    const [s1] = inLanguage('it', () => seatResults(rows));
    const premium = rows.reduce((sum, r) => sum + r.premium, 0);
    expect(premium).to.be.above(0);
    expect(s1!.money).to.equal(-10_000 - 20_000 - premium);
    expect(s1!.held).to.deep.equal([{ outcome: 'prison-down', text: 'Rouge prigione, scende al livello 1 500,00' }]);
  });

  it('shows a stake released or lost from prison, a win and a split as the money that moves, the prison stakes named', () => {
    const won = settleCoup(
      6,
      'rouge',
      'couleur',
      [stake('s2', 'rouge', 10_000)],
      [jailed('s1', 'rouge', 50_000, 1), jailed('s3', 'noir', 30_000, 1)],
      VENICE_RULES,
      70,
    ).rows;
    const seats = inLanguage('it', () => seatResults(won));
    expect(seats.find((s) => s.player === 's1')).to.deep.equal({ player: 's1', money: 0, held: [{ outcome: 'released', text: 'Rouge liberata 500,00' }] });
    expect(seats.find((s) => s.player === 's2')).to.deep.equal({ player: 's2', money: 10_000, held: [] });
    expect(seats.find((s) => s.player === 's3')).to.deep.equal({
      player: 's3',
      money: -30_000,
      held: [{ outcome: 'lost-in-prison', text: 'Noir persa in prigione 300,00' }],
    });
    // the fourth 31 après in a row splits a stake at the last level: half back, half collected
    const split = settleCoup(7, 'apres31', 'couleur', [], [jailed('s4', 'rouge', 50_000, 3)], VENICE_RULES, 80).rows;
    expect(split.map((r) => r.outcome)).to.deep.equal(['partager']);
    // named, not a bare "s4 −250,00" (outsider pass 10)
    expect(inLanguage('en', () => seatResults(split))).to.deep.equal([
      { player: 's4', money: -25_000, held: [{ outcome: 'partager', text: 'Rouge split (partager) 500.00' }] },
    ]);
  });

  it('says what an après left standing, free or in prison, instead of a bare 0,00', () => {
    const { rows } = settleCoup(6, 'apres', null, [stake('s5', 'rouge', 50_000)], [jailed('s5', 'noir', 30_000, 1)], VENICE_RULES, 70);
    expect(rows.map((r) => [r.outcome, r.level])).to.deep.equal([
      ['push', 0],
      ['push', 1],
    ]);
    expect(inLanguage('it', () => seatResults(rows))).to.deep.equal([
      {
        player: 's5',
        money: 0,
        held: [
          { outcome: 'push', text: 'Rouge resta 500,00' },
          { outcome: 'push', text: 'Noir resta in prigione (livello 1) 300,00' },
        ],
      },
    ]);
  });

  it("names which of a seat's two prison stakes on one chance was split, as the settlement does", () => {
    // an outsider's shoe history read "Rouge split (partager) 500.00" twice over, two stakes of s1 on Rouge (crew pass 48)
    const rows = settleCoup(
      9,
      'apres31',
      'couleur',
      [],
      [
        { ...jailed('s1', 'rouge', 50_000, 3), id: '21-s1-rouge' },
        { ...jailed('s1', 'rouge', 30_000, 3), id: '34-s1-rouge' },
        { ...jailed('s2', 'rouge', 20_000, 3), id: '34-s2-rouge' },
      ],
      VENICE_RULES,
      90,
    ).rows;
    expect(rows.map((r) => [r.player, r.outcome, r.stake])).to.deep.equal([
      ['s1', 'partager', '21-s1-rouge'],
      ['s1', 'partager', '34-s1-rouge'],
      ['s2', 'partager', '34-s2-rouge'],
    ]);
    const [s1, s2] = inLanguage('en', () => seatResults(rows));
    expect(s1!.held.map((h) => h.text)).to.deep.equal(['Rouge split (partager) 500.00 (sent at card 21)', 'Rouge split (partager) 300.00 (sent at card 34)']);
    // one stake on its chance needs no telling apart
    expect(s2!.held.map((h) => h.text)).to.deep.equal(['Rouge split (partager) 200.00']);
    expect(inLanguage('it', () => seatResults(rows)[0]!.held[1]!.text)).to.contain('(entrata alla carta 34)');
  });
});
