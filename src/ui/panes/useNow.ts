import { useSyncExternalStore } from 'react';

/**
 * Wall-clock time for ages and countdowns, in whole periods. One timer per period is
 * shared by every pane that asks, and it stops when the last one unmounts, so a dozen
 * panes cost one wake-up a second, and tests exit cleanly after unmount.
 */
interface Ticker {
  now: number;
  listeners: Set<() => void>;
  timer: NodeJS.Timeout | undefined;
}

const tickers = new Map<number, Ticker>();

function tickerFor(periodMs: number): Ticker {
  let t = tickers.get(periodMs);
  if (!t) {
    t = { now: floorTo(Date.now(), periodMs), listeners: new Set(), timer: undefined };
    tickers.set(periodMs, t);
  }
  return t;
}

function floorTo(ms: number, periodMs: number): number {
  return ms - (ms % periodMs);
}

export function useNow(periodMs = 1000): number {
  const t = tickerFor(periodMs);
  return useSyncExternalStore(
    (onChange) => {
      t.listeners.add(onChange);
      if (!t.timer) {
        t.now = floorTo(Date.now(), periodMs);
        t.timer = setInterval(() => {
          t.now = floorTo(Date.now(), periodMs);
          for (const l of t.listeners) l();
        }, periodMs);
        t.timer.unref?.();
      }
      return () => {
        t.listeners.delete(onChange);
        if (t.listeners.size === 0 && t.timer) {
          clearInterval(t.timer);
          t.timer = undefined;
        }
      };
    },
    () => {
      // Not ticking yet (first render): read the clock so a remount never shows an old time.
      if (!t.timer) t.now = floorTo(Date.now(), periodMs);
      return t.now;
    },
  );
}
