import { EventEmitter } from 'node:events';

/** A TTY stdout that keeps nothing, for tests that look at input only. */
export class NullStdout extends EventEmitter {
  readonly isTTY = true;
  columns = 80;
  rows = 24;
  write = (_data: unknown, cb?: unknown, cb2?: unknown): boolean => {
    const done = typeof cb === 'function' ? cb : cb2;
    if (typeof done === 'function') (done as () => void)();
    return true;
  };
}
