/**
 * An alert's title names who had the fault (client/components/alert-kinds.ts):
 * a restart of the table server is not the shuffler's fault. An outsider saw
 * the chef's banner title a server restart "GUASTO MESCOLATRICE".
 */
import { expect } from 'chai';
import { alertKindLabel } from '../../client/components/alert-kinds.ts';
import { setLang } from '../../client/i18n.ts';

describe('alert titles', () => {
  const g = globalThis as { document?: unknown };
  before(() => {
    g.document = { documentElement: {} };
    setLang('it');
  });
  after(() => {
    setLang('en');
    delete g.document;
  });

  it('titles the table’s own faults as the table’s, the shuffler’s as the shuffler’s', () => {
    expect(alertKindLabel('fault', 'RESTART')).to.equal('Server del tavolo ripartito');
    expect(alertKindLabel('fault', 'RECOVERED')).to.equal('Sabot recuperato');
    expect(alertKindLabel('fault', 'JAM')).to.equal('Guasto mescolatrice');
    expect(alertKindLabel('fault')).to.equal('Guasto mescolatrice');
    expect(alertKindLabel('dispute', 'RESTART')).to.equal('Contestazione');
  });
});
