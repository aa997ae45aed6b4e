/**
 * The payeur's purple prison banner after a 31 après (client/prison-waiting.ts).
 * Before the call was confirmed it read "7 prison choices wait for the payeur"
 * while the rows said "choice after the call is confirmed".
 */
import { expect } from 'chai';
import type { TableView } from '../../server/http/contract.ts';
import { prisonWaitingText } from '../../client/prison-waiting.ts';
import { inLanguage } from './support/in-language.ts';

type Row = TableView['prison'][number];
const row = (player: string, more: Partial<Row> = {}): Row => ({
  id: `9-${player}-rouge`,
  player,
  chance: 'rouge',
  amount: 10_000,
  level: 1,
  choosable: true,
  coup: 2,
  ...more,
});

describe('the payeur’s prison banner', () => {
  it('says no choice will open when a suspension waits for the call: the shoe ends with it', () => {
    const rows = [row('s1', { waitsForCall: true }), row('s2', { waitsForCall: true })];
    expect(inLanguage('en', () => prisonWaitingText(rows, true))).to.equal(
      '31 après: the shoe ends with this call (a suspension waits for it): no prison choice will open for these 2 stakes; they go on as they stand',
    );
    expect(inLanguage('it', () => prisonWaitingText(rows.slice(0, 1), true))).to.match(/nessuna scelta di prigione per questa posta/);
  });

  it('says the choices wait for the call while it is not confirmed or ruled, in both languages', () => {
    const rows = [row('s1', { waitsForCall: true }), row('s2', { waitsForCall: true }), row('s3', { choosable: false, level: 2 })];
    expect(inLanguage('en', () => prisonWaitingText(rows))).to.equal(
      '31 après: 2 prison choices wait for the call to be confirmed (or ruled by the chef de table)',
    );
    expect(inLanguage('it', () => prisonWaitingText(rows))).to.equal(
      '31 après: 2 scelte di prigione attendono la conferma dell’esito (o la decisione del capo tavolo)',
    );
    expect(inLanguage('it', () => prisonWaitingText([row('s1', { waitsForCall: true })]))).to.contain('1 scelta di prigione attende la conferma');
  });

  it('says they wait for the payeur once the call stands, and nothing when none is open', () => {
    expect(inLanguage('en', () => prisonWaitingText([row('s1'), row('s2')]))).to.equal(
      '31 après: 2 prison choices wait for the payeur (leave, move, partager)',
    );
    expect(inLanguage('it', () => prisonWaitingText([row('s1')]))).to.contain('1 scelta di prigione attende il payeur');
    expect(prisonWaitingText([row('s1', { choosable: false })])).to.equal(null);
    expect(prisonWaitingText([])).to.equal(null);
  });
});
