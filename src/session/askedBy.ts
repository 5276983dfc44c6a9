import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who asked for the signed requests sent inside `asking(face, fn)`: an SSH viewer's key
 * among the screens of one session. It follows the request through every await, so the
 * journal line of its answer names the same asker as the line written when it left.
 */
const asker = new AsyncLocalStorage<string>();

export function asking<T>(face: string, fn: () => T): T {
  return asker.run(face, fn);
}

/** The asker of the request being journalled, when one was named. */
export function askedBy(): string | undefined {
  return asker.getStore();
}
