import { algoProgress, nextActionAt, statusText, type AlgoState } from '../../../algo/index.js';
import type { AlgoBoardState } from '../../../algo/algoBoard.js';
import { formatDecimal } from '../../../protocol/index.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { memoLast } from '../memo.js';

/** One algo as the Algos pane lists it: decimal text at the contract's scales, and its state in words. */
export interface AlgoPaneRow {
  key: string;
  algo: AlgoState;
  kind: string;
  contract: string;
  side: 'Buy' | 'Sell';
  /** "3.5/10" filled of the total. */
  progress: string;
  /** Slices (a TWAP), orders (a scale), moves (a chase) sent of those planned. */
  steps: string;
  avgPx: string;
  /** Basis points worse than the reference ("+3", "-1"), or "". */
  slippage: string;
  state: string;
  stateTone: ThemeToken;
  reason: string;
  /** Epoch ms the algo acts next, while running. */
  nextAt: number | undefined;
}

const KIND: Readonly<Record<AlgoState['plan']['kind'], string>> = { twap: 'TWAP', scale: 'Scale', chase: 'Chase', trailingStop: 'Trail' };

const TONE: Readonly<Record<AlgoState['status'], ThemeToken>> = { running: 'ok', paused: 'warning', working: 'ok', done: 'muted', failed: 'error', cancelled: 'muted' };

/** Live ones first (running and working, then paused and failed), then finished; newest first within each. */
const RANK: Readonly<Record<AlgoState['status'], number>> = { running: 0, working: 0, paused: 1, failed: 1, done: 2, cancelled: 2 };

function rowOf(s: AlgoState, archived: string | undefined): AlgoPaneRow {
  const p = s.plan;
  const g = algoProgress(s);
  const qty = (x: bigint) => formatDecimal(x, p.qtyScale);
  const slip = g.slippageBps === undefined ? '' : `${g.slippageBps > 0n ? '+' : ''}${g.slippageBps}`;
  return {
    key: p.id,
    algo: s,
    kind: KIND[p.kind],
    contract: p.contract,
    side: (s.fired?.isBuy ?? p.isBuy) ? 'Buy' : 'Sell',
    progress: `${qty(g.filled)}/${qty(g.total)}`,
    steps: `${g.slicesSent + g.slicesSkipped}/${g.slices}`,
    avgPx: g.avgPx === undefined ? '-' : `${g.avgIsBound ? '≤' : ''}${formatDecimal(g.avgPx, p.priceScale)}`,
    slippage: slip,
    state: archived ? `archived (was ${statusText(s)})` : statusText(s),
    stateTone: archived ? 'muted' : s.interrupted && s.status === 'paused' ? 'error' : TONE[s.status],
    reason: archived ? `read-only: ${archived}` : (s.reason ?? s.waiting ?? ''),
    nextAt: nextActionAt(s),
  };
}

/** Archived algos (another account's or venue's) go last, whatever their state. */
const rank = (state: AlgoBoardState, s: AlgoState) => (state.archived?.has(s.plan.id) ? 3 : RANK[s.status]);

/** Rebuilt per board version: the runner changes its algos in place, so an item is never a cache key. */
export const algoPaneRows = memoLast((state: AlgoBoardState): readonly AlgoPaneRow[] =>
  [...state.algos]
    .sort((a, b) => rank(state, a) - rank(state, b) || b.plan.createdAt - a.plan.createdAt)
    .map((s) => rowOf(s, state.archived?.get(s.plan.id))),
);

/** The line over the list: who runs the algos and how many are live. */
export function boardSummary(state: AlgoBoardState): string {
  const live = state.algos.filter((s) => !state.archived?.has(s.plan.id));
  const running = live.filter((s) => s.status === 'running').length;
  const paused = live.filter((s) => s.status === 'paused').length;
  const counts = `${running} running · ${paused} paused`;
  const o = state.owner;
  if (state.loading) return 'reading the algos back…';
  if (o.kind === 'own') return `run here · ${counts}`;
  if (o.kind === 'other') return `run by perpdesk pid ${o.pid}: watch only · ${counts}`;
  return `watch only (${o.why}) · ${counts}`;
}
