/**
 * What a simulated shuffler (shuffler-simulator.ts) is told at start and what
 * it reports: its options, the `<state>` of its STAT frames, its counters.
 */
import type { LinePort } from '../serial/line-port.ts';
import type { FaultKind, FaultRule } from './fault-plan.ts';
import type { Logger } from 'pino';
import type { FixtureCard } from './shuffled-shoe.ts';

export interface ShufflerSimulatorOptions {
  port: LinePort;
  /** Shuffles the shoe (unless `cards` is given) and drives every fault. Defaults to `1`. */
  seed?: number | string;
  /** Deal exactly these cards (a fixture's) instead of a shuffled shoe. */
  cards?: readonly FixtureCard[];
  /** Decks in a shuffled shoe. Defaults to `6`. */
  decks?: number;
  /** The SHOE frame's serial. Defaults to `SIM-<seed>`. */
  shoeSerial?: string;
  model?: string;
  firmware?: string;
  /** Deal one card every `paceMs` on its own; without it, only `deal()` deals. */
  paceMs?: number;
  /** An unacknowledged card is sent again after this long. Defaults to `1000`. */
  resendMs?: number;
  /** Most cards dealt and not yet acknowledged. Defaults to `8`. */
  window?: number;
  /** STAT heartbeat period; `0` = none. Defaults to `5000`. */
  heartbeatMs?: number;
  /**
   * Where a shuffler that was stopped mid-shoe stands in that shoe (its memory,
   * shuffler-state-file.ts): cards already dealt, and acknowledged. It deals on
   * from there and resends the unacknowledged ones, instead of dealing the shoe again.
   */
  resumeFrom?: { dealt: number; acked: number };
  /** Faults by rate or at a seq, e.g. `['drop:0.03', 'jam@100', 'cut@200:1500']`. */
  faults?: string | readonly (string | FaultRule)[];
  logger?: Logger;
}

/** What the simulator sent: frames, cards (resends among them), and each fault it injected. */
export interface SimulatorCounters {
  framesSent: number;
  cardsSent: number;
  resent: number;
  faults: Record<FaultKind, number>;
}

/**
 * Events: `started` (HELLO and SHOE sent), `sent` (frame, faults applied — `drop` means it never left),
 * `received` (a host frame), `dealt` (card), `acked` (seq), `complete`
 * (every card dealt and acknowledged).
 */
export type SimulatorEvent = 'started' | 'sent' | 'received' | 'dealt' | 'acked' | 'complete';

/** The `<state>` of `STAT`: loaded, dealing, waiting for ACKs (window full), or empty. */
export const SIMULATOR_STATES = ['READY', 'DEALING', 'WAITING', 'EMPTY'] as const;
export type SimulatorState = (typeof SIMULATOR_STATES)[number];
