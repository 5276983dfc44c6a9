import * as v from 'valibot';
import type { Prng } from '../../../src/exchange/engine/prng.js';
import { signAction, type Hex } from '../../../src/protocol/index.js';
import { ClientMessage } from '../../../src/protocol/wire/index.js';
import { deepText, getAt, hasRaw, hugeNumber, invalidUtf8, JUNK_TEXTS, paths, PROTOTYPE_NAMES, randomBytes, removeAt, setAt, toText, wrongType } from './jsonMutations.js';

/**
 * Malformed WebSocket frames: the same families as the HTTP bodies (random bytes, junk
 * text, deep nesting, invalid UTF-8, over 64 KiB, unknown and prototype-named methods,
 * fields of the wrong type, numbers out of range) plus binary frames.
 */
export interface Frame {
  category: string;
  data: string | Buffer;
  binary: boolean;
  /** Holds a number token out of every sane range. */
  outOfRange?: boolean;
}

export class MalformedFrames {
  constructor(
    private readonly rng: Prng,
    private readonly funded: { key: Hex; nonce: () => number },
  ) {}

  private valid(): Record<string, unknown> {
    const nonce = this.funded.nonce();
    const action = { type: 'wsAuth', time: nonce };
    const contractId = this.rng.pick([1, 2, 3]);
    return this.rng.pick<Record<string, unknown>>([
      { method: 'ping' },
      { method: 'subscribe', subscription: { type: 'l2Book', contractId } },
      { method: 'subscribe', subscription: { type: 'bbo', contractId } },
      { method: 'subscribe', subscription: { type: 'trades', contractId } },
      { method: 'subscribe', subscription: { type: 'candle', contractId, interval: '1m' } },
      { method: 'subscribe', subscription: { type: 'config' } },
      { method: 'unsubscribe', subscription: { type: 'l2Book', contractId } },
      { method: 'auth', auth: { action, nonce, signature: signAction(action as never, nonce, this.funded.key) } },
    ]);
  }

  /** One field of a valid message of the wrong type or removed, refused by the wire's own schema. */
  private broken(): Record<string, unknown> {
    for (;;) {
      const msg = this.valid();
      const path = this.rng.pick(paths(msg));
      const next = this.rng.chance(0.15) ? removeAt(msg, path) : setAt(msg, path, wrongType(this.rng, getAt(msg, path)));
      // `auth.signature` is free-form in the schema; a wrong one fails verification instead.
      if (!v.safeParse(ClientMessage, next).success || path.join('.').startsWith('auth.signature')) return next;
    }
  }

  next(): Frame {
    const r = this.rng.next();
    const text = (category: string, doc: unknown): Frame => ({ category, data: toText(doc), binary: false, ...(hasRaw(doc) ? { outOfRange: true } : {}) });
    if (r < 0.1) return { category: 'binary frame', data: randomBytes(this.rng, 300), binary: true };
    if (r < 0.18) return { category: 'random text', data: randomBytes(this.rng, 300).toString('latin1'), binary: false };
    if (r < 0.26) return { category: 'junk text', data: this.rng.pick(JUNK_TEXTS) || ' ', binary: false };
    if (r < 0.32) return { category: 'deep nesting', data: deepText(this.rng, this.rng.pick([100, 1_000, 10_000])), binary: false };
    if (r < 0.37) return { category: 'invalid UTF-8', data: invalidUtf8(this.rng, toText(this.valid())), binary: false };
    if (r < 0.39) return { category: 'oversized', data: toText({ method: 'ping', pad: 'x'.repeat(64 * 1024 + this.rng.int(64 * 1024)) }), binary: false };
    if (r < 0.46) return text('unknown method', { method: this.rng.chance(0.5) ? this.rng.pick(PROTOTYPE_NAMES) : this.rng.pick(['', 'PING', 'sub', 'x'.repeat(3000)]) });
    if (r < 0.52) return text('unknown channel', { method: 'subscribe', subscription: { type: this.rng.pick([...PROTOTYPE_NAMES, 'l2book', 'all', '']), contractId: 1 } });
    if (r < 0.6) {
      const msg = this.valid();
      const numeric = paths(msg).filter((p) => typeof getAt(msg, p) === 'number' && !p.join('.').startsWith('auth.signature'));
      if (numeric.length > 0) return text('number out of range', setAt(msg, this.rng.pick(numeric), hugeNumber(this.rng)));
    }
    return text('field of the wrong type or missing', this.broken());
  }
}
