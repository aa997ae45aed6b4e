/**
 * Every message the server sends to the dashboards has a text in Italian and
 * English, found by its code (client/server-text.ts): the codes are collected
 * from the server's own catalogues, so a new code without its texts fails
 * here. Alerts the rules engine really raises (the fixtures' shoes) read in
 * Italian with their details; French calls stay French.
 */
import { cardFace } from '../../client/format.ts';
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { ApiError } from '../../client/api.ts';
import { errorText, refusalOf } from '../../client/run-command.ts';
import { SERVER_EN } from '../../client/server-text-en.ts';
import { SERVER_IT } from '../../client/server-text-it.ts';
import { alertText, centralAlertText, errorCodeText, verifyProblemText } from '../../client/server-text.ts';
import { CENTRAL_ERROR_CODES } from '../../server/central/central-error.ts';
import { SENT_ERROR_CODES } from '../../server/http/errors.ts';
import { ALERT_KINDS as LINK_ALERT_KINDS } from '../../server/serial/card-sink.ts';
import type { VerifyProblemKind } from '../../server/store/verify-shoe.ts';
import type { CentralProblemKind } from '../../server/central/verify-central.ts';
import type { LocalRecordProblemKind } from '../../server/central/verify-local-record.ts';
import type { OpenedLogProblemKind } from '../../server/http/opened-against-record.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { parseShoeLog } from '../../shoe/shoe-log.ts';
import type { AlertKind } from '../../shoe/state.ts';
import { inLanguage } from './support/in-language.ts';

/** Every alert kind of the table: the compiler refuses this object if shoe/state.ts gains one. */
const TABLE_ALERT_KINDS = Object.keys({
  'foreign-card': true,
  'exposed-card': true,
  suspended: true,
  void: true,
  'rule-violation': true,
  'out-of-turn': true,
  fault: true,
  annulled: true,
  dispute: true,
  unheld: true,
} satisfies Record<AlertKind, true>);

/** Every verify problem kind, and the opened log's no-chain: the same guard. */
const VERIFY_KINDS = Object.keys({
  'hash-mismatch': true,
  'prev-mismatch': true,
  'index-mismatch': true,
  'missing-hash': true,
  unreadable: true,
  'torn-tail': true,
  rule: true,
  'replay-failed': true,
  'missing-file': true,
  'tail-mismatch': true,
  'wrong-shoe': true,
  'other-shoe': true,
  'no-chain': true,
  'differs-from-record': true,
  'beyond-record': true,
  // the seals, the chain of shoes and the witness: the table's own verify with its key, and the floor's over the central store
  'bad-seal': true,
  'seal-mismatch': true,
  'unsealed-end': true,
  'sealed-event-missing': true,
  'row-mismatch': true,
  'bad-key': true,
  'dealt-unwitnessed': true,
  'unsealed-at-restart': true,
  'chain-break': true,
  'chain-fork': true,
  'shoe-cut': true,
  'shoe-missing': true,
  'unended-shoe': true,
} satisfies Record<VerifyProblemKind | OpenedLogProblemKind | CentralProblemKind | LocalRecordProblemKind | 'bad-key', true>);

const CODES = [
  ...SENT_ERROR_CODES.map((c) => `error.${c}`),
  ...Object.keys(CENTRAL_ERROR_CODES).map((c) => `central.${c}`),
  ...[...TABLE_ALERT_KINDS, ...LINK_ALERT_KINDS].map((k) => `alert.${k}`),
  ...VERIFY_KINDS.map((k) => `verify.${k}`),
];

describe('server messages in the interface language', () => {
  it('has an English and an Italian text for every code the server can send', () => {
    const missing = CODES.filter((key) => !Object.hasOwn(SERVER_EN, key) || !Object.hasOwn(SERVER_IT, key));
    expect(missing).to.deep.equal([]);
    for (const key of CODES) {
      expect(SERVER_IT[key as keyof typeof SERVER_IT], key)
        .to.be.a('string')
        .and.not.equal('');
      expect(SERVER_IT[key as keyof typeof SERVER_IT], `${key} is not translated`).not.to.equal(SERVER_EN[key as keyof typeof SERVER_EN]);
    }
    expect(CODES.length).to.be.above(80);
  });

  it('shows a refusal by its code in the chosen language, the code kept for support outside the text, the server’s English only for an unknown code', () => {
    const refusal = new ApiError(409, 'BETS_CLOSED', 'les jeux sont faits: nothing may be placed, withdrawn or moved');
    expect(inLanguage('it', () => refusalOf(refusal))).to.deep.equal({
      text: 'Le puntate sono chiuse: nulla può essere puntato, ritirato o spostato',
      code: 'BETS_CLOSED',
    });
    expect(inLanguage('en', () => refusalOf(refusal))).to.deep.equal({
      text: 'Bets are closed: nothing may be placed, withdrawn or moved',
      code: 'BETS_CLOSED',
    });
    expect(inLanguage('it', () => errorText(refusal))).to.equal('Le puntate sono chiuse: nulla può essere puntato, ritirato o spostato');
    // a zero typed by the payeur: in the crew's words, not "a positive amount in whole cents" (outsider pass 37)
    expect(inLanguage('en', () => errorText(new ApiError(400, 'BAD_REQUEST', 'amount must be positive', 'amount')))).to.equal(
      'The amount is not valid: it must be more than zero, as 100 or 100.50',
    );
    // the fields the crew fills in are named in words (an outsider read "Richiesta non valida (player)" for a seat s13); any other by its name
    expect(inLanguage('it', () => errorText(new ApiError(400, 'BAD_REQUEST', 'amount must be positive', 'amount')))).to.equal(
      'L’importo non è valido: deve essere maggiore di zero, come 100 o 100,50',
    );
    expect(inLanguage('it', () => errorText(new ApiError(400, 'BAD_REQUEST', "player must be one of the table's seats (s1, s2)", 'player')))).to.equal(
      'Questo posto non esiste a questo tavolo',
    );
    expect(inLanguage('it', () => errorText(new ApiError(400, 'BAD_REQUEST', 'to must be a chance', 'to')))).to.equal('Richiesta non valida (to)');
    expect(inLanguage('it', () => errorCodeText('SOMETHING_NEW', 'a sentence only the server knows'))).to.equal('a sentence only the server knows');
    expect(inLanguage('it', () => centralAlertText({ code: 'DIVERGED', message: 'the central store holds another event' }))).to.match(/^L’archivio centrale/);
  });

  it('shows the no-chain notice of an opened log in Italian, not as "no-chain: a log opened…"', () => {
    const problem = { kind: 'no-chain', message: 'a log opened from a file without hashes: its integrity cannot be proven, only the rules are checked' };
    expect(inLanguage('it', () => verifyProblemText(problem))).to.equal(SERVER_IT['verify.no-chain']);
    expect(inLanguage('it', () => verifyProblemText({ kind: 'new-kind', message: 'why' }))).to.equal('new-kind: why');
  });

  it('reads every alert the rules raise in the fixtures in Italian, with its card, coup and reason', () => {
    const dir = new URL('../../fixtures/', import.meta.url);
    const alerts = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => replayShoe(parseShoeLog(readFileSync(new URL(f, dir), 'utf8'))).state.alerts.toArray());
    const kinds = new Set(alerts.map((a) => a.kind));
    expect([...kinds]).to.include.members(['foreign-card', 'void', 'suspended', 'exposed-card', 'annulled']);
    for (const a of alerts) {
      const it = inLanguage('it', () => alertText(a));
      expect(it, a.message).not.to.equal(a.message);
      if (a.seq !== undefined) expect(it, a.message).to.include(String(a.seq));
      if (a.coup !== undefined) expect(it, a.message).to.include(String(a.coup));
      const card = /\(([^)]+)\)/.exec(a.message)?.[1];
      // a card is written as on its face ("Q ♥"), as everywhere on the screens
      if (card !== undefined) expect(it, a.message).to.include(/^[2-9TJQKA][SHDC]$/.test(card) ? cardFace(card).label : card);
    }
  });

  it('keeps the French of an announced call inside an Italian dispute alert', () => {
    const text = inLanguage('it', () => alertText({ kind: 'dispute', coup: 4, message: 'coup 4: announced "Rouge gagne et couleur"' }));
    expect(text).to.equal('Colpo 4: annunciato «Rouge gagne et couleur»');
  });

  it('reads the shuffler line’s alerts in Italian', () => {
    expect(inLanguage('it', () => alertText({ kind: 'silent', message: 'no frame from the shuffler for 12 s' }))).to.equal(
      'Nessun segnale dalla mescolatrice da 12 s',
    );
    expect(inLanguage('it', () => alertText({ kind: 'gap', message: 'gap in the cards: CARD 9 after 7; asking RESEND from 8' }))).to.match(/dalla carta 8$/);
    expect(inLanguage('it', () => alertText({ kind: 'port-lost', message: 'the serial port closed' }))).to.equal('La linea della mescolatrice è scollegata');
  });
});
