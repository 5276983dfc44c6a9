import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { Prng } from '../../../src/exchange/engine/prng.js';
import { addressOf, signAction, toHex, type Hex } from '../../../src/protocol/index.js';
import * as v from 'valibot';
import { build, INFO_QUERIES, parseAction, type InfoType } from '../../../src/protocol/wire/index.js';
import {
  deepText,
  getAt,
  hugeNumber,
  invalidUtf8,
  JUNK_TEXTS,
  paths,
  PROTOTYPE_NAMES,
  randomBytes,
  removeAt,
  setAt,
  hasRaw,
  toText,
  wrongType,
} from './jsonMutations.js';

/**
 * Malformed `/exchange` and `/info` bodies, drawn from a seeded PRNG so a failure can be
 * replayed. Nothing here is a valid request: wrong-typed fields are signed by the funded
 * account itself, so they reach the server's checks with a signature that verifies.
 */
export interface Body {
  category: string;
  data: string | Buffer;
  /** Over the server's body limit: a 413 or a closed connection is the right answer. */
  oversized?: boolean;
  /** Holds a number token out of every sane range (1e400, 2^64, 1.5 for an id). */
  outOfRange?: boolean;
}

function body(category: string, doc: unknown): Body {
  return { category, data: toText(doc), ...(hasRaw(doc) ? { outOfRange: true } : {}) };
}

const ADDR = '0x00000000000000000000000000000000000000aa';

/** One valid example of every action (values chosen to be harmless even if they applied). */
export function validActions(self: string): { type: string }[] {
  return [
    build.registerAccount(self),
    build.enroll(2),
    build.order([{ contractId: 1, isBuy: true, price: '100', size: '1', tif: 'Gtc', cloid: '77' }]),
    build.cancel([{ contractId: 1, oid: 1 }]),
    build.cancelByCloid([{ contractId: 1, cloid: '77' }]),
    build.cancelAll(1),
    build.modify({ contractId: 1, oid: 1, price: '101', size: '2', tif: 'Gtc', newCloid: '78' }),
    build.updateIsolatedMargin(1, 1000, true),
    build.updateLeverage(1, 5),
    build.updateMarginMode(1, 'isolated'),
    build.tpSl({ asset: 1, isBuy: true, tp: { triggerPx: '200', sz: '1' }, sl: { triggerPx: '100' } }),
    build.cancelTpSl(1, true),
    build.cancelConditional(1, 1),
    build.lockCollateral(1, 0, '1000'),
    build.unlockCollateral(1, 0, '1000'),
    build.transferBetweenDeployers(1, 2, 0, '1000'),
    build.setMarginShareType(1),
    build.transferMdToShareGroup(1, 1, 0, '1000'),
    build.transferShareGroupToMd(1, 1, 0, '1000'),
    build.lockIntoShareGroup(1, 0, '1000'),
    build.unlockFromShareGroup(1, 0, '1000'),
    build.updateFeeSetting(1, self, '0.0005', '0.0002'),
    build.approveAgent(ADDR, 'fuzz', 0),
    build.revokeAgent(ADDR),
  ];
}

export function validQueries(user: string): Record<string, unknown>[] {
  return [
    { type: 'configs' },
    { type: 'marketState', contractId: 1 },
    { type: 'l2Book', contractId: 1, depth: 5 },
    { type: 'candleSnapshot', contractId: 1, interval: '1m', startTime: 0, endTime: 60_000 },
    { type: 'userOrders', user, marketDeployerId: 1, contractId: 1 },
    { type: 'ordersByIds', user, oids: [1, 2] },
    { type: 'ordersByCloids', user, cloids: ['77'] },
    { type: 'userAccount', user, marketDeployerId: 1 },
    { type: 'userAgents', accountId: '1' },
    { type: 'userMarketDeployers', user },
    { type: 'shareGroupState', groupId: 1 },
  ];
}

export interface Signer {
  key: Hex;
  nonce: () => number;
}

export class MalformedBodies {
  private readonly actions: { type: string }[];
  private readonly queries: Record<string, unknown>[];
  private readonly stranger: Hex = toHex(secp256k1.utils.randomSecretKey());

  constructor(
    private readonly rng: Prng,
    private readonly funded: Signer,
  ) {
    this.actions = validActions(addressOf(funded.key));
    this.queries = validQueries(addressOf(funded.key));
  }

  private envelope(action: unknown, key: Hex | undefined): Record<string, unknown> {
    const nonce = this.funded.nonce();
    // Actions that are not the wire's shape cannot always be signed; a made-up signature then.
    let signature: unknown = { r: `0x${'1'.repeat(64)}`, s: `0x${'2'.repeat(64)}`, v: 27 };
    if (key) {
      try {
        signature = signAction(action as never, nonce, key);
      } catch {
        // Left as the made-up one.
      }
    }
    return { action, nonce, signature };
  }

  /**
   * A real action with one field (at any depth) of the wrong type, or removed. The wire's
   * own schema is the oracle: a mutation it still accepts (an optional field removed) is
   * not malformed, so another is drawn.
   */
  private brokenAction(): unknown {
    for (;;) {
      const action = this.rng.pick(this.actions);
      const path = this.rng.pick(paths(action));
      const next = this.rng.chance(0.15) && path[path.length - 1] !== 'type' ? removeAt(action, path) : setAt(action, path, wrongType(this.rng, getAt(action, path)));
      if (!parseAction(next).ok) return next;
    }
  }

  private brokenQuery(): unknown {
    for (;;) {
      const q = this.rng.pick(this.queries);
      const path = this.rng.pick(paths(q));
      const next = this.rng.chance(0.2) && path[0] !== 'type' ? removeAt(q, path) : setAt(q, path, wrongType(this.rng, getAt(q, path)));
      const schema = INFO_QUERIES[q.type as InfoType].request;
      if (!v.safeParse(schema, next).success) return next;
    }
  }

  /** A document (one with numbers) with one number replaced by one out of every sane range. */
  private withHugeNumber(docs: readonly object[]): unknown {
    const withNumbers = docs.filter((d) => paths(d).some((p) => typeof getAt(d, p) === 'number'));
    const doc = this.rng.pick(withNumbers);
    const numeric = paths(doc).filter((p) => typeof getAt(doc, p) === 'number');
    return setAt(doc, this.rng.pick(numeric), hugeNumber(this.rng));
  }

  private common(kind: 'exchange' | 'info', valid: () => string): Body | undefined {
    const r = this.rng.next();
    if (r < 0.08) return { category: 'random bytes', data: randomBytes(this.rng, 600) };
    if (r < 0.14) return { category: 'junk text', data: this.rng.pick(JUNK_TEXTS) };
    if (r < 0.19) {
      const levels = this.rng.pick([100, 1_000, 10_000]);
      const deep = deepText(this.rng, levels);
      const where = this.rng.int(3);
      const data = where === 0 ? deep : kind === 'info' ? `{"type":"l2Book","contractId":${deep}}` : toText(this.envelope(null, undefined)).replace('"action":null', `"action":${deep}`);
      return { category: 'deep nesting', data };
    }
    if (r < 0.24) return { category: 'invalid UTF-8', data: invalidUtf8(this.rng, valid()) };
    if (r < 0.26) {
      const pad = 'x'.repeat(64 * 1024 + this.rng.int(256 * 1024));
      return { category: 'oversized', data: valid().replace(/}$/, `,"pad":"${pad}"}`), oversized: true };
    }
    if (r < 0.3) {
      const name = this.rng.chance(0.5) ? this.rng.pick(PROTOTYPE_NAMES) : this.rng.pick(['', ' ', 'CONFIGS', 'order ', 'x'.repeat(5000), '\u{1F4A5}', 'configs\u0000']);
      const data = kind === 'info' ? toText({ type: name }) : toText(this.envelope({ type: name }, this.funded.key));
      return { category: 'unknown type', data };
    }
    return undefined;
  }

  exchangeBody(): Body {
    const validEnvelope = () => toText(this.envelope(this.rng.pick(this.actions), this.stranger));
    const shared = this.common('exchange', validEnvelope);
    if (shared) return shared;
    const r = this.rng.next();
    if (r < 0.35) return body('action field of the wrong type, signed', this.envelope(this.brokenAction(), this.funded.key));
    if (r < 0.45) return body('action field of the wrong type, bad signature', this.envelope(this.brokenAction(), undefined));
    if (r < 0.6) return body('huge number in the action', this.envelope(this.withHugeNumber(this.actions), this.funded.key));
    if (r < 0.75) {
      // The envelope itself: nonce, signature, vaultAddress, inviteCode of the wrong type or missing.
      const env = this.envelope(this.rng.pick(this.actions), this.funded.key);
      const field = this.rng.pick(['nonce', 'signature', 'action', 'vaultAddress', 'inviteCode'] as const);
      if (this.rng.chance(0.2) && field !== 'vaultAddress' && field !== 'inviteCode') delete env[field];
      else if (field === 'nonce' && this.rng.chance(0.4)) env[field] = hugeNumber(this.rng);
      else if (field === 'vaultAddress') env[field] = this.rng.pick<unknown>(['', '0x', '0x1234', `0x${'g'.repeat(40)}`, `0x${'a'.repeat(41)}`, 1, true, [], {}]);
      else if (field === 'inviteCode') env[field] = this.rng.pick<unknown>([1, 123456, true, [], {}, ['ABC123']]);
      else env[field] = wrongType(this.rng, env[field]);
      return body('envelope field of the wrong type', env);
    }
    // Signature shapes, on a signature by a key no account has: even a shape the server
    // tolerated could only recover an unknown signer.
    const env = this.envelope(this.rng.pick(this.actions), this.stranger);
    const sig = env.signature as Record<string, unknown>;
    const shapes: (() => unknown)[] = [
      () => ({ ...sig, r: (sig.r as string).slice(0, 40) }),
      () => ({ ...sig, s: `${sig.s as string}00` }),
      () => ({ ...sig, r: (sig.r as string).toUpperCase() }),
      () => ({ ...sig, v: this.rng.pick([0, 1, 26, 29, 255, -27, 27.5]) }),
      () => ({ ...sig, v: String(sig.v) }),
      () => ({ ...sig, r: (sig.r as string).slice(2) }),
      () => ({ ...sig, s: `0x${'f'.repeat(64)}` }),
      () => ({ ...sig, r: `0x${'0'.repeat(64)}` }),
      () => ({ r: sig.r, s: sig.s }),
      () => `${sig.r as string}${(sig.s as string).slice(2)}1b`,
      () => [sig.r, sig.s, sig.v],
      () => ({ ...sig, r: `0x${'g'.repeat(64)}` }),
    ];
    env.signature = this.rng.pick(shapes)();
    return { category: 'signature shape', data: toText(env) };
  }

  infoBody(): Body {
    const shared = this.common('info', () => toText(this.rng.pick(this.queries)));
    if (shared) return shared;
    const r = this.rng.next();
    if (r < 0.7) return body('query field of the wrong type or missing', this.brokenQuery());
    return body('huge number in the query', this.withHugeNumber(this.queries));
  }
}
