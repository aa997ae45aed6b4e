/**
 * The scoreboard's "big road" laid out: equal results run down a column, a
 * change (or a full column) starts the next one, and a coup with no winner on
 * a road is marked on the cell of the coup before it. An après (docs/rules.md#apres)
 * and a 31 après (prison) are game results; an annulled coup (the chef's
 * ruling, or a coup cut short by the end of the shoe) is no result at all, so
 * it has its own mark, never counted with the après: an outsider saw a coup
 * the chef annulled drawn with the après tag.
 */
import type { TableView } from '../server/http/contract.ts';

export type ScoreEntry = TableView['scoreboard'][number];

/** A mark on a cell: the après after it (count, 31 if one was a 31 après), or the coups annulled after it. */
export interface TieMark {
  kind: 'apres' | 'apres31' | 'annulled';
  /** What the tag reads: 'a', '31', '×', or how many when more than one. */
  text: string;
  coups: number[];
}

export interface Cell {
  mark: string;
  kind: string;
  coups: number[];
  /** The après after this coup, in order ('a' or '31'), with their coups. */
  apres: { tie: 'a' | '31'; coup: number }[];
  /** The coups annulled after this coup. */
  annulled: number[];
}

const HEIGHT = 6;

/** Lays results out in columns of at most six; `pick` gives a coup's winner on this road, null when it has none. */
export function road(entries: readonly ScoreEntry[], pick: (e: ScoreEntry) => string | null): Cell[][] {
  const cols: Cell[][] = [];
  let last: Cell | undefined;
  for (const e of entries) {
    const kind = e.result === 'annulled' ? null : pick(e);
    if (kind === null) {
      if (!last) {
        last = { mark: '', kind: 'none', coups: [], apres: [], annulled: [] };
        cols.push([last]);
      }
      if (e.result === 'annulled') last.annulled.push(e.coup);
      else last.apres.push({ tie: e.result === 'apres31' ? '31' : 'a', coup: e.coup });
      continue;
    }
    const col = cols.at(-1);
    const cell: Cell = { mark: kind.charAt(0).toUpperCase(), kind, coups: [e.coup], apres: [], annulled: [] };
    if (col && last && last.kind === kind && col.length < HEIGHT) col.push(cell);
    else cols.push([cell]);
    last = cell;
  }
  return cols;
}

/** The tags a cell carries: its après (one tag, violet when a 31 après is among them), then its annulled coups apart. */
export function tieMarks(cell: Cell): TieMark[] {
  const marks: TieMark[] = [];
  const a = cell.apres;
  if (a.length > 0) {
    const kind = a.some((x) => x.tie === '31') ? 'apres31' : 'apres';
    marks.push({ kind, text: a.length > 1 ? String(a.length) : a[0]!.tie, coups: a.map((x) => x.coup) });
  }
  const n = cell.annulled;
  if (n.length > 0) marks.push({ kind: 'annulled', text: n.length > 1 ? `${n.length}×` : '×', coups: [...n] });
  return marks;
}
