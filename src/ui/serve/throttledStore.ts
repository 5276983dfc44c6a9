import type { AppStore } from '../../state/store.js';

/**
 * The session's store as one SSH viewer's screen subscribes to it: the same state, read
 * whole at every render, but a subscriber hears of changes at most once per `ms` (the first
 * at once, the last never lost). The feed's coalescer already merges the wire into a store
 * update every ~100 ms; each viewer re-rendering a whole dashboard on each of them is what a
 * viewer costs (docs/performance.md, serve), so a remote screen takes them a few a second.
 * Keys are not slowed: they change the viewer's own view store.
 */
export function throttledStore(store: AppStore, ms: number): AppStore {
  return {
    getState: store.getState,
    getInitialState: store.getInitialState,
    setState: store.setState,
    subscribe(listener) {
      let timer: NodeJS.Timeout | undefined;
      let pending = false;
      const flush = () => {
        if (!pending) {
          timer = undefined;
          return;
        }
        pending = false;
        const now = store.getState();
        listener(now, now);
        timer = setTimeout(flush, ms);
      };
      const off = store.subscribe((state, prev) => {
        if (timer !== undefined) {
          pending = true;
          return;
        }
        listener(state, prev);
        timer = setTimeout(flush, ms);
      });
      return () => {
        clearTimeout(timer);
        off();
      };
    },
  };
}
