import * as v from 'valibot';
import { algoProgress, statusText, type AlgoState } from '../algo/index.js';
import { referencePx } from '../algo/algoPlan.js';
import { nextActionAt } from '../algo/nextActionAt.js';
import { formatDecimal } from '../protocol/index.js';
import type { Table } from './output.js';

/** One algo as `perpdesk algo` prints it: decimal strings at the contract's scales. */
export const AlgoRow = v.object({
  id: v.string(),
  kind: v.string(),
  contract: v.string(),
  side: v.picklist(['buy', 'sell']),
  filled: v.string(),
  total: v.string(),
  avgPx: v.nullable(v.string()),
  /** Basis points worse than `referencePx` (negative: better). */
  slippageBps: v.nullable(v.string()),
  /** What the average is judged against: a TWAP's arrival mark, a scale's planned average, a chase's start, a stop's first mark. */
  referencePx: v.string(),
  slicesSent: v.number(),
  slicesSkipped: v.number(),
  slices: v.number(),
  status: v.picklist(['running', 'paused', 'working', 'done', 'failed', 'cancelled']),
  /** The state in one phrase: "paused (interrupted)". */
  state: v.string(),
  interrupted: v.boolean(),
  reason: v.nullable(v.string()),
  /** Epoch ms of the next slice, while running. */
  nextAt: v.nullable(v.number()),
});
export type AlgoRow = v.InferOutput<typeof AlgoRow>;

/** A row of `algo list`: with why it is archived here (another account's or venue's: read-only), null when it is not. */
const AlgoListRow = v.object({ ...AlgoRow.entries, archived: v.nullable(v.string()) });
type AlgoListRow = v.InferOutput<typeof AlgoListRow>;

/** `algo list`: the file's algos, and the pid of the process running them (null: none). */
export const AlgoListOutput = v.object({ owner: v.nullable(v.number()), algos: v.array(AlgoListRow) });

/** One NDJSON line of a foreground algo: its row as it changed, and what happened. */
export const AlgoEventLine = v.object({ event: v.picklist(['plan', 'progress', 'end']), algo: AlgoRow });

export function algoRow(s: AlgoState): AlgoRow {
  const p = s.plan;
  const g = algoProgress(s);
  const qty = (x: bigint) => formatDecimal(x, p.qtyScale);
  const px = (x: bigint) => formatDecimal(x, p.priceScale);
  return {
    id: p.id,
    kind: p.kind,
    contract: p.contract,
    side: (s.fired?.isBuy ?? p.isBuy) ? 'buy' : 'sell',
    filled: qty(g.filled),
    total: qty(g.total),
    avgPx: g.avgPx === undefined ? null : px(g.avgPx),
    slippageBps: g.slippageBps === undefined ? null : g.slippageBps.toString(),
    referencePx: px(referencePx(p)),
    slicesSent: g.slicesSent,
    slicesSkipped: g.slicesSkipped,
    slices: g.slices,
    status: s.status,
    state: statusText(s),
    interrupted: s.interrupted,
    reason: s.reason ?? null,
    nextAt: nextActionAt(s) ?? null,
  };
}

const clock = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().slice(11, 19));

function stateCell(r: AlgoRow & { archived?: string | null }, owner: number | undefined | false): string {
  if (r.archived) return `archived (was ${r.state})`;
  // Running in the file with no process holding the lock: the next start marks it interrupted.
  if (r.status === 'running' && owner === undefined) return 'running (no process: interrupted)';
  return r.state;
}

/** `owner` false: the caller is the owner (a foreground algo), so a running one is running. */
export function algosTable(rows: readonly (AlgoRow | AlgoListRow)[], owner: number | undefined | false): Table {
  return {
    columns: ['ID', 'KIND', 'CONTRACT', 'SIDE', 'FILLED/TOTAL', 'AVG PX', 'SLICES', 'STATE', 'NEXT (UTC)'],
    rows: rows.map((r) => [
      r.id,
      r.kind,
      r.contract,
      r.side,
      `${r.filled}/${r.total}`,
      r.avgPx ?? '-',
      `${r.slicesSent + r.slicesSkipped}/${r.slices}`,
      stateCell(r, owner),
      clock(r.nextAt),
    ]),
    right: [4, 5, 6],
  };
}

/** One progress line for a person: id, filled/total at the average, slices, state and why. */
export function algoLine(r: AlgoRow): string {
  const avg = r.avgPx === null ? '' : ` @ ${r.avgPx}${r.slippageBps === null ? '' : ` (${r.slippageBps} bps vs ${r.referencePx})`}`;
  const next = r.nextAt === null ? '' : `, next ${clock(r.nextAt)}`;
  const why = r.reason === null ? '' : `: ${r.reason}`;
  return `${r.id} ${r.side} ${r.filled}/${r.total} ${r.contract}${avg}, slice ${r.slicesSent + r.slicesSkipped}/${r.slices}, ${r.state}${why}${next}`;
}
