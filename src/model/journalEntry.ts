import type { ActionType } from '../protocol/wire/index.js';
import type { ClientError } from './clientError.js';
import type { SignerRole } from './signerInfo.js';

/**
 * One line per write the client attempted. 'unknown' means the answer was lost and no
 * lookup could settle it; 'reconciled' means the answer was lost and the exchange's
 * records were read instead. No key and no signature is ever recorded.
 */
export type JournalOutcome = 'ok' | 'partial' | 'rejected' | 'error' | 'unknown' | 'reconciled';

export interface JournalEntry {
  seq: number;
  time: number;
  action: ActionType;
  signerRole?: SignerRole;
  signer?: string;
  nonce?: number;
  requestId?: string;
  outcome: JournalOutcome;
  /**
   * What was asked, in trader words ("Buy 2 SOL1 @ 95.00 Gtc, cloid 0x…", "Move 100 USDC from
   * the chain balance to …"), put in words when the request was sent. Absent on lines written
   * before it was recorded and for a request refused before it was signed.
   */
  asked?: string;
  /** The answer in words: the exchange's own words on a rejection. */
  detail: string;
  errorKind?: ClientError['kind'];
  cloids?: string[];
  /** Sent because another order filled (a TP/SL set on the order form): that order's cloid. */
  parentCloid?: string;
  /** Which face signed it ('dashboard', 'cli'), when known. */
  face?: string;
}

export type JournalListener = (entry: JournalEntry) => void;
