import type { AlgoBoard } from '../../algo/algoBoard.js';
import { createAlertState, detectAlerts, snapshotOf, type AlertSnapshot, type FormSettings } from '../../forms/index.js';
import type { AppStore } from '../../state/store.js';
import type { AppState } from '../../state/types.js';
import { view, type ViewStore } from '../view/viewStore.js';

/**
 * Fills and positions nearing liquidation, said in the status bar and with the terminal
 * bell (config `alerts`: `bell`, `onFill`, `liquidationDistancePct`). Runs beside the
 * store, outside React: one check per store update that touched fills, positions or marks.
 */
export interface AlertOptions {
  store: AppStore;
  view: ViewStore;
  settings: FormSettings['alerts'];
  /** Rings the bell (the dashboard writes BEL to the terminal). */
  bell: () => void;
  /** Fills before this time (exchange ms) are history: the snapshot replays them on connect. */
  since?: number;
  /** The algos shown: one that ends failed (a stop at its bound with the position open) is said in red, with the bell. */
  algos?: Pick<AlgoBoard, 'subscribe' | 'snapshot'>;
}

const relevant = (s: AppState) => [s.orders.fills, s.account.positions, s.market.marketStates, s.market.configs] as const;

export function startAlerts(o: AlertOptions): () => void {
  const offStore = startStoreAlerts(o);
  const offAlgos = o.algos ? startAlgoAlerts(o, o.algos) : () => {};
  return () => {
    offStore();
    offAlgos();
  };
}

/**
 * An algo that becomes failed while the screen is up: its reason (how much is still open)
 * in the status bar in red, and the bell. One already failed when the board is first read
 * is history, not news.
 */
function startAlgoAlerts(o: AlertOptions, board: Pick<AlgoBoard, 'subscribe' | 'snapshot'>): () => void {
  const failed = new Set<string>();
  let primed = false;
  const look = () => {
    const state = board.snapshot();
    if (state.loading) return;
    const news: string[] = [];
    for (const s of state.algos) {
      if (s.status !== 'failed' || failed.has(s.plan.id)) continue;
      failed.add(s.plan.id);
      if (primed) news.push(`${s.plan.id} failed: ${s.reason ?? 'no reason given'}`);
    }
    primed = true;
    if (news.length === 0) return;
    const more = news.length > 1 ? ` (+${news.length - 1} more)` : '';
    view.notify(o.view, `${news[news.length - 1]!}${more}`, 'error');
    if (o.settings?.bell !== false) o.bell();
  };
  look();
  return board.subscribe(look);
}

function startStoreAlerts(o: AlertOptions): () => void {
  let state = createAlertState(o.since ?? Date.now());
  let prev: AlertSnapshot | null = snapshotOf(o.store.getState());
  let last = relevant(o.store.getState());
  return o.store.subscribe((s) => {
    const now = relevant(s);
    if (now.every((x, i) => x === last[i])) return;
    last = now;
    const next = snapshotOf(s);
    const out = detectAlerts(prev, next, state, o.settings);
    prev = next;
    state = out.state;
    if (out.events.length === 0) return;
    // The newest event is the one on screen; the count says when several came at once.
    const lastEvent = out.events[out.events.length - 1]!;
    const more = out.events.length > 1 ? ` (+${out.events.length - 1} more)` : '';
    view.notify(o.view, `${lastEvent.text}${more}`, out.events.some((e) => e.kind === 'liquidation') ? 'warning' : 'info');
    if (out.bell) o.bell();
  });
}
