import { useCallback, useSyncExternalStore } from 'react';

/**
 * Wall-clock time for ages and countdowns, in whole periods. One timer per period is
 * shared by every pane that asks, and it stops when the last one unmounts, so a dozen
 * panes cost one wake-up a second, and tests exit cleanly after unmount.
 */
interface Ticker {
  periodMs: number;
  now: number;
  listeners: Set<() => void>;
  timer: NodeJS.Timeout | undefined;
}

const tickers = new Map<number, Ticker>();

let override: (() => number) | undefined;
/** Date.now looked up at each call (not kept from module load), so fake timers and a replay's clock both work. */
const clock = (): number => (override ? override() : Date.now());

/**
 * The time ages and countdowns are judged by: the wall clock, or a replay's recorded time
 * (perpdesk replay PATH), so a stale mark or an order's age reads as it did then. Undefined
 * puts the wall clock back.
 */
export function setClock(read: (() => number) | undefined): void {
  override = read;
  for (const t of tickers.values()) t.now = floorTo(clock(), t.periodMs);
}

function tickerFor(periodMs: number): Ticker {
  let t = tickers.get(periodMs);
  if (!t) {
    t = { periodMs, now: floorTo(clock(), periodMs), listeners: new Set(), timer: undefined };
    tickers.set(periodMs, t);
  }
  return t;
}

function floorTo(ms: number, periodMs: number): number {
  return ms - (ms % periodMs);
}

function listen(t: Ticker, onChange: () => void): () => void {
  t.listeners.add(onChange);
  if (!t.timer) {
    t.now = floorTo(clock(), t.periodMs);
    t.timer = setInterval(() => {
      t.now = floorTo(clock(), t.periodMs);
      for (const l of t.listeners) l();
    }, t.periodMs);
    t.timer.unref?.();
  }
  return () => {
    t.listeners.delete(onChange);
    if (t.listeners.size === 0 && t.timer) {
      clearInterval(t.timer);
      t.timer = undefined;
    }
  };
}

/** The ticker's time; while nobody listens (first render), the clock's, so a remount never shows an old time. */
function nowOf(t: Ticker): number {
  if (!t.timer) t.now = floorTo(clock(), t.periodMs);
  return t.now;
}

const never = () => () => {};

/**
 * What a component shows of the clock, worked out at each tick: the component re-renders
 * only when `read(now)` gives another value (Object.is), so a pane whose age or countdown
 * reads the same at this tick as at the last (a fresh feed, no rows) costs nothing. `read`
 * may read the stores (not subscribed); a store change renders the component anyway.
 * `enabled` false: no ticks (the time of the render is still current).
 */
export function useClock<T>(periodMs: number, read: (now: number) => T, enabled = true): T {
  const t = tickerFor(periodMs);
  const subscribe = useCallback((onChange: () => void) => listen(t, onChange), [t]);
  return useSyncExternalStore(enabled ? subscribe : never, () => read(nowOf(t)));
}

/** The time a clock of this period reads now, the one `useClock` judged its last tick by. */
export function clockNow(periodMs: number): number {
  return nowOf(tickerFor(periodMs));
}

const same = (now: number) => now;

/** The wall clock in whole periods; the component re-renders at every tick while `enabled`. */
export function useNow(periodMs = 1000, enabled = true): number {
  return useClock(periodMs, same, enabled);
}

/** The time ages are judged by, read now: the wall clock, or a replay's recorded time. */
export function clockTime(): number {
  return clock();
}

/** Calls `onTick` at each tick of the shared ticker of this period (outside React); returns the stop. */
export function onClockTick(periodMs: number, onTick: () => void): () => void {
  return listen(tickerFor(periodMs), onTick);
}
