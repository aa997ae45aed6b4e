/**
 * The login form's refusal in the crew's language. The server answers a wrong
 * PIN and a login lock with the same 401 UNAUTHENTICATED as any request
 * without a session (server/http/session-routes.ts, docs/API.md), whose text
 * says "log in first": on the form itself a 401 is the login refused, so it
 * says the user or PIN is wrong, or how long the lock lasts.
 */
import { ApiError } from './api.ts';
import { t } from './i18n.ts';
import { errorText } from './run-command.ts';

export function loginRefusalText(e: unknown): string {
  if (!(e instanceof ApiError) || e.status !== 401) return errorText(e);
  // a lock names its wait in the server's sentence ("too many wrong PINs …: try again in 30 s")
  const wait = /too many wrong PINs.*try again in (\d+) s/.exec(e.message)?.[1];
  return wait === undefined ? t('login.wrong') : t('login.locked', { s: wait });
}
