import { asking } from '../../session/askedBy.js';
import type { Session } from '../../session/index.js';
import { storeByTurns, type ScreenTurns } from './screenTurns.js';

/**
 * The session as one SSH viewer's screen sends through it: the same session, whose exchange
 * client's calls run as asked by `face` (`ssh SHA256:...`), so each signed action's journal
 * lines name the key that asked for it. With `turns`, the screen hears the session's store
 * on a turn of its own (screenTurns.ts), not in the same go as every other screen. Reads and
 * other properties pass straight through.
 */
export function viewerSession(session: Session, face: string, turns?: ScreenTurns): Session {
  const inner = session.exchange;
  const exchange = new Proxy(inner, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => asking(face, () => (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
  const store = turns ? storeByTurns(session.store, turns) : undefined;
  return new Proxy(session, {
    get(target, key, receiver) {
      if (key === 'exchange') return exchange;
      if (key === 'store' && store) return store;
      return Reflect.get(target, key, receiver);
    },
  });
}
