/**
 * Who may do what, in one table (docs/rules.md#roles; API.md role
 * column): the payeur cannot confirm a call, the tailleur cannot settle,
 * surveillance cannot change anything. Every route names its entry; the
 * 403 message is built from it ("the payeur cannot confirm a call").
 */
import type { RequestHandler } from 'express';
import { ROLES, type Role } from '../table/table.ts';
import { ForbiddenError, UnauthenticatedError } from './errors.ts';
import { accountOf } from './auth.ts';

interface Permission {
  roles: readonly Role[];
  /** What the route does, as it reads after "cannot". */
  action: string;
}

const ANY_ROLE = ROLES;
const AUDIT: readonly Role[] = ['surveillance', 'chef'];

export const PERMISSIONS = {
  'table.view': { roles: ANY_ROLE, action: 'see the table' },
  'table.events': { roles: ANY_ROLE, action: 'follow the table' },
  'shoe.start': { roles: ['tailleur'], action: 'start a shoe' },
  'bets.open': { roles: ['tailleur'], action: 'open the bets' },
  'bets.close': { roles: ['tailleur'], action: 'close the bets' },
  'coup.confirm': { roles: ['tailleur'], action: 'confirm a call' },
  'coup.dispute': { roles: ['tailleur'], action: 'dispute a call' },
  'card.void': { roles: ['tailleur'], action: 'void a card' },
  'sim.deal': { roles: ['tailleur'], action: 'deal from the simulator' },
  'bets.place': { roles: ['payeur'], action: 'place a bet' },
  'bets.withdraw': { roles: ['payeur'], action: 'withdraw a bet' },
  'bets.insure': { roles: ['payeur'], action: 'insure a bet' },
  'prison.choice': { roles: ['payeur'], action: 'record a prison choice' },
  'coup.resolve': { roles: ['chef'], action: 'resolve a dispute' },
  'shoe.handed-back': { roles: ['payeur', 'chef'], action: 'mark stakes handed back' },
  'shoe.suspend': { roles: ['chef'], action: 'suspend the shoe' },
  'shoe.unhold': { roles: ['chef'], action: 'withdraw the held suspension' },
  'witness.unwitnessed': { roles: ['chef'], action: 'acknowledge dealing without the central witness' },
  'audit.read': { roles: AUDIT, action: 'read the shoe archive' },
  'floor.view': { roles: AUDIT, action: 'watch the floor' },
  'access.read': { roles: AUDIT, action: 'read the access log' },
} as const satisfies Record<string, Permission>;

export type RouteKey = keyof typeof PERMISSIONS;

export function mayDo(role: Role, key: RouteKey): boolean {
  return (PERMISSIONS[key].roles as readonly Role[]).includes(role);
}

/** Middleware: 401 without a session, 403 when the session's role is not in the table for `key`. */
export function allow(key: RouteKey): RequestHandler {
  return (_req, res, next) => {
    const account = accountOf(res);
    if (!account) throw new UnauthenticatedError();
    if (!mayDo(account.role, key)) throw new ForbiddenError(`the ${account.role} cannot ${PERMISSIONS[key].action}`);
    next();
  };
}
