import type { ActionType, CancelStatus, ExchangeDataOf, OpenOrder, OrderStatus, OrderStatusName } from '../protocol/wire/index.js';
import type { ClientError } from './clientError.js';
import type { SignerInfo } from './signerInfo.js';

/**
 * What a write came to, as the client hands it to a face: the exchange's answer, an error
 * (with whether the action may still have happened), or the exchange's records read after
 * the answer was lost. Below the client so forms and journals can name it without it.
 */
/**
 * What the exchange's order records say happened, after a request whose answer was lost.
 * 'absent': the exchange has no record of it (as of the last lookup).
 */
export interface Reconciled {
  status: OrderStatusName | 'absent';
  oid?: number;
  cloid?: string;
  order?: OpenOrder;
  statusTimestamp?: number;
  /** modify only: whether the open order now carries the requested fields. */
  applied?: boolean;
}

export interface ReconciledItem {
  reconciled: Reconciled;
}

/** What is known of a failed send: the nonce and signer it went out with, when it went out. */
export interface OutcomeMeta {
  nonce?: number;
  signer?: SignerInfo;
}

export type ActionOutcome<T extends ActionType> =
  | ({ ok: true; data: ExchangeDataOf<T>; requestId: string; nonce: number; signer: SignerInfo } & NotReconciled)
  | ({ ok: false; error: ClientError; outcomeUnknown: boolean } & OutcomeMeta);

interface NotReconciled {
  reconciled?: undefined;
  reconciledBecause?: undefined;
}

/** Batch results: per-item statuses exactly as the exchange gave them, or as its records show. */
export type BatchResult<Item> =
  | { ok: true; statuses: Item[]; requestId?: string; nonce: number; signer: SignerInfo; reconciledBecause?: ClientError }
  | ({ ok: false; error: ClientError; outcomeUnknown: boolean } & OutcomeMeta);

export type OrderItem = OrderStatus | ReconciledItem;
export type OrderResult = BatchResult<OrderItem> & { cloids: string[] };
export type CancelItem = CancelStatus | ReconciledItem;
export type CancelResult = BatchResult<CancelItem>;

/** A lost answer settled from the exchange's records instead of its reply. */
export interface ReconciledOutcome<R> {
  ok: true;
  data?: undefined;
  requestId?: undefined;
  reconciled: R;
  reconciledBecause: ClientError;
  nonce: number;
  signer: SignerInfo;
}

export type ModifyResult = ActionOutcome<'modify'> | ReconciledOutcome<Reconciled>;
export type CancelAllResult = ActionOutcome<'cancelAll'> | ReconciledOutcome<{ openOrdersLeft: number }>;
