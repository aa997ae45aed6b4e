/**
 * The red box of a refusal: the crew's sentence as its text; the server's
 * code, for support, only in `data-code` and the tooltip.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Refusal } from '../run-command.ts';

/** `marked`: the box carries `data-error` (the screens whose tests and styles look for it). */
export function errorBox(refusal: Refusal | null, marked = false): TemplateResult | typeof nothing {
  if (!refusal) return nothing;
  return html`<div class="error" role="alert" ?data-error=${marked} data-code=${refusal.code ?? nothing} title=${refusal.code ?? nothing}>${refusal.text}</div>`;
}
