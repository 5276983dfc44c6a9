import { asking } from '../../session/askedBy.js';
import type { Session } from '../../session/index.js';
import { throttledStore } from './throttledStore.js';

/** How often at most an SSH viewer's screen hears of market and account changes. */
const VIEWER_STORE_MS = 250;

/**
 * The session as one SSH viewer's screen sees it: the same session, whose exchange client's
 * calls run as asked by `face` (`ssh SHA256:...`), so each signed action's journal lines
 * name the key that asked for it, and whose store tells the screen of changes a few times a
 * second (throttledStore). Everything else passes straight through.
 */
export function viewerSession(session: Session, face: string): Session {
  const store = throttledStore(session.store, VIEWER_STORE_MS);
  const inner = session.exchange;
  const exchange = new Proxy(inner, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => asking(face, () => (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
  return new Proxy(session, {
    get(target, key, receiver) {
      if (key === 'exchange') return exchange;
      if (key === 'store') return store;
      return Reflect.get(target, key, receiver);
    },
  });
}
