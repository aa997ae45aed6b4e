/**
 * Found when probed as an attacker: the shuffle audit kept one answer, keyed by `?last=`,
 * so alternating two values read every shoe again on each call (0.75–3 s
 * apiece). Each shoe is now read once; the last answers are kept.
 */
import { expect } from 'chai';
import { servedRecord } from './support/served-record.ts';

describe('security: the shuffle audit cache', function () {
  this.timeout(60_000);

  it('reads each shoe once when ?last= alternates', async () => {
    const { record, server, reads } = await servedRecord(12);
    try {
      const chef = await server.as('chef');
      const answers = [];
      for (let k = 0; k < 6; k++) answers.push(await chef.get(`/api/audit/shuffle?last=${k % 2 === 0 ? 10 : 11}`));
      expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200, 200, 200, 200]);
      expect(answers.map((a) => a.body.shoes)).to.deep.equal([10, 11, 10, 11, 10, 11]);
      expect(reads(), 'shoe files read').to.equal(11);
    } finally {
      await server.close();
      await record.close();
    }
  });
});
