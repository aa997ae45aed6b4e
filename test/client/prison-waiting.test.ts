/**
 * The payeur's purple prison banner after a 31 après (client/prison-waiting.ts).
 * Before the call was confirmed it read "7 prison choices wait for the payeur"
 * while the rows said "choice after the call is confirmed".
 */
import { expect } from 'chai';
import type { TableView } from '../../server/http/contract.ts';
import { endWaiting, prisonWaitingText } from '../../client/prison-waiting.ts';
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
  // the suspension took the players' choice: no choice opened and the stakes went on as they stood (outside crew pass 45)
  it('says the choices open at the confirmation a suspension waits for, and the shoe is suspended once they are made', () => {
    const rows = [row('s1', { waitsForCall: true }), row('s2', { waitsForCall: true })];
    expect(inLanguage('en', () => prisonWaitingText(rows, { reason: 'suspended', release: false }))).to.equal(
      '31 après: 2 prison choices open once the call is confirmed (or ruled by the chef de table); the shoe is suspended once they are made (a suspension waits for them), and the stakes left in prison go on to the next shoe',
    );
    expect(inLanguage('it', () => prisonWaitingText(rows.slice(0, 1), { reason: 'suspended', release: false }))).to.equal(
      '31 après: 1 scelta di prigione si apre alla conferma dell’esito (o alla decisione del capo tavolo); il sabot è sospeso quando è fatta (una sospensione la attende), e una posta rimasta in prigione passa al prossimo sabot',
    );
    // confirmed: the choices are the payeur's, and the end waits for them
    expect(inLanguage('en', () => prisonWaitingText([row('s1'), row('s2')], { reason: 'suspended', release: true }))).to.equal(
      '31 après: 2 prison choices wait for the payeur (leave, move, partager); the shoe ends once they are made',
    );
    expect(inLanguage('it', () => prisonWaitingText([row('s1')], { reason: 'empty', release: false }))).to.equal(
      '31 après: 1 scelta di prigione attende il payeur (lasciare, spostare, partager); il sabot finisce quando è fatta',
    );
  });

  it('says what the held end does to the stakes: a suspension carries them to the next shoe even under the end-of-shoe release, an empty shoe returns them under it', () => {
    // "they go on as they stand" before a held suspension at a table with the release said nothing of it (outside crew pass 43; docs/rules.md#end-of-shoe)
    const rows = [row('s1', { waitsForCall: true }), row('s2', { waitsForCall: true })];
    const suspended = inLanguage('en', () => prisonWaitingText(rows, { reason: 'suspended', release: true }));
    expect(suspended).to.contain('the stakes left in prison go on to the next shoe');
    expect(suspended).to.not.contain('returned in full');
    expect(inLanguage('it', () => prisonWaitingText(rows.slice(0, 1), { reason: 'suspended', release: true }))).to.contain(
      'una posta rimasta in prigione passa al prossimo sabot',
    );
    // an empty shoe under the release does not wait for choices: it returns every prison stake in full
    const released = inLanguage('en', () => prisonWaitingText(rows, { reason: 'empty', release: true }));
    expect(released).to.equal(
      '31 après: the shoe ends with this call (the shuffler is empty): no prison choice will open for these 2 stakes; they are returned in full at the end of the shoe (end-of-shoe release)',
    );
    expect(inLanguage('en', () => prisonWaitingText(rows.slice(0, 1), { reason: 'empty', release: true }))).to.contain(
      'for this stake; it is returned in full at the end of the shoe',
    );
    expect(inLanguage('it', () => prisonWaitingText(rows, { reason: 'empty', release: true }))).to.contain(
      '(la mescolatrice è vuota): nessuna scelta di prigione per queste 2 poste; sono restituite per intero a fine sabot',
    );
    expect(inLanguage('en', () => prisonWaitingText([row('s1')], { reason: 'empty', release: true }))).to.equal(
      '31 après: 1 prison choice waits for the payeur (leave, move, partager)',
    );
    expect(inLanguage('en', () => prisonWaitingText(rows, { reason: 'empty', release: false }))).to.equal(
      '31 après: 2 prison choices open once the call is confirmed (or ruled by the chef de table); the shoe ends once they are made (the shuffler is empty), and the stakes left in prison go on to the next shoe (no end-of-shoe release at this table)',
    );
    expect(inLanguage('it', () => prisonWaitingText(rows.slice(0, 1), { reason: 'empty', release: false }))).to.contain(
      'e una posta rimasta in prigione passa al prossimo sabot (nessun rilascio a fine sabot a questo tavolo)',
    );
    expect(endWaiting({ held: null, rules: { endOfShoeRelease: true } as TableView['rules'] })).to.equal(false);
    const held = { reason: 'empty', by: 'shuffler', waitsFor: [3], choices: 0 } as unknown as TableView['held'];
    expect(endWaiting({ held, rules: { endOfShoeRelease: true } as TableView['rules'] })).to.deep.equal({ reason: 'empty', release: true });
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
