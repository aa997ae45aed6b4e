/**
 * DNS rebinding: a page on a domain its owner points at this server's address
 * is, to the browser, its own origin — same-origin checks pass, and with the
 * demo's documented PINs it could log in. Such a request names that domain in
 * `Host`. So every API request must name this server: an IP literal (no DNS,
 * nothing to rebind), `localhost`, this machine's host name, or one of the
 * names the server is configured with (`allowedHosts`); any other is a 421.
 */
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import type { NextFunction, Request, Response } from 'express';
import { UnknownHostError } from './errors.ts';

export function hostCheck(allowedHosts: readonly string[] = []) {
  const names = new Set(['localhost', hostname().toLowerCase(), `${hostname().toLowerCase()}.local`, ...allowedHosts.map((h) => h.toLowerCase())]);
  return (req: Request, _res: Response, next: NextFunction): void => {
    const name = hostName(req.get('host') ?? '');
    if (name !== '' && (isIP(name) !== 0 || names.has(name))) return next();
    throw new UnknownHostError(`this server does not answer for host ${JSON.stringify(req.get('host') ?? '')}`);
  };
}

/** `Host` without its port, brackets of an IPv6 literal removed, lower case. */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') < 0 ? undefined : h.indexOf(']'));
  const colon = h.lastIndexOf(':');
  return colon >= 0 && /^\d*$/.test(h.slice(colon + 1)) ? h.slice(0, colon) : h;
}
