import type { ActionType } from '../protocol/wire/index.js';
import type { ClientError } from './clientError.js';
import type { SignerRole } from './signerInfo.js';

/**
 * A signed request is journalled twice: once as it leaves ('sent': signed, on its way, no
 * answer yet) and once when its answer arrives (every other outcome). The answer names the
 * same request by signer and nonce (a nonce is used once per signer, across every process
 * sharing the state directory) and replaces the 'sent' entry wherever both are seen: in the
 * store, on screen and when the file is read back. A request refused before it was signed
 * has only its answer.
 *
 * 'unknown' means the answer was lost and no lookup could settle it; 'reconciled' means the
 * answer was lost and the exchange's records were read instead. 'unanswered' is never
 * written: it is how a 'sent' line with no answer line reads back (the process ended between
 * the two, or was still waiting when the file was read), so the request may or may not have
 * reached the exchange. No key and no signature is ever recorded.
 */
export type JournalOutcome = 'sent' | 'ok' | 'partial' | 'rejected' | 'error' | 'unknown' | 'reconciled' | 'unanswered';

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
  /** On an answer: when its request left (the time of its 'sent' entry). */
  sentTime?: number;
  /** The vault the request acted for (its envelope's vaultAddress, lowercase), when it named one. */
  vault?: string;
  /** The venue it went to: `embedded` (the state directory's embedded exchange) or the deployment's REST base. Absent on older lines. */
  venue?: string;
  /** The account the session watched (lowercase address). Absent on older lines. */
  account?: string;
  /**
   * A settling line (session/settleJournal.ts): a request whose outcome was unknown, looked
   * up later by cloid. placed: the exchange has it (the detail gives oid and status); absent:
   * it never arrived. It replaces the unknown entry of the same request.
   */
  settled?: 'placed' | 'absent';
}

export type JournalListener = (entry: JournalEntry) => void;
