/**
 * The floor suites' rig, started once per suite: a throwaway PostgreSQL with
 * the central schema, the floor server on it, and Chromium; `seed` writes the
 * suite's tables into the store before the floor first reads it. Everything is
 * stopped, and every table store the suite recorded (`dirs`) removed, after the
 * suite, whatever failed. Call it inside a `describe`.
 */
import { rm } from 'node:fs/promises';
import type pg from 'pg';
import { centralPool, endPool } from '../../../server/central/central-connect.ts';
import { pino } from 'pino';
import type { Browser } from 'playwright-core';
import { startFloorServer, type RunningFloor } from '../../../server/app/floor-server.ts';
import { DASHBOARDS_DIR } from '../../../server/app/table-server.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../server/central/throwaway-postgres.ts';
import { testUsers } from '../../server/http/support/server.ts';
import { applyCentralSchema } from '../../support/central-store.ts';
import { launchChromium } from './chromium.ts';

export interface FloorRig {
  readonly server: ThrowawayPostgres;
  /** A pool on the store as its owner: the suite writes tables, lines and status rows through it. */
  readonly admin: pg.Pool;
  readonly floor: RunningFloor;
  readonly browser: Browser;
  /** The table stores the suite recorded (test/client/support/recorded-shoe.ts), removed after it. */
  readonly dirs: string[];
}

export function floorRig(seed: (admin: pg.Pool, dirs: string[]) => Promise<void> = async () => {}): FloorRig {
  let server: ThrowawayPostgres | undefined;
  let admin: pg.Pool | undefined;
  let floor: RunningFloor | undefined;
  let browser: Browser | undefined;
  const dirs: string[] = [];
  const started = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`the floor rig's ${name} is not started: use it inside the suite's tests`);
    return part;
  };

  before(async () => {
    server = await startThrowawayPostgres();
    admin = centralPool(server.url, { max: 2 });
    await applyCentralSchema(admin);
    await seed(admin, dirs);
    floor = await startFloorServer({ central: server.url, users: testUsers(), logger: pino({ level: 'silent' }), clientDir: DASHBOARDS_DIR });
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await floor?.close();
    if (admin) await endPool(admin);
    await server?.destroy();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  return {
    get server() {
      return started(server, 'PostgreSQL');
    },
    get admin() {
      return started(admin, 'pool');
    },
    get floor() {
      return started(floor, 'floor server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    dirs,
  };
}
