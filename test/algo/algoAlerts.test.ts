import { describe, expect, it } from 'vitest';
import type { AlgoBoardState } from '../../src/algo/algoBoard.js';
import type { AlgoState } from '../../src/algo/index.js';
import { createAppStore } from '../../src/state/store.js';
import { startAlerts } from '../../src/ui/alerts/alerts.js';
import { createViewStore } from '../../src/ui/view/viewStore.js';

/** An algo that ends failed while the screen is up is said in red in the status bar, with the bell: the dashboard's alert path. */
function board(algos: AlgoState[]) {
  let state: AlgoBoardState = { version: 0, algos, owner: { kind: 'own' }, loading: false };
  const listeners = new Set<() => void>();
  return {
    subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
    snapshot: () => state,
    set(next: AlgoState[]) {
      state = { ...state, algos: next, version: state.version + 1 };
      for (const l of listeners) l();
    },
  };
}
const algo = (id: string, status: AlgoState['status'], reason?: string): AlgoState =>
  ({ plan: { kind: 'trailingStop', id, contract: 'BTC1' }, status, interrupted: false, children: [], skipped: [], base: { at: 0, slice: 0 }, nextSlice: 0, updatedAt: 0, ...(reason ? { reason } : {}) }) as unknown as AlgoState;

describe('failed algo alerts', () => {
  it('a stop that fails rings the bell and says how much is still open; one failed before the screen came up is history', () => {
    const b = board([algo('trail-old', 'failed', 'long ago')]);
    const view = createViewStore();
    let bells = 0;
    const stop = startAlerts({ store: createAppStore(), view, settings: {}, bell: () => bells++, algos: b });
    expect(view.getState().notice).toBeNull();
    const reason = 'fired at mark 59296 (best 59338.5): closed 0 of 0.01; reached its bound 56335 with 0.01 BTC1 still open';
    b.set([algo('trail-old', 'failed', 'long ago'), algo('trail-new', 'running')]);
    expect(bells).toBe(0);
    b.set([algo('trail-old', 'failed', 'long ago'), algo('trail-new', 'failed', reason)]);
    expect(view.getState().notice).toMatchObject({ text: `trail-new failed: ${reason}`, tone: 'error' });
    expect(bells).toBe(1);
    // Said once.
    b.set([algo('trail-old', 'failed', 'long ago'), algo('trail-new', 'failed', reason)]);
    expect(bells).toBe(1);
    stop();
  });

  it('no bell when the config turns it off; the notice still says it', () => {
    const b = board([]);
    const view = createViewStore();
    let bells = 0;
    const stop = startAlerts({ store: createAppStore(), view, settings: { bell: false } as never, bell: () => bells++, algos: b });
    b.set([algo('t', 'failed', 'x still open')]);
    expect(view.getState().notice?.tone).toBe('error');
    expect(bells).toBe(0);
    stop();
  });
});
