/**
 * Card→ACK as the shuffler sees it, for the benches that deal over a real
 * serial line: the time from a card's first CARD frame to the ACK that covers
 * it. Imports only the simulator's type, so the card-path bench's shuffler
 * process stays light.
 */
import { performance } from 'node:perf_hooks';
import type { ShufflerSimulator } from '../../server/simulator/shuffler-simulator.ts';

export interface CardAckTimer {
  /** Deals the next card; resolves with its card→ACK in ms. */
  dealOne(): Promise<number>;
  /** How many cards it has dealt. */
  readonly dealt: number;
}

export function cardAckTimer(sim: ShufflerSimulator): CardAckTimer {
  const sentAt = new Map<number, number>();
  sim.on('sent', (frame: { kind: string; seq?: number }) => {
    if (frame.kind === 'CARD' && frame.seq !== undefined && !sentAt.has(frame.seq)) sentAt.set(frame.seq, performance.now());
  });
  let seq = 0;
  return {
    get dealt() {
      return seq;
    },
    dealOne() {
      const n = ++seq;
      const acked = new Promise<number>((resolve) => {
        const onAck = (a: number): void => {
          if (a < n) return;
          sim.removeListener('acked', onAck);
          resolve(performance.now() - sentAt.get(n)!);
        };
        sim.on('acked', onAck);
      });
      if (!sim.deal()) return Promise.reject(new Error(`card ${n} could not be dealt`));
      return acked;
    },
  };
}
