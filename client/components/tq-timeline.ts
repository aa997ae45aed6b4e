/**
 * The replay timeline: a slider over the shoe's events, steps card by card
 * (← →) or event by event (Shift ← →), play / pause (Space) at a chosen speed,
 * Home / End. Emits `seek` with the event index to show.
 */
import { css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { formatNumber } from '../format.ts';
import { lang, keyName, t } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';
import { WindowKeys } from './window-keys.ts';

const SPEEDS = [0.5, 1, 2, 4, 8];

@customElement('tq-timeline')
export class TqTimeline extends TqElement {
  @property({ type: Number }) accessor index = 0;
  @property({ type: Number }) accessor total = 0;
  /** Indices of the card events, ascending: the steps of "card by card". */
  @property({ attribute: false }) accessor cards: number[] = [];
  @state() accessor playing = false;
  @state() accessor speed = 1;

  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #keys = new WindowKeys(this, (e) => this.#key(e));

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .controls { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
      .controls button { min-width: 48px; font-size: 1.1rem; }
      input[type='range'] { width: 100%; margin: 8px 0 2px; accent-color: var(--gold); min-height: 0; padding: 0; }
      .pos { margin-left: auto; font-variant-numeric: tabular-nums; }
      label { display: flex; gap: 6px; align-items: center; }
    `,
  );

  override disconnectedCallback(): void {
    this.#stop();
    super.disconnectedCallback();
  }

  #seek(index: number) {
    const i = Math.max(0, Math.min(this.total - 1, index));
    this.index = i; // steps taken quickly follow on from here, before the state has loaded
    this.dispatchEvent(new CustomEvent<{ index: number }>('seek', { detail: { index: i }, bubbles: true, composed: true }));
  }

  nextCard(): boolean {
    const next = this.cards.find((i) => i > this.index);
    if (next === undefined) return false;
    this.#seek(next);
    return true;
  }

  prevCard(): void {
    const prev = [...this.cards].reverse().find((i) => i < this.index);
    this.#seek(prev ?? 0);
  }

  toggle(): void {
    if (this.playing) return this.#stop();
    this.playing = true;
    this.#restart();
  }

  #setSpeed(speed: number) {
    this.speed = speed;
    if (this.playing) this.#restart();
  }

  #restart() {
    clearInterval(this.#timer);
    this.#timer = setInterval(() => {
      if (!this.nextCard()) this.#stop();
    }, 1000 / this.speed);
  }

  #stop() {
    clearInterval(this.#timer);
    this.playing = false;
  }

  #key(e: KeyboardEvent) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (
      e.composedPath().some((n) => (n instanceof HTMLInputElement && n.type !== 'range') || n instanceof HTMLSelectElement || n instanceof HTMLTextAreaElement)
    )
      return;
    const acts: Record<string, () => void> = {
      ArrowRight: () => (e.shiftKey ? this.#seek(this.index + 1) : void this.nextCard()),
      ArrowLeft: () => (e.shiftKey ? this.#seek(this.index - 1) : this.prevCard()),
      ' ': () => this.toggle(),
      Home: () => this.#seek(0),
      End: () => this.#seek(this.total - 1),
    };
    const act = acts[e.key];
    if (!act) return;
    e.preventDefault();
    act();
  }

  override render() {
    return html`<div class="controls">
        <button @click=${() => this.#seek(0)} title=${t('timeline.first')} aria-label=${t('timeline.first')}>|◀◀</button>
        <button @click=${() => this.prevCard()} title=${t('timeline.prevCard')} aria-label=${t('timeline.prevCard')} data-step="prev">◀ ${t('timeline.card')}</button>
        <button class="primary" @click=${() => this.toggle()} data-step="play" aria-label=${this.playing ? t('timeline.pause') : t('timeline.play')}>${this.playing ? '❚❚' : '▶'}</button>
        <button @click=${() => this.nextCard()} title=${t('timeline.nextCard')} aria-label=${t('timeline.nextCard')} data-step="next">${t('timeline.card')} ▶</button>
        <button @click=${() => this.#seek(this.total - 1)} title=${t('timeline.last')} aria-label=${t('timeline.last')}>▶▶|</button>
        <label>${t('timeline.speed')}
          <select @change=${(e: Event) => this.#setSpeed(Number((e.target as HTMLSelectElement).value))}>
            ${SPEEDS.map((s) => html`<option value=${s} ?selected=${s === this.speed}>${formatNumber(s, lang())}×</option>`)}
          </select>
        </label>
        <span class="pos" data-position>${t('timeline.position', { i: this.index + 1, n: this.total })}</span>
      </div>
      <input type="range" min="0" max=${Math.max(0, this.total - 1)} .value=${String(this.index)} aria-label=${t('timeline.slider')}
        @input=${(e: Event) => this.#seek(Number((e.target as HTMLInputElement).value))} />
      <div class="muted"><kbd>←</kbd> <kbd>→</kbd> ${t('timeline.keysCard')} · <kbd>${keyName('Shift')}</kbd>+<kbd>←</kbd> <kbd>→</kbd> ${t('timeline.keysEvent')} · <kbd>${keyName('Space')}</kbd> ${t('timeline.play')} · <kbd>${keyName('Home')}</kbd> <kbd>${keyName('End')}</kbd></div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-timeline': TqTimeline;
  }
}
