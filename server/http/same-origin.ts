/**
 * Cross-site request forgery (API.md "Same origin"). SameSite=Strict does not
 * cover a page on another port of the same host or on a sibling subdomain:
 * both are the "same site", and the browser sends the crew's cookie with
 * their form posts. So every state-changing request must
 * - come from the dashboards' own origin: `Sec-Fetch-Site`, when the browser
 *   sends it, says `same-origin`; `Origin`, and else `Referer`, when sent,
 *   is this server's own scheme and Host. A request with none of them is not
 *   from a browser page (curl, the CLI) and has no cookie to abuse unless
 *   its sender holds it;
 * - carry JSON (a shoe log: NDJSON), or no body at all: a form can only send
 *   urlencoded, multipart or text/plain bodies without a CORS preflight,
 *   and this server answers no preflight.
 * Reads are left alone: another origin's page never sees their answers —
 * except the exports: a cross-port `<img>` GET of the
 * settlement CSV (`Sec-Fetch-Site: same-site`, the cookie sent) downloaded it
 * and recorded it as the victim's export. An export is a download the crew
 * starts from the dashboard (`same-origin`) or by typing or bookmarking its
 * address (`none`); anything else is refused before it is recorded.
 */
import type { NextFunction, Request, Response } from 'express';
import { CrossOriginError, UnsupportedMediaTypeError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The reads that take a record out, each an access-log entry: a table's, and the floor's of each table under
 * /api/tables/:table/ (served to another site's page there, outside floor pass 44).
 */
const EXPORTS = /^\/api\/((tables\/[^/]+\/)?shoes\/[^/]+\/(log|settlement\.csv|report\.html)|access-log\.csv)$/;
const EXPORT_FETCH_SITES = new Set(['same-origin', 'none']);

/** Bodies a page can make a browser send cross-origin only through a preflight. */
export const JSON_TYPES = ['application/json'];
export const SHOE_LOG_TYPES = ['application/x-ndjson', 'application/jsonl'];

export function sameOrigin() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return exportFromOwnPage(req, next);
    const fetchSite = req.get('sec-fetch-site');
    if (fetchSite !== undefined && fetchSite !== 'same-origin') throw new CrossOriginError(`a ${fetchSite} request may not change anything`);
    const own = `${req.protocol}://${req.get('host') ?? ''}`;
    const origin = req.get('origin');
    if (origin !== undefined && origin !== own) throw new CrossOriginError(`a request from ${origin} may not change anything`);
    const referer = req.get('referer');
    if (origin === undefined && referer !== undefined && originOf(referer) !== own)
      throw new CrossOriginError('a request from another page may not change anything');
    const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const hasBody = type !== '' || (req.get('content-length') ?? '0') !== '0' || req.get('transfer-encoding') !== undefined;
    const allowed = req.originalUrl.split('?')[0] === '/api/shoes/open' ? SHOE_LOG_TYPES : JSON_TYPES;
    if (hasBody && !allowed.includes(type)) throw new UnsupportedMediaTypeError(`send ${allowed.join(' or ')}${type === '' ? '' : `, not ${type}`}`);
    next();
  };
}

function exportFromOwnPage(req: Request, next: NextFunction): void {
  if (!EXPORTS.test(req.originalUrl.split('?')[0]!)) return next();
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite !== undefined && !EXPORT_FETCH_SITES.has(fetchSite)) throw new CrossOriginError(`a ${fetchSite} request may not take a record out`);
  const referer = req.get('referer');
  if (referer !== undefined && originOf(referer) !== `${req.protocol}://${req.get('host') ?? ''}`)
    throw new CrossOriginError('a request from another page may not take a record out');
  next();
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
