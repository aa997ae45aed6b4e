/**
 * The random crew's table (test/server/table/random-crew.test.ts): the real
 * TableService on its real TableStore in a temporary directory (tmpfs where
 * there is one), the shuffler's shoes dealt from seeded decks, and a restart
 * that closes both and folds the table again from disk. Each shoe the table
 * starts is bound to the deck the shuffler loaded for it, so every card the
 * table holds can be checked against its own shoe.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TableStore } from '../../../server/store/table-store.ts';
import { steppingClock } from '../../../server/table/clock.ts';
import { TableService } from '../../../server/table/table-service.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { rng } from '../rng.ts';
import { stackedShoe } from '../stacked-shoe.ts';

const MEMORY = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const TABLE = 'T1';

export class CrewTable {
  table!: TableService;
  store!: TableStore;
  /** The deck each shoe of the table was dealt from, by shoe id. */
  readonly decks = new Map<string, readonly string[]>();
  /** Shoes the shuffler loaded, in order. */
  private loaded = 0;
  /** The deck loaded for the next shoe the table starts. */
  private next: string[] = [];
  private clock = steppingClock();

  private constructor(
    readonly dir: string,
    private readonly seed: number,
  ) {}

  static async open(seed: number): Promise<CrewTable> {
    const t = new CrewTable(await mkdtemp(join(MEMORY, 'tq-crew-')), seed);
    await t.openParts();
    return t;
  }

  private async openParts(): Promise<void> {
    this.store = await TableStore.open(this.dir, { table: TABLE });
    this.table = await TableService.open({ store: this.store, tableId: TABLE, rules: VENICE_RULES, clock: this.clock });
  }

  /** The shuffler loads a new shoe of `cards` cards (a seeded legal shoe opening with a few 31 après, so prisons come often). */
  load(cards: number): readonly string[] {
    this.loaded++;
    this.next = stackedShoe(rng(this.seed * 7919 + this.loaded), 2 + (this.loaded % 3)).slice(0, cards);
    return this.next;
  }

  /** Binds the shoe in play, if new, to the deck loaded for it. */
  bind(): void {
    const { shoe, phase } = this.table.state();
    if (phase !== 'idle' && !this.decks.has(shoe)) this.decks.set(shoe, this.next);
  }

  /** The shoe in play, which has no card yet, takes the deck the shuffler just loaded. */
  rebind(): void {
    this.decks.set(this.table.state().shoe, this.next);
  }

  /** The deck of the shoe in play. */
  deck(): readonly string[] {
    return this.decks.get(this.table.state().shoe) ?? [];
  }

  /** Stops the table and its store, then opens both again on the same directory: the table is folded from disk. */
  async restart(): Promise<void> {
    await this.table.close();
    await this.store.close();
    await this.openParts();
  }

  async close(): Promise<void> {
    try {
      await this.table.close();
      await this.store.close();
    } finally {
      await rm(this.dir, { recursive: true, force: true });
    }
  }
}
