/**
 * The alert of events found unsealed at a restart (shoe/unsealed-alert.ts) on
 * the crew's screens, in English and Italian, one event said as one: the
 * tailleur's and chef's alerts said only "restarted, resumed after card 96"
 * (outside crew pass 51).
 */
import { expect } from 'chai';
import { alertSeverity } from '../../client/components/alert-severity.ts';
import { alertKindLabel } from '../../client/components/alert-kinds.ts';
import { alertShortText, alertText } from '../../client/server-text.ts';
import { Harness } from '../shoe/table-harness.ts';
import { inLanguage } from './support/in-language.ts';

describe('the crew’s screens: events found unsealed at a restart', () => {
  const t = new Harness().burn();
  t.do({ type: 'witness', state: 'unsealed', from: 160, to: 167 });
  t.do({ type: 'witness', state: 'unsealed', from: 167, to: 167 });
  const [range, one] = t.state.alerts.last(2);

  it('says which events and what the seals after them vouch for, as a warning of the table’s own', () =>
    inLanguage('en', () => {
      expect(alertKindLabel(one!.kind, one!.code)).to.equal('Found unsealed at restart');
      expect(alertText(one!)).to.equal('Event 167 was found unsealed when the table server started again: the seals after it vouch for it as found then');
      expect(alertShortText(one!)).to.equal('event 167');
      expect(alertText(range!)).to.equal(
        'Events 160 to 167 were found unsealed when the table server started again: the seals after them vouch for them as found then',
      );
      expect(alertShortText(range!)).to.equal('events 160–167');
      expect(alertSeverity(one!)).to.equal('warning');
    }));

  it('says it in Italian', () => {
    inLanguage('it', () => {
      expect(alertKindLabel(one!.kind, one!.code)).to.equal('Non sigillati alla ripartenza');
      expect(alertText(one!)).to.equal(
        'L’evento 167 è stato trovato non sigillato alla ripartenza del server del tavolo: i sigilli successivi lo garantiscono come trovato allora',
      );
      expect(alertShortText(range!)).to.equal('eventi 160–167');
    });
  });
});
