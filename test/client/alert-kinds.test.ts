/**
 * An alert's title names who had the fault (client/components/alert-kinds.ts):
 * a restart of the table server is not the shuffler's fault. An outsider saw
 * the chef's banner title a server restart "GUASTO MESCOLATRICE".
 */
import { expect } from 'chai';
import { alertKindLabel } from '../../client/components/alert-kinds.ts';
import { inLanguage } from './support/in-language.ts';

describe('alert titles', () => {
  it('titles the table’s own faults as the table’s, the shuffler’s as the shuffler’s', () => {
    const titles = inLanguage('it', () => [
      alertKindLabel('fault', 'RESTART'),
      alertKindLabel('fault', 'RECOVERED'),
      alertKindLabel('fault', 'JAM'),
      alertKindLabel('fault'),
      alertKindLabel('dispute', 'RESTART'),
    ]);
    expect(titles).to.deep.equal(['Server del tavolo ripartito', 'Sabot recuperato', 'Guasto mescolatrice', 'Guasto mescolatrice', 'Contestazione']);
  });
});
