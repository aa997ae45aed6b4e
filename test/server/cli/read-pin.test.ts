/**
 * A PIN typed before the prompt showed was echoed by the terminal (it was
 * not yet in raw mode) and then taken as the PIN. It is now thrown away, the
 * person told to type it at the prompt, and only what follows the prompt is
 * the PIN.
 */
import { EventEmitter } from 'node:events';
import { expect } from 'chai';
import { type PinInput, readNewPin } from '../../../server/cli/read-pin.ts';

/** A terminal: `early` is what sits typed before anything reads, `answers` are typed after each prompt. */
function terminal(early: string, answers: string[]): { input: PinInput; screen: () => string; prompt: { write(t: string): void } } {
  const emitter = new EventEmitter();
  let screen = '';
  let pending = early;
  const input: PinInput = {
    isTTY: true,
    setRawMode: () => undefined,
    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),
    resume: () => {
      if (pending !== '') {
        const typed = pending;
        pending = '';
        setImmediate(() => emitter.emit('data', typed));
      }
    },
    pause: () => undefined,
    [Symbol.asyncIterator]: async function* () {},
  };
  const prompt = {
    write(text: string) {
      screen += text;
      if (text.endsWith(': ')) {
        const answer = answers.shift();
        if (answer !== undefined) setTimeout(() => emitter.emit('data', answer), 5);
      }
    },
  };
  return { input, screen: () => screen, prompt };
}

describe('the PIN asked at a terminal', () => {
  it('ignores what was typed before the prompt, says so, and takes what is typed after it', async () => {
    const t = terminal('111111\r', ['246810\r', '246810\r']);
    expect(await readNewPin(t.input, t.prompt, 'sara')).to.equal('246810');
    expect(t.screen()).to.include('typed before this prompt');
  });

  it('says nothing when nothing was typed early', async () => {
    const t = terminal('', ['246810\r', '246810\r']);
    expect(await readNewPin(t.input, t.prompt, 'sara')).to.equal('246810');
    expect(t.screen()).to.not.include('typed before');
  });
});
