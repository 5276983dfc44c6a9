import type { AlgoRecord } from './algoRecord.js';
import { isFinished, type AlgoState } from './algoState.js';

/** Finished algos are kept this long after their last line (a trader looks back at a day's work). */
export const FINISHED_KEPT_MS = 7 * 24 * 60 * 60 * 1_000;
/** Past this size, every finished algo goes, whatever its age. */
export const MAX_FILE_BYTES = 1024 * 1024;

export interface Compaction {
  /** The algos the rewritten file keeps, in the order the file had them. */
  keep: AlgoState[];
  /** Ids of the finished algos left out. */
  dropped: string[];
}

/**
 * Whether the algo file is due a rewrite, and what it keeps. A finished algo (done, failed
 * or cancelled, with no child still resting: a finished scale's orders can still be cancelled)
 * is dropped once its last line is older than `keptMs`, or at once when the file has grown
 * past `maxBytes`. Undefined when there is nothing to drop and the file is under the size.
 */
export function compactionOf(algos: readonly AlgoState[], now: number, fileBytes: number, o: { keptMs?: number; maxBytes?: number } = {}): Compaction | undefined {
  const keptMs = o.keptMs ?? FINISHED_KEPT_MS;
  const tooBig = fileBytes > (o.maxBytes ?? MAX_FILE_BYTES);
  const keep: AlgoState[] = [];
  const dropped: string[] = [];
  for (const s of algos) {
    const finished = isFinished(s.status) && !s.children.some((c) => c.answer?.resting);
    if (finished && (tooBig || now - s.updatedAt > keptMs)) dropped.push(s.plan.id);
    else keep.push(s);
  }
  return dropped.length > 0 || tooBig ? { keep, dropped } : undefined;
}

/**
 * The fewest records that replay to the same algo: its plan, each child and its last
 * answer, each skipped slice, a chase's last move, a trailing stop's best mark, and one
 * state line with the status, the reason and the schedule's base. Every moved-and-moved-
 * again chase price and every intermediate state is left out; recovery needs none of them.
 */
export function recordsOf(s: AlgoState): AlgoRecord[] {
  const id = s.plan.id;
  const out: AlgoRecord[] = [{ type: 'plan', time: s.plan.createdAt, plan: s.plan }];
  for (const c of s.children) {
    const { answer, ...child } = c;
    out.push({ type: 'child', id, time: c.sentAt, child });
    if (answer) out.push({ type: 'answer', id, time: answer.time, cloid: c.cloid, answer });
  }
  for (const k of s.skipped) out.push({ type: 'skip', id, time: k.time, slice: k.slice, reason: k.reason });
  const order = s.children.find((c) => c.slice === 0);
  if (s.plan.kind === 'chase' && order && s.chasePx !== undefined && s.chasePx !== order.price) out.push({ type: 'move', id, time: s.updatedAt, cloid: order.cloid, price: s.chasePx });
  if (s.plan.kind === 'trailingStop' && s.bestMark !== undefined && s.bestMark !== s.plan.startMark) out.push({ type: 'best', id, time: s.updatedAt, mark: s.bestMark });
  if (s.fired) out.push({ type: 'fired', id, time: s.updatedAt, ...s.fired });
  const state: AlgoRecord = { type: 'state', id, time: s.updatedAt, status: s.status, base: s.base };
  if (s.reason !== undefined) state.reason = s.reason;
  if (s.interrupted) state.interrupted = true;
  out.push(state);
  return out;
}
