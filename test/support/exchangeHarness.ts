/**
 * The embedded exchange for integration tests, over real loopback HTTP.
 *
 *   const ex = await startTestExchange();          // port 0, control on, 50 ms credit delay, no rate limit
 *   const alice = newKey();
 *   await ex.registerFunded(alice);                // registered and holding 10,000 USDC on chain
 *   const r = await ex.signedPost(build.enroll(1), alice);
 *   expect(exchangeData(r)).toEqual({ marketDeployerId: 1 });
 *   await ex.info({ type: 'userAccount', user: addressOf(alice) });
 *   await ex.control({ type: 'advanceTime', ms: 60_000 });
 *   await ex.close();
 *
 * Nonces come from one NonceManager on the exchange's own clock, so advanceTime never
 * pushes them out of the window. `post` sends any string, for malformed-input tests.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { request } from 'undici';
import { addressOf, NonceManager, signAction, toHex, type Hex, type Signature } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { startExchange, type RunningExchange, type StartExchangeOptions } from '../../src/exchange/index.js';

export interface Reply<T = unknown> {
  status: number;
  body: T;
}

export interface SignedPostOptions {
  nonce?: number;
  inviteCode?: string;
  vaultAddress?: string;
  /** Replace the computed signature (negative tests). */
  signature?: Signature | Record<string, unknown>;
}

export interface Registered {
  key: Hex;
  address: Hex;
  accountId: number;
}

export interface TestExchange {
  url: string;
  wsUrl: string;
  running: RunningExchange;
  /** A fresh, unused invite code (issued in-process). */
  inviteCode(): string;
  /** Raw POST of any string to a path ("/exchange", "/info", "/control", ...). */
  post(path: string, body: string): Promise<Reply>;
  info<T = unknown>(body: unknown): Promise<Reply<T>>;
  control(body: unknown): Promise<Reply>;
  signedPost(action: { type: string }, key: Hex, opts?: SignedPostOptions): Promise<Reply>;
  nextNonce(address: string): number;
  /** registerAccount with a fresh invite code; resolves once accepted (not yet funded). */
  register(key?: Hex): Promise<Registered>;
  /** register, then wait until the 10,000 USDC credit has arrived. */
  registerFunded(key?: Hex): Promise<Registered>;
  close(): Promise<void>;
}

export function newKey(): Hex {
  return toHex(secp256k1.utils.randomSecretKey());
}

/** `response.data` of an ok reply; throws with the exchange's own words otherwise. */
export function exchangeData<T = Record<string, unknown>>(reply: Reply): T {
  const body = (reply.body ?? {}) as { status?: string; response?: { data?: unknown }; code?: string; message?: string };
  if (reply.status !== 200 || body.status !== 'ok') {
    throw new Error(`exchange answered ${reply.status}: ${body.code ?? ''} ${body.message ?? JSON.stringify(body)}`);
  }
  return body.response?.data as T;
}

/** Defaults: port 0, control on, 50 ms credit delay, no rate limit, no market bots, 50 ms blocks. */
export async function startTestExchange(opts: StartExchangeOptions = {}): Promise<TestExchange> {
  const running = await startExchange({ control: true, creditDelayMs: 50, rateLimitPerMin: 0, seed: 42, activity: 'off', blockMs: 50, ...opts });
  const { core } = running;
  const nonces = new NonceManager({ now: () => core.clock.now() });

  async function post(path: string, body: string): Promise<Reply> {
    const res = await request(`${running.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    const text = await res.body.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Left as text: the caller's assertion will show it.
    }
    return { status: res.statusCode, body: parsed };
  }

  const ex: TestExchange = {
    url: running.url,
    wsUrl: running.wsUrl,
    running,
    inviteCode: () => core.invites.issue(1)[0] as string,
    post,
    info: <T>(body: unknown) => post('/info', JSON.stringify(body)) as Promise<Reply<T>>,
    control: (body) => post('/control', JSON.stringify(body)),
    nextNonce: (address) => nonces.next(address),
    signedPost(action, key, o = {}) {
      const nonce = o.nonce ?? nonces.next(addressOf(key));
      const envelope: Record<string, unknown> = { action, nonce, signature: o.signature ?? signAction(action, nonce, key) };
      if (o.inviteCode !== undefined) envelope.inviteCode = o.inviteCode;
      if (o.vaultAddress !== undefined) envelope.vaultAddress = o.vaultAddress;
      return post('/exchange', JSON.stringify(envelope));
    },
    async register(key = newKey()) {
      const address = addressOf(key);
      const reply = await ex.signedPost(build.registerAccount(address), key, { inviteCode: ex.inviteCode() });
      const { accountId } = exchangeData<{ accountId: number }>(reply);
      return { key, address, accountId };
    },
    async registerFunded(key = newKey()) {
      const who = await ex.register(key);
      const credit = core.config.registrationCredit.toString();
      for (let i = 0; i < 2000; i++) {
        const r = await ex.info<{ chainBalances: { coinId: number; total: string }[] }>({ type: 'userAccount', user: who.address });
        if (r.body.chainBalances.find((b) => b.coinId === core.config.collateralCoinId)?.total === credit) return who;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error('registration credit did not arrive');
    },
    close: () => running.close(),
  };
  return ex;
}
