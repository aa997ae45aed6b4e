/** The rules engine of Trente et Quarante: pure, event-sourced, no I/O. */
export * from './card.ts';
export * from './call.ts';
export * from './check.ts';
export * from './commands.ts';
export * from './coup.ts';
export * from './decide.ts';
export * from './end-of-shoe.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './evolve.ts';
export * from './replay.ts';
export * from './rules.ts';
export * from './settlement.ts';
export * from './settlement-row.ts';
export * from './state.ts';
export * from './table-view.ts';
export * from './append-list.ts';
