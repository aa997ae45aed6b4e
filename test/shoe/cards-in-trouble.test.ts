import { expect } from 'chai';
import { Harness, ROWS } from './table-harness.ts';

// docs/rules.md#exposed-cards
describe('exposed cards', () => {
  it('counts a card seen face up in the shuffler, and raises an alert', () => {
    const t = new Harness().burn().open();
    t.card('TH', true);
    t.cards([...ROWS.r37.slice(1), ...ROWS.r32]);
    const coup = t.state.coups[0]!;
    expect(coup.noir.total).to.equal(37);
    expect(coup.exposed).to.equal(true);
    expect(t.state.exposedCoups).to.equal(1);
    expect(t.state.alerts.map((a) => [a.kind, a.seq])).to.deep.equal([['exposed-card', 6]]);
  });

  it('counts a coup with two exposed cards once', () => {
    const t = new Harness().burn();
    t.card('TH', true);
    t.card('KS', true);
    t.cards([...ROWS.r37.slice(2), ...ROWS.r32]);
    expect(t.state.exposedCoups).to.equal(1);
  });

  it('suspends the shoe when the third coup with an exposed card, consecutive or not, is completed', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    const exposedCoup = () => {
      t.card(ROWS.r37[0]!, true);
      t.cards([...ROWS.r37.slice(1), ...ROWS.r32]);
    };
    exposedCoup();
    t.do({ type: 'confirm', coup: 1 });
    t.play(ROWS.b36, ROWS.r32);
    exposedCoup();
    t.do({ type: 'confirm', coup: 3 });
    t.card(ROWS.r37[0]!, true);
    t.cards([...ROWS.r37.slice(1), ...ROWS.r32.slice(0, 3)]);
    expect(t.state.phase).to.equal('closed');
    const events = t.card(ROWS.r32[3]!);
    expect(events.map((e) => e.type)).to.deep.equal(['card']); // the end waits for the last call
    expect(t.state.end).to.equal(null);
    expect(t.state.alerts.at(-1)!.kind).to.equal('suspended');
    expect(t.state.coups[3]!.status).to.equal('awaiting-confirm');
    expect(t.refused({ type: 'card', seq: t.state.lastSeq + 1, card: 'AH' })).to.equal('SHOE_ENDED');
    expect(t.refused({ type: 'open' })).to.equal('SHOE_ENDED');
    const confirmed = t.do({ type: 'confirm', coup: 4 }); // the last call is still confirmed, and the suspension is written after it
    expect(confirmed.map((e) => e.type)).to.deep.equal(['confirm', 'end']);
    expect(confirmed[1]).to.include({ reason: 'suspended', by: 'system' });
    expect(t.state.phase).to.equal('ended');
    expect(t.state.end).to.deep.equal({ reason: 'suspended', auto: true, by: 'system', at: '2026-11-22T10:00:00.000Z' });
    expect(t.refused({ type: 'card', seq: t.state.lastSeq + 1, card: 'AH' })).to.equal('SHOE_ENDED');
  });

  it('keeps prison stakes through a suspension: it is not the end of the cards', () => {
    const t = new Harness({ exposedCoupLimit: 1 }).burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.r31, ROWS.b31);
    t.card(ROWS.r37[0]!, true);
    t.cards([...ROWS.r37.slice(1), ...ROWS.r32]);
    t.do({ type: 'confirm', coup: 2 });
    expect(t.state.end).to.deep.equal({ reason: 'suspended', auto: true, by: 'system', at: '2026-11-22T10:00:00.000Z' });
    expect(t.state.prison).to.have.length(0); // released: rouge won this coup
    const u = new Harness({ exposedCoupLimit: 1 }).burn().open().bet('s1', 'rouge', 1000);
    u.play(ROWS.r31, ROWS.b31);
    u.card(ROWS.b32[0]!, true);
    u.cards([...ROWS.b32.slice(1), ...ROWS.r32]); // après: the stake stays in prison
    u.do({ type: 'confirm', coup: 2 });
    expect(u.state.end?.reason).to.equal('suspended');
    expect(u.state.prison.map((p) => [p.player, p.chance, p.amount, p.level])).to.deep.equal([['s1', 'rouge', 1000, 1]]);
    expect(u.state.release).to.deep.equal([]);
  });

  it('plays prison stakes carried into the next shoe on its first line', () => {
    const t = new Harness({}, [{ player: 's1', chance: 'noir', amount: 2000, level: 2 }]).burn();
    expect(t.state.prison).to.have.length(1);
    const coup = t.play(ROWS.b31, ROWS.r37);
    expect(coup.settlement[0]).to.include({ outcome: 'prison-down', level: 1 });
  });
});

// docs/rules.md#voided-cards
describe('voided cards', () => {
  it('voids the card just drawn: it does not count and the next card takes its place', () => {
    const t = new Harness().burn();
    t.cards(['TH', 'KS']);
    t.do({ type: 'void', seq: 7, reason: 'floor' });
    t.cards(['7C', 'TD', ...ROWS.r32]);
    const coup = t.state.coups[0]!;
    expect(coup.noir.cards.map((c) => c.card)).to.deep.equal(['TH', '7C', 'TD', 'KD']);
    expect(t.state.cards.find((c) => c.seq === 7)).to.include({ status: 'void', voidReason: 'floor' });
  });

  it('refuses to void any card but the one just drawn, with a clear error', () => {
    const t = new Harness().burn();
    t.cards(['TH', 'KS']);
    expect(t.refused({ type: 'void', seq: 6, reason: 'floor' })).to.equal('VOID_NOT_LAST');
    expect(t.refused({ type: 'void', seq: 99, reason: 'floor' })).to.equal('VOID_NOT_LAST');
  });

  it('voids the card that just completed a coup, undoing its call and settlement, before the next card', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.cards([...ROWS.r37, ...ROWS.r32]);
    expect(t.state.coups[0]!.call).to.equal('Rouge gagne et couleur');
    t.do({ type: 'void', seq: t.state.lastSeq, reason: 'sibilla' });
    expect(t.state.coups[0]!.status).to.equal('dealing');
    expect(t.state.coups[0]!.settlement).to.deep.equal([]);
    expect(t.state.stakes).to.have.length(1);
    t.card('8S'); // 22 + 8 = 30, still dealing
    t.card('9C'); // 39: Noir wins
    expect(t.state.coups[0]!.call).to.equal('Rouge perd et couleur');
  });

  it('refuses to void a card once the call it completed is confirmed', () => {
    const t = new Harness().burn();
    t.play(ROWS.r37, ROWS.r32);
    expect(t.refused({ type: 'void', seq: t.state.lastSeq, reason: 'floor' })).to.equal('VOID_AFTER_CONFIRM');
  });

  it('voids a burn card: the next card burns in its place', () => {
    const t = new Harness();
    t.cards(['2C', '3C']);
    t.do({ type: 'void', seq: 2, reason: 'floor' });
    t.cards(['4C', '5C', '6C', '7C']);
    expect(t.state.phase).to.equal('waiting');
    expect(t.state.burnLeft).to.equal(0);
  });
});

// docs/rules.md#foreign-cards
describe('foreign cards', () => {
  it('records a seventh copy of a card, raises an alert, and never counts it', () => {
    const t = new Harness().burn(['KS', 'KS', 'KS', 'KS', 'KS']).open();
    t.card('KS'); // the sixth: legal
    t.card('KS'); // a seventh: foreign
    expect(t.state.cards.at(-1)).to.include({ seq: 7, status: 'foreign' });
    expect(t.state.alerts.map((a) => [a.kind, a.seq])).to.deep.equal([['foreign-card', 7]]);
    t.cards(['QS', '7C', 'TD']);
    expect(t.state.coups[0]!.noir.cards.map((c) => c.card)).to.deep.equal(['KS', 'QS', '7C', 'TD']);
    expect(t.refused({ type: 'void', seq: 7, reason: 'floor' })).to.equal('VOID_FOREIGN');
  });
});

describe('card numbers from the shuffler', () => {
  it('refuses a card number already recorded and a gap', () => {
    const t = new Harness().burn();
    expect(t.refused({ type: 'card', seq: 5, card: 'AH' })).to.equal('DUPLICATE_SEQ');
    expect(t.refused({ type: 'card', seq: 7, card: 'AH' })).to.equal('SEQ_GAP');
    expect(t.refused({ type: 'card', seq: 6, card: 'XX' })).to.equal('INVALID_EVENT');
  });
});

describe('voiding after the call was acted on', () => {
  // A prison choice now waits for the confirmation (docs/rules.md#prison-choice), which itself ends the void window:
  // the card that made the 31 après can still be voided while no choice can have been made on it.
  it('refuses to void the card that made a 31 après once a prisoner has chosen, so no choice is lost', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.r31, ROWS.b31);
    expect(t.refused({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager' })).to.equal('CHOICE_BEFORE_CONFIRM');
    t.do({ type: 'confirm', coup: 1 });
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager' });
    expect(t.refused({ type: 'void', seq: t.state.lastSeq, reason: 'floor' })).to.equal('VOID_AFTER_CONFIRM');
    expect(t.state.coups[0]!.settlement[0]).to.include({ outcome: 'partager' });
  });
});

describe('voiding a card number that does not exist', () => {
  it('refuses card number 0 instead of reading it as the last card', () => {
    const t = new Harness().burn();
    t.cards(['TH']);
    expect(t.refused({ type: 'void', seq: 0, reason: 'floor' })).to.equal('VOID_NOT_LAST');
  });
});

describe('cards drawn out of turn', () => {
  it('alerts the chef when the first card of a coup comes before the bets were opened, and still counts it', () => {
    const t = new Harness().burn();
    t.card('KS');
    expect(t.state.coups[0]!.noir.cards.map((c) => c.card)).to.deep.equal(['KS']);
    expect(t.state.alerts.map((a) => [a.kind, a.seq, a.coup])).to.deep.equal([['out-of-turn', 6, 1]]);
    t.cards(['QS', '7C', 'TD']); // the rest of the coup is in turn
    expect(t.state.alerts).to.have.length(1);
  });

  it('alerts the chef when a card is drawn while a call is disputed: the annulment is no longer possible', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.b36, ROWS.r32);
    t.do({ type: 'dispute', coup: 1, announced: 'Rouge perd' });
    t.card('KS');
    const last = t.state.alerts.at(-1)!;
    expect(last).to.include({ kind: 'out-of-turn', coup: 2 });
    expect(last.message).to.contain('coup 1 is disputed');
    expect(t.refused({ type: 'resolve', coup: 1, ruling: 'annul', reason: 'late' })).to.equal('ANNUL_TOO_LATE');
  });

  it('raises nothing for a coup dealt after the bets were opened', () => {
    const t = new Harness().burn().open();
    t.play(ROWS.b36, ROWS.r32);
    expect(t.state.alerts.toArray()).to.deep.equal([]);
  });
});
