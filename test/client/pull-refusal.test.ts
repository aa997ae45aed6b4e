/**
 * The tailleur's N that brought no card says why, in the crew's language when
 * the server names the reason by its code (client/pull-refusal.ts); a reason
 * without a code is said as the server wrote it.
 */
import { expect } from 'chai';
import { pullRefusalText, type PullAnswer } from '../../client/pull-refusal.ts';
import { inLanguage } from './support/in-language.ts';

const en = (r: PullAnswer) => inLanguage('en', () => pullRefusalText(r));
const it_ = (r: PullAnswer) => inLanguage('it', () => pullRefusalText(r));

describe('why a pull brought no card, in words', () => {
  it('says nothing when the card was stored', () => {
    expect(pullRefusalText({ stored: true })).to.equal(null);
  });

  it('names the coup whose call must be confirmed first', () => {
    expect(en({ stored: false, whyCode: 'CONFIRM_FIRST', coup: 4, why: 'confirm coup 4' })).to.equal(
      'No card from the shuffler: confirm the call of coup 4 (or dispute it), then open the bets ("faites vos jeux"), before the next card',
    );
  });

  it('says the reasons named by a code in Italian, not in the server’s English', () => {
    expect(it_({ stored: false, whyCode: 'SHOE_ENDED', why: 'the shoe has ended: start a new shoe first, then pull its cards' })).to.equal(
      'Nessuna carta dalla mescolatrice: il sabot è terminato: prima avvia un nuovo sabot, poi estrai le sue carte',
    );
    expect(it_({ stored: false, whyCode: 'BETS_NOT_OPEN' })).to.match(/^Nessuna carta dalla mescolatrice: prima apri le puntate/);
  });

  it('says every reason the pull route names by a code in Italian: the shuffler’s alert, a repeated card, the line, silence, the simulator', () => {
    const refused = {
      kind: 'card-refused',
      code: 'SEQ_MISMATCH',
      seq: 7,
      message: 'card 7 (QH) is not the stored card 7 (3S): not acknowledged',
      params: { seq: 7, card: 'QH', stored: '3S' },
      at: '2026-11-27T04:30:00.000Z',
    } as const;
    const said = [
      it_({ stored: false, whyCode: 'CARD_ALERT', why: refused.message, alert: refused }),
      it_({ stored: false, whyCode: 'REPEATED_CARD', why: 'the shuffler sent a card the table already has' }),
      it_({ stored: false, whyCode: 'LINE_DOWN', why: 'the shuffler line is down: no card can arrive' }),
      it_({ stored: false, whyCode: 'NO_CARD_HEARD', why: 'no card arrived from the shuffler' }),
      it_({ stored: false, whyCode: 'SIM_NO_CARD', why: 'the simulated shuffler has no card to deal now' }),
    ];
    expect(said[0]).to.match(/^Nessuna carta dalla mescolatrice: La carta 7 \(.+\) non è la carta 7 già registrata/);
    expect(said.slice(1)).to.deep.equal([
      'Nessuna carta dalla mescolatrice: la mescolatrice ha inviato una carta che il tavolo ha già (un numero di carta ripetuto): confermata, non registrata; la mescolatrice è indietro rispetto al tavolo dopo un riavvio?',
      'Nessuna carta dalla mescolatrice: la linea della mescolatrice è scollegata: nessuna carta può arrivare',
      'Nessuna carta dalla mescolatrice: nessuna carta è arrivata dalla mescolatrice',
      'Nessuna carta dalla mescolatrice: la mescolatrice simulata non ha carte da distribuire ora (sabot finito, attende conferme, o il suo processo si è fermato)',
    ]);
  });

  it('passes on a reason the server gives without a code as written', () => {
    expect(en({ stored: false, why: 'the shuffler line is down: no card can arrive' })).to.equal(
      'No card from the shuffler: the shuffler line is down: no card can arrive',
    );
  });
});
