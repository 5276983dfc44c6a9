import type { AlgoPlan } from './algoPlan.js';

/**
 * running: the runner schedules its next step. paused: nothing is sent until the trader
 * resumes (`interrupted` when the process ended while it ran). working: nothing left to
 * send, but orders it placed still rest (a scale): not done until they fill or are
 * cancelled. done: its goal was reached (filled, closed, placed and filled), or it ended
 * for a reason it names that leaves nothing to do. failed: it ended without reaching its
 * goal, with what is left said in its reason (a stop that reached its price bound with the
 * position still open). cancelled: stopped by the trader, its resting children cancelled.
 */
export type AlgoStatus = 'running' | 'paused' | 'working' | 'done' | 'failed' | 'cancelled';

/** Finished: nothing will ever be sent for it again. */
export function isFinished(status: AlgoStatus): boolean {
  return status === 'done' || status === 'failed' || status === 'cancelled';
}

/**
 * What became of a child order. filled: all of it; partial: some, the rest cancelled (an
 * Ioc) or resting; unfilled: nothing matched; resting: on the book, nothing filled yet;
 * rejected: refused by the exchange; absent: the exchange has no order with its cloid (the
 * request never arrived); unknown: sent, and neither the answer nor the exchange's records
 * say what happened yet.
 */
export type ChildStatus = 'filled' | 'partial' | 'unfilled' | 'resting' | 'rejected' | 'absent' | 'unknown';

export interface ChildAnswer {
  status: ChildStatus;
  /** Raw size filled. */
  filled: bigint;
  /** Raw average fill price; absent when nothing filled. */
  avgPx?: bigint;
  /** True when `avgPx` is the order's limit (the exchange's order records carry no average), a bound on the real one. */
  pxIsLimit?: boolean;
  oid?: number;
  /** Still on the book: cancel cancels it. */
  resting?: boolean;
  detail: string;
  /** Where the answer came from: the reply to the request, or the exchange's records read by cloid. */
  source: 'answer' | 'exchange';
  time: number;
}

export interface FiredStop {
  mark: bigint;
  size: bigint;
  isBuy: boolean;
}

/** One order the algo sent, written down before it was sent. */
export interface ChildOrder {
  cloid: string;
  slice: number;
  isBuy: boolean;
  size: bigint;
  price: bigint;
  reduceOnly: boolean;
  /** How it rests: absent for an Ioc (every TWAP slice, a trailing stop's close, a chase's cross). */
  tif?: 'Gtc' | 'Alo';
  sentAt: number;
  /** Absent until its answer is recorded: such a child is settled by cloid before anything else is sent. */
  answer?: ChildAnswer;
}

export interface SkippedSlice {
  slice: number;
  reason: string;
  time: number;
}

/** An algo as the runner and the faces see it, rebuilt from the state file on start. */
export interface AlgoState {
  plan: AlgoPlan;
  status: AlgoStatus;
  /** Why it is paused, done or cancelled, in words. */
  reason?: string;
  /** Paused because the process running it ended. */
  interrupted: boolean;
  /** Slot times count from here: the start, or the last resume (a pause stretches the schedule). */
  base: { at: number; slice: number };
  /** The next slice to send. */
  nextSlice: number;
  children: ChildOrder[];
  skipped: SkippedSlice[];
  /** Why the current slice is waiting (outside the band, no mark), while it waits. */
  waiting?: string;
  /** A chase: the price its order rests at now (after the last modify that landed). */
  chasePx?: bigint;
  /** A trailing stop: the best mark seen since it started. */
  bestMark?: bigint;
  /**
   * A trailing stop that fired: the mark it fired at and the position it then closes (its
   * raw size and the closing side), as the account held it at that moment.
   */
  fired?: FiredStop;
  /** When the runner will next act, while running. */
  nextAt?: number;
  updatedAt: number;
}

/** "paused (interrupted)", "running", ...: the state in one phrase, as every face shows it. */
export function statusText(s: Pick<AlgoState, 'status' | 'interrupted'>): string {
  return s.status === 'paused' && s.interrupted ? 'paused (interrupted)' : s.status;
}
