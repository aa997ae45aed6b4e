/** Client text read in a chosen language outside the browser. */
import { lang, setLang } from '../../../client/i18n.ts';

/** `fn` run with the crew's language set to `l`, then set back; i18n's setLang marks the page's lang attribute, so a stand-in document is put in place. */
export function inLanguage<T>(l: 'it' | 'en', fn: () => T): T {
  (globalThis as { document?: unknown }).document ??= { documentElement: {} };
  const before = lang();
  setLang(l);
  try {
    return fn();
  } finally {
    setLang(before);
  }
}

/** The suite it is called in runs with the crew's language set to `l` (a stand-in document in place), set back after it. */
export function useLanguage(l: 'it' | 'en'): void {
  const g = globalThis as { document?: unknown };
  let was: ReturnType<typeof lang>;
  let placed = false;
  before(() => {
    placed = g.document === undefined;
    if (placed) g.document = { documentElement: {} };
    was = lang();
    setLang(l);
  });
  after(() => {
    setLang(was);
    if (placed) delete g.document;
  });
}
