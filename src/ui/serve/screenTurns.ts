import type { StoreApi } from 'zustand/vanilla';

/**
 * Screens of `perpdesk serve` take turns. Every screen of the process hears the session's
 * store, so one market batch used to render them all in one go: the watch group's screen,
 * its frame written to each of up to 100 channels (an ssh2 encryption and a socket write
 * each), then each typing viewer's own screen, 30-110 ms during which no key was read. A key
 * pressed then waited for all of it before its own screen could answer (docs/performance.md,
 * "Watchers share a screen").
 *
 * Here that work is cut into turns of the event loop, one piece a turn: one screen hearing of
 * the store's changes (one render), or one share of a group frame's channels. Between two
 * turns the loop reads the sockets, so a key waits for at most one piece before its screen
 * renders it, at once, on the turn it arrives.
 */
export class ScreenTurns {
  private readonly queue: (() => void)[] = [];
  private scheduled = false;

  /** Runs `task` on a turn of its own, after every task queued before it. */
  later(task: () => void): void {
    this.queue.push(task);
    this.next();
  }

  private next(): void {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    // Each turn queues the next from inside the check phase, so it runs on the loop's next
    // pass, after the poll phase has read whatever input came meanwhile.
    setImmediate(() => {
      this.scheduled = false;
      const task = this.queue.shift()!;
      try {
        task();
      } finally {
        this.next();
      }
    });
  }
}

/**
 * `shared` as one screen hears it: reads and writes pass straight through; its listeners are
 * told of changes together, on a turn of `turns` (one render of the screen for every change
 * since its last turn), each with the state it last heard as the previous one.
 */
export function storeByTurns<S>(shared: StoreApi<S>, turns: ScreenTurns): StoreApi<S> {
  /** Each listener and the state it was last told of (or found at subscribing). */
  const heard = new Map<(state: S, prev: S) => void, S>();
  let stop: (() => void) | undefined;
  let queued = false;
  const tell = () => {
    queued = false;
    const next = shared.getState();
    for (const [listener, prev] of heard) {
      if (prev === next) continue;
      heard.set(listener, next);
      listener(next, prev);
    }
  };
  return {
    getState: () => shared.getState(),
    getInitialState: () => shared.getInitialState(),
    setState: shared.setState,
    subscribe(listener) {
      heard.set(listener, shared.getState());
      stop ??= shared.subscribe(() => {
        if (queued) return;
        queued = true;
        turns.later(tell);
      });
      return () => {
        heard.delete(listener);
        if (heard.size > 0) return;
        stop?.();
        stop = undefined;
      };
    },
  };
}
