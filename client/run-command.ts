/**
 * Runs a command against the server: the view it answers with is shown at
 * once (the live stream confirms it), and a refusal comes back as the server
 * worded it, ready to display.
 */
import { ApiError, type CommandResult } from './api.ts';
import { t } from './i18n.ts';
import { live } from './live-store.ts';

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
    if (e.status === 403) return `${t('error.forbidden')}: ${e.message}`;
    return e.status === 409 ? `${e.message} (${e.code})` : e.message;
  }
  return e instanceof Error ? e.message : String(e);
}
