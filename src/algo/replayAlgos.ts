import type { AlgoPlan } from './algoPlan.js';
import { readRecord, type AlgoRecord } from './algoRecord.js';
import type { AlgoState } from './algoState.js';

/**
 * The algos as the records leave them, in file order. A child's answer replaces an earlier
 * one (an 'unknown' later settled from the exchange); the next slice is the one after the
 * last slice sent or skipped, so a slice is never sent again. A chase's price is its last
 * move (or its order's price); a trailing stop's best mark its last 'best' line.
 */
export function replayAlgos(records: readonly AlgoRecord[]): Map<string, AlgoState> {
  const out = new Map<string, AlgoState>();
  for (const r of records) {
    if (r.type === 'plan') {
      out.set(r.plan.id, {
        plan: r.plan,
        status: 'running',
        interrupted: false,
        base: { at: r.plan.createdAt, slice: 0 },
        nextSlice: 0,
        children: [],
        skipped: [],
        updatedAt: r.time,
      });
      continue;
    }
    const s = out.get(r.id);
    if (!s) continue;
    s.updatedAt = r.time;
    switch (r.type) {
      case 'state':
        s.status = r.status;
        s.interrupted = r.interrupted === true;
        if (r.reason !== undefined) s.reason = r.reason;
        else delete s.reason;
        if (r.base) s.base = r.base;
        break;
      case 'child':
        s.children.push({ ...r.child });
        if (s.plan.kind === 'chase' && r.child.slice === 0) s.chasePx = r.child.price;
        s.nextSlice = Math.max(s.nextSlice, r.child.slice + 1);
        break;
      case 'answer': {
        const c = s.children.find((x) => x.cloid === r.cloid);
        if (c) c.answer = r.answer;
        break;
      }
      case 'move':
        s.chasePx = r.price;
        break;
      case 'best':
        s.bestMark = r.mark;
        break;
      case 'skip':
        s.skipped.push({ slice: r.slice, reason: r.reason, time: r.time });
        s.nextSlice = Math.max(s.nextSlice, r.slice + 1);
        break;
    }
  }
  return out;
}

/** The records of the algo file's lines, in order; lines that are not records (a torn last line) are counted. */
export function readAlgoRecords(lines: Iterable<string>): { records: AlgoRecord[]; malformed: number } {
  const plans = new Map<string, AlgoPlan>();
  const records: AlgoRecord[] = [];
  let malformed = 0;
  for (const line of lines) {
    const r = readRecord(line, (id) => plans.get(id));
    if (!r) {
      malformed++;
      continue;
    }
    if (r.type === 'plan') plans.set(r.plan.id, r.plan);
    records.push(r);
  }
  return { records, malformed };
}
