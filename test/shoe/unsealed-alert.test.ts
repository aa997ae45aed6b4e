/**
 * Play the table found unsealed when it started again is an alert of the
 * shoe's state (shoe/unsealed-alert.ts), so the tailleur's and the chef's
 * screens say it too: only surveillance's badge did (outside crew pass 51).
 */
import { expect } from 'chai';
import { alertInWords } from '../../server/http/report-terms.ts';
import { Harness } from './table-harness.ts';

describe('events found unsealed at a restart', () => {
  it('are an alert the table records about itself, one event said as one', () => {
    const t = new Harness().burn();
    t.do({ type: 'witness', state: 'unsealed', from: 3, to: 7 });
    t.do({ type: 'witness', state: 'unsealed', from: 9, to: 9 });
    const [range, one] = t.state.alerts.last(2);
    expect(range).to.deep.include({
      kind: 'fault',
      code: 'UNSEALED',
      message: 'UNSEALED: events 3 to 7 were found unsealed when the table started again',
      params: { code: 'UNSEALED', text: 'events 3 to 7 were found unsealed when the table started again', from: 3, to: 7 },
    });
    expect(one!.params).to.include({ from: 9, to: 9, reason: 'one' });
    expect(alertInWords('it', one!)).to.equal(
      'l’evento 9 è stato trovato non sigillato alla ripartenza del server del tavolo: i sigilli successivi lo garantiscono come trovato allora',
    );
    expect(alertInWords('en', range!)).to.equal(
      'events 3 to 7 were found unsealed when the table server started again: the seals after them vouch for them as found then',
    );
  });

  it('leave the game as it was: the link lost, restored or acknowledged adds no alert', () => {
    const t = new Harness().burn();
    const before = t.state.alerts.length;
    t.do({ type: 'witness', state: 'lost', since: '2026-11-22T10:00:00.000Z' });
    t.do({ type: 'witness', state: 'restored' });
    expect(t.state.alerts.length).to.equal(before);
  });
});
