/** Styles shared by the components: panels, buttons, badges, focus ring, key hints. */
import { css } from 'lit';

export const shared = css`
  :host { color: var(--ink); font-family: var(--font); }
  * { box-sizing: border-box; }
  .panel { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: 12px 14px; }
  h2, h3 { margin: 0 0 8px; font-weight: 600; letter-spacing: 0.02em; }
  /*
   * A double click on a question's button answers it, the question goes, and the second click lands on what comes
   * up under the pointer: it selected the word HISTORY for an outsider (outsider pass 18). Headings, buttons and key hints
   * are never text to copy; the data (cards, rows, ids) stays selectable.
   */
  h1, h2, h3, h4, button, kbd, summary { -webkit-user-select: none; user-select: none; }
  h2 { font-size: 1.1rem; color: var(--gold); text-transform: uppercase; }
  h3 { font-size: 1rem; }
  button, select, input, textarea {
    font: inherit; color: inherit; background: var(--panel-2); border: 1px solid var(--line);
    border-radius: 6px; padding: 8px 12px; min-height: 40px;
  }
  input, select, textarea { background: #0c1813; }
  button { cursor: pointer; font-weight: 600; }
  button:hover:not(:disabled) { border-color: var(--gold); }
  button:disabled { opacity: 0.45; cursor: not-allowed; }
  button.primary { background: var(--gold); color: #1b1406; border-color: var(--gold); }
  /* a disabled main action must not look pressable: grey, not a faded gold */
  button.primary:disabled { background: var(--panel-2); color: var(--ink-dim); border-color: var(--line); }
  button.danger { background: #5c1a1d; border-color: var(--danger); }
  /* nor a disabled danger one red: the tailleur's "dispute" read as armed with nothing to dispute (outsider pass 12) */
  button.danger:disabled { background: var(--panel-2); color: var(--ink-dim); border-color: var(--line); }
  :is(button, select, input, textarea, a, [tabindex]):focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
  kbd {
    display: inline-block; min-width: 1.6em; padding: 0 5px; border: 1px solid var(--ink-dim); border-bottom-width: 2px;
    border-radius: 4px; font: 600 0.8em/1.5 ui-monospace, monospace; text-align: center; color: var(--ink);
  }
  .badge { display: inline-block; padding: 2px 10px; border-radius: 999px; font-weight: 700; font-size: 0.85rem; }
  .ok { background: #174d33; color: #b9f3d2; }
  .warn { background: #5a3d0c; color: #ffd99a; }
  .bad { background: #5c1a1d; color: #ffc9cb; }
  /* a state that is routine, not a warning: grey-blue, so red and amber keep their meaning */
  .neutral { background: #2c3440; color: #d8e0ea; }
  .muted { color: var(--ink-dim); }
  .error { color: #ffc9cb; background: #3b1214; border: 1px solid var(--danger); border-radius: 6px; padding: 6px 10px; margin: 6px 0; }
  .french { font-family: var(--font-call); font-style: italic; }
  table { border-collapse: collapse; width: 100%; }
  th, td { padding: 4px 6px; text-align: left; border-bottom: 1px solid var(--line); }
  th { color: var(--ink-dim); font-weight: 600; font-size: 0.85rem; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  /* the purple prison banner of a 31 après (client/prison-waiting.ts): the payeur's, louder, and surveillance's replay */
  .prison-waiting { display: block; margin: 8px 0; padding: 8px 12px; border-radius: var(--radius); background: #4b2a6b; border: 1px solid #a070e0; color: #f0e2ff; font-weight: 700; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
