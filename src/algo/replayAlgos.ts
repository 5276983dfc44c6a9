import type { AlgoPlan } from './algoPlan.js';
import { readRecord, type AlgoRecord } from './algoRecord.js';
import type { AlgoState, ChildOrder } from './algoState.js';

/**
 * The algos as the records leave them, in file order, in one pass (linear in the file: a
 * child's answer finds its child through an index by cloid). A child's answer replaces an
 * earlier one (an 'unknown' later settled from the exchange); the next slice is the one after
 * the last slice sent or skipped, so a slice is never sent again. A chase's price is its last
 * move (or its order's price); a trailing stop's best mark its last 'best' line.
 *
 * A second plan line for an id already known (a torn compaction, a copied or tampered file)
 * never resets its algo: it is left out and its id reported in `repeated`, and the lines
 * after it go on applying to the algo the first plan started.
 */
class AlgoReplay {
  readonly algos = new Map<string, AlgoState>();
  /** Ids whose plan line came again, once each. */
  readonly repeated: string[] = [];
  private readonly byCloid = new Map<string, Map<string, ChildOrder>>();

  add(r: AlgoRecord): void {
    if (r.type === 'plan') {
      if (this.algos.has(r.plan.id)) {
        if (!this.repeated.includes(r.plan.id)) this.repeated.push(r.plan.id);
        return;
      }
      this.algos.set(r.plan.id, {
        plan: r.plan,
        status: 'running',
        interrupted: false,
        base: { at: r.plan.createdAt, slice: 0 },
        nextSlice: 0,
        children: [],
        skipped: [],
        updatedAt: r.time,
      });
      this.byCloid.set(r.plan.id, new Map());
      return;
    }
    const s = this.algos.get(r.id);
    if (!s) return;
    s.updatedAt = r.time;
    switch (r.type) {
      case 'state':
        s.status = r.status;
        s.interrupted = r.interrupted === true;
        if (r.reason !== undefined) s.reason = r.reason;
        else delete s.reason;
        if (r.base) s.base = r.base;
        break;
      case 'child': {
        const index = this.byCloid.get(r.id)!;
        // The same child line twice (a copied file) is one order, not two.
        if (index.has(r.child.cloid)) break;
        const c = { ...r.child };
        s.children.push(c);
        index.set(c.cloid, c);
        if (s.plan.kind === 'chase' && r.child.slice === 0) s.chasePx = r.child.price;
        s.nextSlice = Math.max(s.nextSlice, r.child.slice + 1);
        break;
      }
      case 'answer': {
        const c = this.byCloid.get(r.id)!.get(r.cloid);
        if (c) c.answer = r.answer;
        break;
      }
      case 'move':
        s.chasePx = r.price;
        break;
      case 'best':
        s.bestMark = r.mark;
        break;
      case 'fired':
        s.fired = { mark: r.mark, size: r.size, isBuy: r.isBuy };
        break;
      case 'skip':
        s.skipped.push({ slice: r.slice, reason: r.reason, time: r.time });
        s.nextSlice = Math.max(s.nextSlice, r.slice + 1);
        break;
    }
  }
}

export function replayAlgos(records: Iterable<AlgoRecord>): Map<string, AlgoState> {
  const replay = new AlgoReplay();
  for (const r of records) replay.add(r);
  return replay.algos;
}

/** Reads lines into records: the plans' scales by id, the first plan of an id kept. */
class RecordReader {
  private readonly plans = new Map<string, AlgoPlan>();
  malformed = 0;

  read(line: string): AlgoRecord | undefined {
    const r = readRecord(line, (id) => this.plans.get(id));
    if (!r) {
      this.malformed++;
      return undefined;
    }
    if (r.type === 'plan' && !this.plans.has(r.plan.id)) this.plans.set(r.plan.id, r.plan);
    return r;
  }
}

/** The records of the algo file's lines, in order; lines that are not records (a torn last line) are counted. */
export function readAlgoRecords(lines: Iterable<string>): { records: AlgoRecord[]; malformed: number } {
  const reader = new RecordReader();
  const records: AlgoRecord[] = [];
  for (const line of lines) {
    const r = reader.read(line);
    if (r) records.push(r);
  }
  return { records, malformed: reader.malformed };
}

/** Lines replayed between two turns of the event loop, so a signal that comes during a long replay is handled. */
const LINES_PER_TURN = 2_000;

/**
 * The file's lines read and replayed in one pass, giving the event loop a turn every
 * LINES_PER_TURN lines (a SIGTERM during the replay of a long file is handled, not queued
 * behind it); `stopped` ends it early.
 */
export async function replayAlgoLines(lines: readonly string[], stopped: () => boolean = () => false): Promise<{ algos: Map<string, AlgoState>; repeated: string[]; malformed: number }> {
  const reader = new RecordReader();
  const replay = new AlgoReplay();
  for (let i = 0; i < lines.length; i++) {
    if (i > 0 && i % LINES_PER_TURN === 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (stopped()) break;
    }
    const r = reader.read(lines[i]!);
    if (r) replay.add(r);
  }
  return { algos: replay.algos, repeated: replay.repeated, malformed: reader.malformed };
}
