/** The tailleur's screen's layout: the rows and the call large on the left, the actions in reach on the right, or at the bottom of a portrait tablet. */
import { css } from 'lit';

export const TAILLEUR_STYLES = css`
      :host { display: block; }
      .layout { display: grid; grid-template-columns: minmax(0, 1fr) 330px; gap: 14px; margin-top: 10px; }
      .side { display: flex; flex-direction: column; gap: 10px; }
      .actions { display: grid; grid-template-columns: 1fr; gap: 8px; }
      .actions button { display: flex; justify-content: space-between; align-items: center; gap: 6px; min-height: 46px; text-align: left; }
      .actions .wide { grid-column: 1 / -1; }
      .start-ask { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 8px 10px; border-radius: var(--radius); border: 2px solid var(--gold); }
      .start-ask span { flex: 1 1 100%; font-weight: 700; }
      .start-ask button { flex: 1 1 auto; }
      .confirm { font-size: 1.2rem; min-height: 56px !important; }
      tq-call { margin-top: 12px; }
      .pending { border: 2px solid var(--warn); margin-bottom: 10px; }
      .queue { margin-bottom: 8px; padding: 8px 12px; border-radius: var(--radius); background: #5a3d0c; border: 2px solid var(--warn); color: #ffd99a; font-weight: 700; }
      .count { font-size: 0.85rem; opacity: 0.85; }
      tq-history { margin-top: 12px; }
      @media (max-width: 1000px) {
        .layout { grid-template-columns: 1fr; }
        .actions { grid-template-columns: repeat(3, minmax(0, 1fr)); }
        /* a portrait tablet: the actions stay in reach at the bottom of the screen, whatever the rows' length */
        .side { position: sticky; bottom: 0; z-index: 2; }
        .side .actions { background: var(--panel-2, #173226); box-shadow: 0 -6px 16px rgba(0, 0, 0, 0.5); }
        .actions .wide { grid-column: span 3; }
        .actions .confirm, .actions [data-action=dispute] { grid-column: span 3; }
        .keys { display: none; }
      }
      @media (max-width: 1000px) and (min-width: 600px) {
        .actions .confirm { grid-column: span 2; }
        .actions [data-action=dispute] { grid-column: span 1; }
      }
    `;
