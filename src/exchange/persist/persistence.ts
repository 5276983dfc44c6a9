import type { ExchangeState } from '../state/exchangeState.js';

/**
 * Where an exchange keeps its state beyond memory. The core works on memory as always and
 * calls `commit` once per accepted request (before the answer is written), once per block
 * and after a control request; the in-memory venue has none.
 */
export interface ExchangePersistence {
  /** The venue was loaded from storage: the core issues no new invite codes. */
  readonly restored: boolean;
  /** Once the core is built: loads the trading state, then records every change. */
  attach(state: ExchangeState, log: (line: string) => void): void;
  /** Writes every change since the last commit in one transaction; throws when storage fails. */
  commit(): void;
  /** A last commit, then the file is closed. */
  close(): void;
}
