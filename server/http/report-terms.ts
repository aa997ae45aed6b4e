/**
 * The printable report's terms that are data in the state — a coup's status,
 * a row's outcome, how the shoe ended, the chef's ruling — and its alerts,
 * said in the reader's language from their kind, code and values (the Italian report said confirmed/resolved/win/lose/push, "Finito:
 * empty" and the alerts' English sentences). Counts take their plural by
 * Intl.PluralRules ("1 evento", "2 eventi").
 */
import type { Outcome } from '../../shoe/settlement-row.ts';
import type { Alert, CoupStatus, ShoeState } from '../../shoe/state.ts';
import { numberFormats, type ReportLang } from './report-words.ts';

type Terms = {
  status: Record<CoupStatus, string>;
  outcome: Record<Outcome, string>;
  end: Record<NonNullable<ShoeState['end']>['reason'], string>;
  ruling: Record<'cards' | 'annul', string>;
  /** Count nouns: [one, other]. */
  count: Record<'events' | 'coups' | 'cards' | 'stakes', readonly [string, string]>;
  alert: Record<string, string>;
  /** By kind; `fault.<CODE>` for a fault the table records about itself, not the shuffler's (a restart read as a fault). */
  kind: Record<Alert['kind'], string> & Record<string, string>;
  voidReason: Record<string, string>;
};

const EN: Terms = {
  status: { dealing: 'dealing', 'awaiting-confirm': 'to confirm', confirmed: 'confirmed', disputed: 'disputed', resolved: 'ruled', annulled: 'annulled' },
  outcome: {
    win: 'win',
    lose: 'lose',
    push: 'stays',
    prison: 'to prison',
    partager: 'split (partager)',
    'prison-down': 'prison, one level down',
    released: 'released',
    'lost-in-prison': 'lost in prison',
    returned: 'returned',
  },
  end: { empty: 'no cards left', suspended: 'suspended' },
  ruling: { cards: 'the cards stand', annul: 'coup annulled' },
  count: { events: ['event', 'events'], coups: ['coup', 'coups'], cards: ['card', 'cards'], stakes: ['stake', 'stakes'] },
  alert: {
    'foreign-card': 'card {seq} ({card}) is foreign to this shoe: recorded, never counted',
    'exposed-card': 'coup {coup}: card {seq} ({card}) was seen face up in the shuffler: it counts',
    suspended: 'coup {coup}: exposed-card coup no. {n}, one too many: the shoe is suspended',
    void: 'card {seq} ({card}) voided: {reason}',
    'rule-violation': 'event {n} ({type}) refused by the rules: {code}',
    'out-of-turn': 'card {seq} drawn for coup {coup} before the bets were opened',
    'out-of-turn.DISPUTED': 'card {seq} drawn for coup {coup} while the call of coup {disputed} was disputed',
    // under the kind's own word ("fault: …"): "guasto: guasto SILENT: …" said it twice, with its code (outsider pass 33)
    fault: '{code}: {text}',
    'fault.RELOAD': 'the shuffler announced a new shoe ({serial}) at card {seq}: shoe suspended',
    'fault.SILENT': 'no word from the shuffler for {s} s',
    'fault.SILENCE_OVER': 'the shuffler spoke again after {s} s silent',
    'fault.GAP': 'cards missing on the line, asked again from card {from}',
    'fault.RESTART': 'the table server started again mid-shoe; it resumed after card {seq}',
    'fault.UNSEALED': 'events {from} to {to} were found unsealed when the table server started again: the seals after them vouch for them as found then',
    'fault.UNSEALED.one': 'event {from} was found unsealed when the table server started again: the seals after it vouch for it as found then',
    'fault.RECOVERED': 'the shoe was recovered after a failure (tq recover)',
    'fault.EMPTY_MISMATCH': 'the shuffler says it is empty after card {seq}, but {stored} cards are stored',
    'fault.SHOE_REFUSED': 'the new shoe {serial} announced by the shuffler was refused',
    annulled: 'coup {coup} annulled by the chef de table: {reason}',
    'annulled.CUT_SHORT': 'coup {coup} cut short by the shoe closing (cards run out or suspended): annulled, stakes returned, no insurance premium due',
    dispute: 'coup {coup}: announced “{announced}”',
    unheld: 'the suspension asked by {asked} was withdrawn by {by}',
    // its reason and the chef's note, as every screen says them: the report kept only who (outsider pass 37)
    'unheld.reason': 'reason: “{reason}”',
    'unheld.note': 'note: “{note}”',
  },
  kind: {
    'foreign-card': 'foreign card',
    'exposed-card': 'exposed card',
    suspended: 'suspended',
    void: 'card voided',
    'rule-violation': 'refused by the rules',
    'out-of-turn': 'out of turn',
    fault: 'fault',
    'fault.RESTART': 'restart',
    'fault.UNSEALED': 'found unsealed at restart',
    'fault.RECOVERED': 'recovery',
    'fault.SILENCE_OVER': 'silence over',
    annulled: 'annulled',
    dispute: 'dispute',
    unheld: 'suspension withdrawn',
  },
  voidReason: { floor: 'fell to the floor', sibilla: 'in the Sibilla' },
};

const IT: Terms = {
  status: {
    dealing: 'in corso',
    'awaiting-confirm': 'da confermare',
    confirmed: 'confermato',
    disputed: 'contestato',
    resolved: 'deciso',
    annulled: 'annullato',
  },
  outcome: {
    win: 'vince',
    lose: 'perde',
    push: 'resta',
    prison: 'in prigione',
    partager: 'divisa (partager)',
    'prison-down': 'prigione, scende di un livello',
    released: 'liberata',
    'lost-in-prison': 'persa in prigione',
    returned: 'restituita',
  },
  end: { empty: 'carte esaurite', suspended: 'sospeso' },
  ruling: { cards: 'le carte restano', annul: 'colpo annullato' },
  count: { events: ['evento', 'eventi'], coups: ['colpo', 'colpi'], cards: ['carta', 'carte'], stakes: ['posta', 'poste'] },
  alert: {
    'foreign-card': 'la carta {seq} ({card}) è estranea a questo sabot: registrata, mai contata',
    'exposed-card': 'colpo {coup}: la carta {seq} ({card}) è stata vista scoperta nella mescolatrice: conta',
    suspended: 'colpo {coup}: {n}° colpo con carta scoperta, uno di troppo: il sabot è sospeso',
    void: 'carta {seq} ({card}) invalidata: {reason}',
    'rule-violation': 'evento {n} ({type}) rifiutato dalle regole: {code}',
    'out-of-turn': 'carta {seq} estratta per il colpo {coup} prima dell’apertura delle puntate',
    'out-of-turn.DISPUTED': 'carta {seq} estratta per il colpo {coup} mentre l’annuncio del colpo {disputed} era contestato',
    fault: '{code}: {text}',
    'fault.RELOAD': 'la mescolatrice ha annunciato un nuovo sabot ({serial}) alla carta {seq}: sabot sospeso',
    'fault.SILENT': 'nessun segnale dalla mescolatrice da {s} s',
    'fault.SILENCE_OVER': 'la mescolatrice ha ripreso a comunicare dopo {s} s di silenzio',
    'fault.GAP': 'carte mancanti sulla linea, richieste di nuovo dalla carta {from}',
    'fault.RESTART': 'il server del tavolo è ripartito a sabot in corso; ha ripreso dopo la carta {seq}',
    'fault.UNSEALED':
      'gli eventi da {from} a {to} sono stati trovati non sigillati alla ripartenza del server del tavolo: i sigilli successivi li garantiscono come trovati allora',
    'fault.UNSEALED.one':
      'l’evento {from} è stato trovato non sigillato alla ripartenza del server del tavolo: i sigilli successivi lo garantiscono come trovato allora',
    'fault.RECOVERED': 'il sabot è stato recuperato dopo un guasto (tq recover)',
    'fault.EMPTY_MISMATCH': 'la mescolatrice si dice vuota dopo la carta {seq}, ma sono registrate {stored} carte',
    'fault.SHOE_REFUSED': 'il nuovo sabot {serial} annunciato dalla mescolatrice è stato rifiutato',
    annulled: 'colpo {coup} annullato dal capo tavolo: {reason}',
    'annulled.CUT_SHORT':
      'colpo {coup} interrotto dalla chiusura del sabot (carte esaurite o sospensione): annullato, poste restituite, nessun premio d’assicurazione dovuto',
    dispute: 'colpo {coup}: annunciato «{announced}»',
    unheld: 'la sospensione chiesta da {asked} è stata ritirata da {by}',
    'unheld.reason': 'motivo: «{reason}»',
    'unheld.note': 'nota: «{note}»',
  },
  kind: {
    'foreign-card': 'carta estranea',
    'exposed-card': 'carta scoperta',
    suspended: 'sospensione',
    void: 'carta invalidata',
    'rule-violation': 'rifiutato dalle regole',
    'out-of-turn': 'fuori turno',
    fault: 'guasto',
    'fault.RESTART': 'riavvio',
    'fault.UNSEALED': 'non sigillati alla ripartenza',
    'fault.RECOVERED': 'recupero',
    'fault.SILENCE_OVER': 'fine del silenzio',
    annulled: 'annullamento',
    dispute: 'contestazione',
    unheld: 'sospensione ritirata',
  },
  voidReason: { floor: 'caduta a terra', sibilla: 'nella Sibilla' },
};

export const REPORT_TERMS: Record<ReportLang, Terms> = { en: EN, it: IT };

/** "1 evento", "2 eventi": the noun by the language's plural rule. */
export function counted(lang: ReportLang, n: number, noun: keyof Terms['count']): string {
  const [one, other] = REPORT_TERMS[lang].count[noun];
  return `${numberFormats(lang).number(n)} ${new Intl.PluralRules(lang).select(n) === 'one' ? one : other}`;
}

/** An alert in the reader's language from its kind, code and values; its English sentence when it carries no values (an older record). */
export function alertInWords(lang: ReportLang, a: Alert): string {
  const terms = REPORT_TERMS[lang];
  const numbers = numberFormats(lang);
  if (a.params === undefined) return a.message;
  const params: Record<string, string | number> = { ...a.params };
  if (a.kind === 'void' && typeof params.reason === 'string') params.reason = terms.voidReason[params.reason] ?? params.reason;
  // a card as the report's rows print it, "3♥", not its code "3H" (outside crew pass 42)
  if (typeof params.card === 'string') params.card = cardInGlyphs(params.card);
  // a finer text for the reason the alert names (a single event found unsealed), else the code's own text
  const finer = a.code !== undefined && typeof params.reason === 'string' ? terms.alert[`${a.kind}.${a.code}.${params.reason}`] : undefined;
  const own = finer ?? (a.code === undefined ? undefined : terms.alert[`${a.kind}.${a.code}`]);
  const template = own ?? terms.alert[a.kind];
  if (template === undefined) return a.message;
  const { text, missing } = fillTerms(template, params, numbers.number);
  if (missing) return a.message;
  if (a.kind !== 'unheld') return text;
  const more = (['reason', 'note'] as const).filter((k) => typeof params[k] === 'string').map((k) => fillTerms(terms.alert[`unheld.${k}`]!, params).text);
  return more.length === 0 ? text : `${text} (${more.join('; ')})`;
}

const SUITS: Record<string, string> = { H: '♥', D: '♦', C: '♣', S: '♠' };

/** "TH" → "10♥", "3H" → "3♥"; anything that is not a card code as it is. */
export function cardInGlyphs(code: string): string {
  const m = /^([A2-9TJQK])([HDCS])$/.exec(code);
  return m ? `${m[1] === 'T' ? '10' : m[1]}${SUITS[m[2]!]}` : code;
}

/** A report text filled with values already written as the reader reads them (fillTerms' text alone). */
export const filled = (text: string, values: Record<string, string>): string => fillTerms(text, values).text;

/** A report text's `{name}` places filled from `values` (numbers written by `number`); `missing` when one had no value. */
export function fillTerms(
  template: string,
  values: Record<string, string | number>,
  number: (n: number) => string = String,
): { text: string; missing: boolean } {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) missing = true;
    return typeof v === 'number' ? number(v) : String(v ?? '');
  });
  return { text, missing };
}
