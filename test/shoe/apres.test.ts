import { expect } from 'chai';
import { Harness, ROWS } from './table-harness.ts';

// docs/rules.md#apres
describe('après', () => {
  it('voids the coup on equal totals from 32 to 40: every stake pushes', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000).bet('s2', 'couleur', 2000);
    const coup = t.play(ROWS.b32, ROWS.r32);
    expect(coup.call).to.equal('Deux après');
    expect(coup.settlement.map((r) => [r.outcome, r.paid, r.collected, r.net])).to.deep.equal([
      ['push', 0, 0, 0],
      ['push', 0, 0, 0],
    ]);
  });

  it('leaves the stakes on the layout for the next coup, marked carried, free to be withdrawn or changed', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.b32, ROWS.r32);
    const events = t.do({ type: 'open' });
    expect(events.map((e) => e.type)).to.deep.equal(['open', 'bet']);
    expect(t.state.stakes).to.deep.equal([{ player: 's1', chance: 'rouge', amount: 1000, insured: false, carried: true }]);
    t.do({ type: 'withdraw', player: 's1', chance: 'rouge' });
    expect(t.state.stakes).to.deep.equal([]);
  });

  it('leaves prison stakes as they are on an après', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.r31, ROWS.b31);
    t.open();
    const coup = t.play(ROWS.b32, ROWS.r32);
    expect(coup.settlement).to.have.length(1);
    expect(coup.settlement[0]).to.include({ outcome: 'push', level: 1 });
    expect(t.state.prison).to.deep.include({ id: '13-s1-rouge', player: 's1', chance: 'rouge', amount: 1000, level: 1, choosable: false, coup: 1 });
  });
});

// docs/rules.md#31-apres
describe('31 après and prison', () => {
  it('imprisons at level 1 every free stake that is not insured', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000).bet('s2', 'noir', 3000);
    const coup = t.play(ROWS.r31, ROWS.b31);
    expect(coup.call).to.equal('Un après');
    expect(coup.settlement.map((r) => [r.player, r.outcome, r.level, r.net])).to.deep.equal([
      ['s1', 'prison', 1, -1000],
      ['s2', 'prison', 1, -3000],
    ]);
    expect(t.state.prison.map((p) => [p.player, p.chance, p.amount, p.level, p.choosable])).to.deep.equal([
      ['s1', 'rouge', 1000, 1, true],
      ['s2', 'noir', 3000, 1, true],
    ]);
    expect(t.state.stakes).to.deep.equal([]);
  });

  it('treats an insured stake as on an après: it pushes and the premium is kept', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 10_000, true);
    const coup = t.play(ROWS.r31, ROWS.b31);
    expect(coup.settlement[0]).to.include({ outcome: 'push', premium: 100, net: -100, level: 0 });
    expect(t.state.prison).to.deep.equal([]);
  });

  it('imprisons only the part of a stake that plays, returning the excess over the maximum', () => {
    const t = new Harness({ max: 500_000 }).burn().open().bet('s1', 'rouge', 600_000);
    const coup = t.play(ROWS.r31, ROWS.b31);
    expect(coup.settlement[0]).to.include({ outcome: 'prison', returned: 100_000, net: -500_000 });
    expect(t.state.prison[0]!.amount).to.equal(500_000);
  });

  it('releases a level-1 prison stake when its chance wins: returned, never paid', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.r31, ROWS.b31);
    t.open();
    const coup = t.play(ROWS.r37, ROWS.r32); // Rouge wins
    expect(coup.settlement[0]).to.include({ outcome: 'released', returned: 1000, paid: 0, net: 1000, level: 0 });
    expect(t.state.prison).to.deep.equal([]);
  });

  it('gives a prison stake to the bank when its chance loses', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.r31, ROWS.b31);
    t.open();
    const coup = t.play(ROWS.r32, ROWS.r38); // Noir wins
    expect(coup.settlement[0]).to.include({ outcome: 'lost-in-prison', collected: 1000, net: 0 });
    expect(t.state.prison).to.deep.equal([]);
  });

  it('deepens a prison stake at a further 31 après, and then needs as many wins as levels', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.r31, ROWS.b31);
    t.open();
    expect(t.play(ROWS.r31, ROWS.b31).settlement[0]).to.include({ outcome: 'prison', level: 2, net: 0 });
    t.open();
    expect(t.play(ROWS.r37, ROWS.r32).settlement[0]).to.include({ outcome: 'prison-down', level: 1, returned: 0 });
    t.open();
    expect(t.play(ROWS.r37, ROWS.r32).settlement[0]).to.include({ outcome: 'released', returned: 1000 });
  });

  it('splits the amount still in play at the fourth consecutive 31 après (forced partager)', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1001);
    for (let level = 1; level <= 3; level++) {
      t.play(ROWS.r31, ROWS.b31);
      t.open();
      expect(t.state.prison[0]!.level).to.equal(level);
    }
    const coup = t.play(ROWS.r31, ROWS.b31);
    expect(coup.settlement[0]).to.include({ outcome: 'partager', returned: 500, collected: 501, forced: true, net: 500 });
    expect(t.state.prison).to.deep.equal([]);
  });

  it('honours a house maximum prison level other than three', () => {
    const t = new Harness({ maxPrisonLevel: 1 }).burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.r31, ROWS.b31);
    t.open();
    expect(t.play(ROWS.r31, ROWS.b31).settlement[0]).to.include({ outcome: 'partager', forced: true });
  });
});

// docs/rules.md#prison-choice
describe('the choice on an imprisoned stake', () => {
  function jailed() {
    const t = new Harness().burn().open().bet('s1', 'rouge', 12_345);
    t.play(ROWS.r31, ROWS.b31);
    return t;
  }

  it('leaves the stake where it is when nothing is said', () => {
    const t = jailed();
    t.open();
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'leave' });
    expect(t.state.prison[0]).to.include({ chance: 'rouge', level: 1 });
  });

  it('splits with the bank on partager: half back, the bank keeping the odd cent', () => {
    const t = jailed();
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager' });
    expect(t.state.prison).to.deep.equal([]);
    expect(t.rowsOf(1, 's1')).to.have.length(1);
    expect(t.rowsOf(1, 's1')[0]).to.include({ outcome: 'partager', returned: 6172, collected: 6173, net: -6173 });
  });

  it('moves the stake, still imprisoned, to another chance where it plays the next coup', () => {
    const t = jailed();
    t.open();
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'move', to: 'noir' });
    expect(t.state.prison[0]).to.include({ chance: 'noir', level: 1, amount: 12_345 });
    expect(t.rowsOf(1, 's1')[0]).to.include({ outcome: 'prison', to: 'noir' });
    const coup = t.play(ROWS.b31, ROWS.r37); // Noir wins
    expect(coup.settlement[0]).to.include({ chance: 'noir', outcome: 'released', returned: 12_345 });
  });

  it('takes one choice per 31 après: a stake moved or left is marked with the choice and not offered another', () => {
    const moved = jailed();
    moved.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'move', to: 'noir' });
    expect(moved.state.prison[0]).to.include({ chance: 'noir', choosable: false, chosen: 'move' });
    expect(moved.refused({ type: 'choice', player: 's1', chance: 'noir', action: 'partager' })).to.equal('CHOICE_NOT_OPEN');
    const left = jailed();
    left.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'leave' });
    expect(left.state.prison[0]).to.include({ chance: 'rouge', choosable: false, chosen: 'leave' });
    expect(left.refused({ type: 'choice', player: 's1', chance: 'rouge', action: 'move', to: 'inverse' })).to.equal('CHOICE_NOT_OPEN');
  });

  /** s8 holds Rouge and Noir stakes imprisoned by one 31 après, both choices open (an outsider's shoe 5). */
  function twoChoicesOpen() {
    const t = new Harness().burn().open().bet('s8', 'rouge', 5_000).bet('s8', 'noir', 3_000);
    t.play(ROWS.r31, ROWS.b31);
    return t;
  }

  it('refuses moving a stake onto one of the seat’s whose choice is still open: the moved money would get a second choice', () => {
    const t = twoChoicesOpen();
    // merged, a partager on Rouge then split the moved Noir stake too: two choices on it in one 31 après (docs/rules.md#prison-choice)
    expect(t.refused({ type: 'choice', player: 's8', chance: 'noir', action: 'move', to: 'rouge' })).to.equal('MOVE_ONTO_OPEN_CHOICE');
  });

  it('moves it once the stake already there has had its choice, and the two merge', () => {
    const t = twoChoicesOpen();
    t.do({ type: 'choice', player: 's8', chance: 'rouge', action: 'leave' });
    t.do({ type: 'choice', player: 's8', chance: 'noir', action: 'move', to: 'rouge' });
    expect(t.state.prison.map((p) => [p.player, p.chance, p.amount, p.level, p.choosable])).to.deep.equal([['s8', 'rouge', 8_000, 1, false]]);
    expect(t.refused({ type: 'choice', player: 's8', chance: 'rouge', action: 'partager' })).to.equal('CHOICE_NOT_OPEN');
  });

  it('refuses moving a stake to the chance it is on', () => {
    expect(jailed().refused({ type: 'choice', player: 's1', chance: 'rouge', action: 'move', to: 'rouge' })).to.equal('MOVE_SAME_CHANCE');
  });

  it("closes the choice when the next coup's bets close", () => {
    const t = jailed();
    t.open();
    t.do({ type: 'close' });
    expect(t.refused({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager' })).to.equal('BETS_CLOSED');
    t.play(ROWS.b32, ROWS.r32); // an après: the stake stays, the choice does not come back
    t.open();
    expect(t.refused({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager' })).to.equal('CHOICE_NOT_OPEN');
  });

  it('offers the choice again at the 31 après that deepens the stake, and splits the deeper stake', () => {
    const t = jailed();
    t.open();
    t.play(ROWS.r31, ROWS.b31);
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager' });
    expect(t.rowsOf(2, 's1')[0]).to.include({ outcome: 'partager', returned: 6172, collected: 6173, net: 6172 });
  });

  it('refuses to insure an imprisoned stake', () => {
    const t = jailed();
    t.open();
    expect(t.refused({ type: 'insure', player: 's1', chance: 'rouge' })).to.equal('INSURE_PRISON');
  });

  it('keeps a prison stake separate from a free stake on the same chance', () => {
    const t = jailed();
    t.open().bet('s1', 'rouge', 1000);
    const coup = t.play(ROWS.r37, ROWS.r32);
    expect(coup.settlement.map((r) => r.outcome).sort()).to.deep.equal(['released', 'win']);
  });

  it('refuses a choice where the player has no prison stake', () => {
    expect(jailed().refused({ type: 'choice', player: 's9', chance: 'noir', action: 'leave' })).to.equal('NO_PRISON_STAKE');
  });
});

// docs/rules.md#apres: "who did what" showed stakes left on the layout as new bets by the tailleur.
describe('stakes carried by an après, in the log', () => {
  it('writes them as carried and by the table itself, not by the tailleur who opened the bets', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.b32, ROWS.r32);
    const events = t.do({ type: 'open' }, 'tailleur');
    expect(events.map((e) => [e.type, e.by])).to.deep.equal([
      ['open', 'tailleur'],
      ['bet', 'system'],
    ]);
    expect(events[1]).to.include({ carried: true });
  });
});

// docs/rules.md#apres: found by the random crew — a coup dealt with no open after an après settled without the stakes left on the layout.
describe('stakes left by an après when the next coup is dealt before any open', () => {
  it('plays them in that coup (alerted as out of turn), so they are settled, not lost', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.b32, ROWS.r32); // après, call not yet confirmed
    t.cards(ROWS.b36);
    expect(t.state.stakes).to.deep.equal([{ player: 's1', chance: 'rouge', amount: 1000, insured: false, carried: true }]);
    const coup = t.coup([], ROWS.r37);
    expect(coup.settlement.map((r) => [r.player, r.chance, r.amount, r.outcome])).to.deep.equal([['s1', 'rouge', 1000, 'lose']]);
    expect(t.state.alerts.map((a) => a.kind)).to.include('out-of-turn');
  });
});
