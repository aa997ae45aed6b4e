/**
 * The "Handed back" press of a shoe's entry (client/hand-back.ts). An outsider
 * double-clicked it: the first press was recorded, the second was refused as
 * "already handed back", and that red box, its sentence fixed in the language
 * of the moment, stayed through the next shoe, a restart and a language switch,
 * above another hand-back still owed. Here a press while the same shoe's press
 * is on its way is that press; the table's "already handed back" means what
 * the press asked for holds; and a refusal is shown only while the entry it
 * answered is still listed, in the language the screen has now.
 */
import { ApiError } from './api.ts';
import type { HandBack } from './hand-back.ts';
import { type Refusal, refusalOf } from './run-command.ts';

export class HandBackPresses {
  readonly #send: (shoe: string) => Promise<unknown>;
  readonly #changed: () => void;
  readonly #sending = new Set<string>();
  #failure: { shoe: string; error: unknown } | null = null;

  /** `send` records the hand-back (and shows the view it answers); `changed` draws the screen again. */
  constructor(send: (shoe: string) => Promise<unknown>, changed: () => void) {
    this.#send = send;
    this.#changed = changed;
  }

  /** Whether that shoe's press is on its way: its button waits. */
  sending(shoe: string): boolean {
    return this.#sending.has(shoe);
  }

  async press(shoe: string): Promise<void> {
    if (this.#sending.has(shoe)) return;
    this.#sending.add(shoe);
    this.#failure = null;
    this.#changed();
    try {
      await this.#send(shoe);
    } catch (error) {
      // the chips are back with the players, whoever said so first (a second click, the chef): nothing went wrong
      if (!(error instanceof ApiError && error.code === 'ALREADY_HANDED_BACK')) this.#failure = { shoe, error };
    } finally {
      this.#sending.delete(shoe);
      this.#changed();
    }
  }

  /** The refusal of the last press, while the entry it was about is still in `list`; its text in the current language. */
  refusal(list: readonly HandBack[]): Refusal | null {
    const failure = this.#failure;
    if (!failure) return null;
    if (!list.some((h) => h.shoe === failure.shoe)) {
      this.#failure = null;
      return null;
    }
    return refusalOf(failure.error);
  }
}
