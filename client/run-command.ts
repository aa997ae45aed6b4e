/**
 * Runs a command against the server: the view it answers with is shown at
 * once (the live stream confirms it), and a refusal comes back ready to
 * display, by its code in the interface's language (server-text.ts).
 */
import { ApiError, type CommandResult } from './api.ts';
import { heldEndText } from './held-end.ts';
import { t } from './i18n.ts';
import { live } from './live-store.ts';
import { errorCodeText } from './server-text.ts';

/**
 * A refusal as the crew sees it: the sentence in their language, and the
 * server's code kept apart for support (an outsider's pass found
 * "… (BETS_ALREADY_OPEN)" in the Italian text); error-box.ts puts the code in
 * the box's `data-code` and `title`, never in its text.
 */
export interface Refusal {
  text: string;
  code?: string;
}

/** The client's own code of a request the server never answered (the line or the server down): nothing was sent. */
export const OFFLINE = 'OFFLINE';

export async function runCommand(fn: () => Promise<CommandResult | unknown>): Promise<Refusal | null> {
  try {
    const result = await fn();
    if (result && typeof result === 'object' && 'view' in result) live.applyResult(result as CommandResult);
    return null;
  } catch (e) {
    return refusalOf(e);
  }
}

export function refusalOf(e: unknown): Refusal {
  if (e instanceof ApiError) {
    // coded for the screens that clear it once the server answers again (the tailleur's: it stayed, outside crew pass 50)
    if (e.offline) return { text: t('error.offline'), code: OFFLINE };
    // By its code, in the interface's language; the server's English only for a code this client does not know.
    const text = errorCodeText(e.code, e.message, e.field);
    // A second suspension asked while one is held is answered with the first (docs/rules.md#held-end).
    const heldEnd = live.snapshot.view?.held;
    const held = e.code === 'SUSPENSION_PENDING' && heldEnd ? heldEndText(heldEnd) : undefined;
    return { text: held ? `${text} — ${held}` : text, code: e.code };
  }
  return { text: e instanceof Error ? e.message : String(e) };
}

/** The sentence of a refusal alone, for a panel that shows only text. */
export function errorText(e: unknown): string {
  return refusalOf(e).text;
}
