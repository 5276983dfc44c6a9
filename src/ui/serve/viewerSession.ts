import { asking } from '../../session/askedBy.js';
import type { Session } from '../../session/index.js';

/**
 * The session as one SSH viewer's screen sends through it: the same session, whose exchange
 * client's calls run as asked by `face` (`ssh SHA256:...`), so each signed action's journal
 * lines name the key that asked for it. Reads and properties pass straight through.
 */
export function viewerSession(session: Session, face: string): Session {
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
      return key === 'exchange' ? exchange : Reflect.get(target, key, receiver);
    },
  });
}
