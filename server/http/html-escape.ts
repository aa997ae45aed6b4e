/** Escapes text for HTML element content and quoted attributes: every value in report.html goes through it. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Tagged template: interpolated values are escaped unless they are already-built {@link Html}. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((v, k) => {
    out += render(v) + strings[k + 1]!;
  });
  return new Html(out);
}

function render(v: unknown): string {
  if (v instanceof Html) return v.text;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(v);
}
