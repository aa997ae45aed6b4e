/**
 * Runs a command against the server: the view it answers with is shown at
 * once (the live stream confirms it), and a refusal comes back ready to
 * display, by its code in the interface's language (server-text.ts).
 */
import { ApiError, type CommandResult } from './api.ts';
import { t } from './i18n.ts';
import { live } from './live-store.ts';
import { errorCodeText } from './server-text.ts';

export async function runCommand(fn: () => Promise<CommandResult | unknown>): Promise<string | null> {
  try {
    const result = await fn();
    if (result && typeof result === 'object' && 'view' in result) live.applyResult(result as CommandResult);
    return null;
  } catch (e) {
    return errorText(e);
  }
}

export function errorText(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.offline) return t('error.offline');
    // By its code, in the interface's language; the server's English only for a code this client does not know.
    const text = errorCodeText(e.code, e.message, e.field);
    return e.status === 409 ? `${text} (${e.code})` : text;
  }
  return e instanceof Error ? e.message : String(e);
}
