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
  /** Human summary: the exchange's own words on a rejection. */
  detail: string;
  errorKind?: ClientError['kind'];
  cloids?: string[];
}

export type JournalListener = (entry: JournalEntry) => void;
