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
}

const relevant = (s: AppState) => [s.orders.fills, s.account.positions, s.market.marketStates, s.market.configs] as const;

export function startAlerts(o: AlertOptions): () => void {
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
