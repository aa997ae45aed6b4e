/**
 * What the shuffler link (docs/serial-protocol.md) hands to the table: cards to store durably
 * before they are acknowledged, shoe boundaries, and alerts for the tailleur.
 * The link session is the only caller; the table's store implements it.
 */

/** Things on the line the tailleur must see (ERR frames, silence, gaps, bad frames, the port). */
export const ALERT_KINDS = ['shuffler-error', 'silent', 'gap', 'bad-frame', 'port-lost', 'port-reopened', 'card-refused'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export interface LinkAlert {
  kind: AlertKind;
  /** The English sentence, for the log and for readers that do not know the kind. */
  message: string;
  code?: string;
  /** The values the sentence names, so the screens say it in the crew's language (issue 17, item 9). */
  params?: Readonly<Record<string, string | number>>;
}

export interface DealtCard {
  seq: number;
  card: string;
  exposed: boolean;
}

export interface ShufflerStatus {
  model?: string;
  firmware?: string;
  state?: string;
  remaining?: number;
}

export interface CardSink {
  /** Current shoe's last durably stored card seq (0 if none); the session resumes from it. */
  lastStoredSeq(): number;
  /**
   * The card stored at `seq` in the current shoe. A repeated seq carrying
   * another card is then refused, not acknowledged as a duplicate: TQ/1 never
   * acknowledges SHOE, so a lost SHOE frame would otherwise make the next
   * shoe's first cards look like repeats and lose them.
   */
  storedCard?(seq: number): { card: string; exposed: boolean } | undefined;
  /** SHOE frame: a fresh shoe is ready. */
  shoeReady(serial: string, cards: number): Promise<void>;
  /** Store the card durably (rules engine + fsync). Resolves only when it is safe to ACK. Rejects if refused. */
  storeCard(card: DealtCard): Promise<void>;
  /** EMPTY frame: no cards left after lastSeq. */
  shoeEmpty(lastSeq: number): Promise<void>;
  /** Something the tailleur must see: ERR frames, silence, gaps, bad frames, port lost/reopened. */
  alert(alert: LinkAlert): void;
  /** HELLO / STAT, for display. */
  status?(s: ShufflerStatus): void;
}
