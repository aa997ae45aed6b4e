/**
 * The values a `fault` event's text names, for the translations of its alert
 * (a RELOAD or SILENT fault read in English inside an
 * Italian banner). A fault event holds only a code and an English text
 * (docs/shoe-log.md), so the values of the faults this system writes itself
 * are read back from the text it wrote (shoe/decide.ts for RELOAD,
 * server/serial/link-session.ts for SILENT, GAP and SHOE_REFUSED, server/table/silence-over.ts for SILENCE_OVER,
 * server/serial/card-intake.ts for EMPTY_MISMATCH, server/table/table-service.ts for RESTART); any other fault (the
 * shuffler's own ERR frames) keeps its text as the shuffler sent it.
 */
import type { AlertParams } from './state.ts';

const READERS: Record<string, (text: string) => Record<string, string | number> | null> = {
  RELOAD: (text) => {
    const m = /\(([^)]+)\) at card (\d+)/.exec(text);
    return m ? { serial: m[1]!, seq: Number(m[2]) } : null;
  },
  SILENT: (text) => {
    const m = /for (\d+) s\b/.exec(text);
    return m ? { s: Number(m[1]) } : null;
  },
  // the end of a silence, stored at the shuffler's first frame after it (server/table/silence-over.ts)
  SILENCE_OVER: (text) => {
    const m = /after (\d+) s silent/.exec(text);
    return m ? { s: Number(m[1]) } : null;
  },
  GAP: (text) => {
    const m = /from (\d+)/.exec(text);
    return m ? { from: Number(m[1]) } : null;
  },
  EMPTY_MISMATCH: (text) => {
    const m = /after card (\d+), but (\d+) cards/.exec(text);
    return m ? { seq: Number(m[1]), stored: Number(m[2]) } : null;
  },
  RESTART: (text) => {
    const m = /resumes after card (\d+)/.exec(text);
    return m ? { seq: Number(m[1]) } : null;
  },
  // A refused SHOE frame; `reason` 'spent' when the shuffler's shoe was already dealt into an earlier table shoe (server/table/shuffler-shoe.ts).
  SHOE_REFUSED: (text) => {
    const m = /^shoe (\S+) refused: /.exec(text);
    if (!m) return null;
    const spent = /dealt into table shoe (\S+?):/.exec(text);
    const refused: Record<string, string> = { serial: m[1]! };
    return spent ? { ...refused, reason: 'spent', spentBy: spent[1]! } : refused;
  },
};

export function faultParams(code: string, text: string): AlertParams {
  return { code, text, ...READERS[code]?.(text) };
}
