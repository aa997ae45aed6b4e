/**
 * Reading a new PIN for `tq users`: never from the command line (it would
 * stay in the shell's history and in `ps` for every user of the machine).
 * On a terminal the PIN is asked twice without echo; piped in, the first
 * line of standard input is the PIN (`printf '%s\n' "$PIN" | tq users add …`).
 * A PIN is 6 to 64 digits: six digits are a million values, which the login
 * limits (server/http/login-limiter.ts) make far too many to guess.
 */

/** What the PIN reader needs of standard input: a stream, and on a terminal its raw mode. */
export interface PinInput extends AsyncIterable<Buffer | string> {
  isTTY?: boolean;
  setRawMode?(raw: boolean): unknown;
  on?(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off?(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  resume?(): unknown;
  pause?(): unknown;
}

export const PIN_MIN_DIGITS = 6;
export const PIN_MAX_DIGITS = 64;

/** Why a PIN is refused, in words for the person typing it; undefined when it is good. */
export function pinProblem(pin: string): string | undefined {
  if (pin === '') return 'no PIN given';
  if (!/^[0-9]+$/.test(pin)) return 'a PIN is digits only (0-9)';
  if (pin.length < PIN_MIN_DIGITS) return `a PIN must be at least ${PIN_MIN_DIGITS} digits; this one has ${pin.length}`;
  if (pin.length > PIN_MAX_DIGITS) return `a PIN must be at most ${PIN_MAX_DIGITS} digits`;
  return undefined;
}

export class PinInputError extends Error {
  override name = 'PinInputError';
}

/** The new PIN for `user`, from a terminal prompt or piped standard input; checked by pinProblem. */
export async function readNewPin(input: PinInput, prompt: { write(text: string): unknown }, user: string): Promise<string> {
  let pin: string;
  if (input.isTTY && input.setRawMode) {
    pin = await readHidden(input, prompt, `new PIN for ${user} (${PIN_MIN_DIGITS}+ digits, not shown): `);
    const problem = pinProblem(pin);
    if (problem) throw new PinInputError(problem);
    const again = await readHidden(input, prompt, 'the same PIN again: ');
    if (again !== pin) throw new PinInputError('the two PINs differ: nothing changed');
  } else {
    pin = await firstLine(input);
  }
  const problem = pinProblem(pin);
  if (problem) throw new PinInputError(problem);
  return pin;
}

async function firstLine(input: PinInput): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += chunk.toString();
    if (text.includes('\n') || text.length > 1024) break;
  }
  return (text.split('\n')[0] ?? '').replace(/\r$/, '').trim();
}

/**
 * What was typed before the prompt showed — while `tq` started, with the
 * terminal still echoing — is on the screen: it is thrown away, never taken
 * for the PIN, and the person is told to type it again at the prompt.
 */
async function discardTypeahead(input: PinInput, prompt: { write(text: string): unknown }): Promise<void> {
  let early = '';
  const onEarly = (chunk: Buffer | string) => {
    early += chunk.toString();
  };
  input.on?.('data', onEarly);
  input.resume?.();
  await new Promise((r) => setTimeout(r, 30)); // what the terminal holds arrives on the first read
  input.off?.('data', onEarly);
  if (early !== '') prompt.write('(what was typed before this prompt was shown on the screen, and is ignored: type the PIN at the prompt)\n');
}

/** One line typed on a terminal in raw mode: nothing echoed, Backspace works, Ctrl-C or Ctrl-D gives up. */
async function readHidden(input: PinInput, prompt: { write(text: string): unknown }, question: string): Promise<string> {
  input.setRawMode?.(true); // before the prompt: what is typed as soon as it shows is not echoed either
  await discardTypeahead(input, prompt);
  prompt.write(question);
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: Error) => {
      input.off?.('data', onData);
      input.setRawMode?.(false);
      input.pause?.();
      prompt.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003' || ch === '\u0004') return done(new PinInputError('cancelled: nothing changed'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    input.on?.('data', onData);
    input.resume?.();
  });
}
