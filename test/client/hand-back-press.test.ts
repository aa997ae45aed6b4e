/**
 * The "Handed back" press (client/hand-back-press.ts). An outsider
 * double-clicked it: the first press was recorded, the second answered "The
 * stakes of that shoe are already handed back" in English on the Italian
 * screen, and the red box stayed through the next shoe, a restart and a
 * language switch, above another hand-back still owed.
 */
import { expect } from 'chai';
import { ApiError } from '../../client/api.ts';
import type { HandBack } from '../../client/hand-back.ts';
import { HandBackPresses } from '../../client/hand-back-press.ts';
import { inLanguage } from './support/in-language.ts';

const entry = (shoe: string): HandBack => ({ shoe, how: 'suspended', rows: [{ player: 's1', chance: 'rouge', amount: 10_000, from: 'coup' }] });

/** A table that records a shoe's hand-back once and refuses it after, as the server does. */
function table() {
  const handed: string[] = [];
  const sent: string[] = [];
  return {
    handed,
    sent,
    send: async (shoe: string) => {
      sent.push(shoe);
      await new Promise((r) => setTimeout(r, 5));
      if (handed.includes(shoe)) throw new ApiError(409, 'ALREADY_HANDED_BACK', 'the stakes of that shoe are already handed back');
      handed.push(shoe);
    },
  };
}

describe('the "handed back" press', () => {
  it('acts once on a double click and shows no refusal', async () => {
    const t = table();
    const presses = new HandBackPresses(t.send, () => {});
    await Promise.all([presses.press('aaa'), presses.press('aaa')]);
    expect(t.sent).to.deep.equal(['aaa']);
    expect(presses.refusal([entry('bbb')])).to.equal(null);
  });

  it('takes "already handed back" as done: the second of two slow clicks, or the chef first', async () => {
    const t = table();
    const presses = new HandBackPresses(t.send, () => {});
    await presses.press('aaa');
    await presses.press('aaa');
    expect(t.sent).to.deep.equal(['aaa', 'aaa']);
    // even while a screen's view still lists it
    expect(presses.refusal([entry('aaa'), entry('bbb')])).to.equal(null);
  });

  it('says a refusal in the language the screen has now, and drops it once its entry is gone', async () => {
    const presses = new HandBackPresses(
      async () => {
        throw new ApiError(503, 'TABLE_CLOSED', 'the table is closed');
      },
      () => {},
    );
    await inLanguage('en', () => presses.press('aaa'));
    const owed = [entry('aaa'), entry('bbb')];
    expect(inLanguage('en', () => presses.refusal(owed))).to.deep.equal({ text: 'The table is closed: the server is shutting down', code: 'TABLE_CLOSED' });
    expect(inLanguage('it', () => presses.refusal(owed)?.text)).to.equal('Il tavolo è chiuso: il server si sta arrestando');
    // the entry it was about is handed back (from another screen): the box goes, and does not come back
    expect(presses.refusal([entry('bbb')])).to.equal(null);
    expect(presses.refusal(owed)).to.equal(null);
  });
});
