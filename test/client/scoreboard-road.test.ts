/**
 * The scoreboard's marks for coups with no winner on a road. An outsider saw
 * a coup the chef de table annulled drawn with the après tag: after an après
 * the annulled coup joined it as "2", that many après in a row, and alone it
 * wore the après green. An après is a result with consequences (a 31 après
 * sends stakes to prison); an annulled coup is no result. The entries are the
 * real rules' scoreboard (shoe/table-view.ts).
 */
import { expect } from 'chai';
import { road, tieMarks, type ScoreEntry } from '../../client/scoreboard-road.ts';
import { tableView } from '../../shoe/table-view.ts';
import { Harness, ROWS } from '../shoe/table-harness.ts';

const rougeNoir = (e: ScoreEntry) => (e.result === 'rouge' || e.result === 'noir' ? e.result : null);
const couleurInverse = (e: ScoreEntry) => (e.result === 'rouge' || e.result === 'noir' ? e.couleur : null);
const marks = (entries: ScoreEntry[], pick: (e: ScoreEntry) => string | null) => road(entries, pick).flatMap((col) => col.map((c) => tieMarks(c)));

describe('the scoreboard’s mark for an annulled coup', () => {
  it('marks a coup the chef annulled after an après apart from the après, on both roads', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.r37, ROWS.r32); // coup 1: Rouge
    t.open();
    t.play(ROWS.r37, ROWS.b37); // coup 2: après (37–37)
    t.open();
    t.coup(ROWS.b36, ROWS.r38); // coup 3, disputed, then annulled by the chef
    t.do({ type: 'dispute', coup: 3, announced: 'Rouge perd' });
    t.do({ type: 'resolve', coup: 3, ruling: 'annul', reason: 'misdeal' });
    const entries = tableView(t.state).scoreboard;
    expect(entries.map((e) => e.result)).to.deep.equal(['rouge', 'apres', 'annulled']);
    for (const pick of [rougeNoir, couleurInverse]) {
      expect(marks(entries, pick)).to.deep.equal([
        [
          { kind: 'apres', text: 'a', coups: [2] },
          { kind: 'annulled', text: '×', coups: [3] },
        ],
      ]);
    }
  });

  it('never gives an annulled coup alone the après mark, nor counts annulled coups as après', () => {
    const e = (coup: number, result: ScoreEntry['result'], couleur: ScoreEntry['couleur'] = null): ScoreEntry => ({ coup, result, couleur });
    expect(marks([e(1, 'noir', 'inverse'), e(2, 'annulled')], rougeNoir)).to.deep.equal([[{ kind: 'annulled', text: '×', coups: [2] }]]);
    expect(marks([e(1, 'annulled'), e(2, 'annulled'), e(3, 'apres31')], rougeNoir)).to.deep.equal([
      [
        { kind: 'apres31', text: '31', coups: [3] },
        { kind: 'annulled', text: '2×', coups: [1, 2] },
      ],
    ]);
  });
});
