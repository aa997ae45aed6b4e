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
  /** The values the sentence names, so the screens say it in the crew's language. */
  params?: Readonly<Record<string, string | number>>;
}

export interface DealtCard {
  seq: number;
  card: string;
  exposed: boolean;
  /**
   * The shuffler's shoe the card came from, by its SHOE frame's serial, when
   * the link heard that frame (docs/serial-protocol.md#shoe-identity): recorded on the card.
   */
  serial?: string;
  /** The table's shoe the link bound the card to: a sink whose shoe in play is another refuses it. */
  shoe?: string;
}

/** The table's shoe in play, and the shuffler's shoe (SHOE serial) it is bound to, if known. */
export interface ShoeInPlay {
  shoe: string;
  serial?: string;
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
  /**
   * The shoe in play (started and not ended), or null: a card or an EMPTY of
   * the shuffler's shoe goes only to the table's shoe bound to it
   * (docs/serial-protocol.md#shoe-identity).
   */
  shoeInPlay(): ShoeInPlay | null;
  /** SHOE frame: a fresh shoe is ready; once it resolves, the shoe in play is the one bound to it. */
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
