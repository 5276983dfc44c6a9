import { networkInterfaces } from 'node:os';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback } from '../../src/exchange/http/server.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { WsTestClient } from './wsTestClient.js';

let ex: TestExchange;
let who: Registered;

const enrolled = async () => (await ex.info<number[]>({ type: 'userMarketDeployers', user: who.address })).body;

beforeAll(async () => {
  ex = await startTestExchange();
  who = await ex.register();
});
afterAll(() => ex.close());

describe('availability', () => {
  it('is off unless started with control', async () => {
    const plain = await startTestExchange({ control: false });
    try {
      expect((await plain.control({ type: 'advanceTime', ms: 1 })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers loopback peers only', async () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.2'].every(isLoopback)).toBe(true);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '192.168.1.2', undefined].some(isLoopback)).toBe(false);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    if (!external) return; // no non-loopback interface in this sandbox: the unit check above stands
    const open = await startTestExchange({ host: '0.0.0.0' });
    try {
      const viaExternal = await request(`http://${external}:${open.running.port}/control`, { method: 'POST', body: '{"type":"advanceTime","ms":1}' });
      expect(viaExternal.statusCode).toBe(404);
      await viaExternal.body.dump();
      expect((await open.control({ type: 'advanceTime', ms: 1 })).status).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('refuses unknown or malformed requests with 400', async () => {
    for (const body of [{ type: 'explode' }, { type: 'advanceTime', ms: -1 }, { type: 'failNext', count: 1, mode: 'sometimes' }, []]) {
      const r = await ex.control(body);
      expect([r.status, (r.body as { code: string }).code]).toEqual([400, 'BAD_REQUEST']);
    }
  });
});

describe('market controls', () => {
  it('setIndexPrice stores the index (human decimal at the contract scale)', async () => {
    let heard: [number, bigint] | undefined;
    const off = ex.running.core.indexPrices.onChange((id, px) => (heard = [id, px]));
    expect((await ex.control({ type: 'setIndexPrice', contractId: 2, px: '61234.5' })).body).toEqual({ ok: true });
    off();
    expect(heard).toEqual([2, 612345n]);
    expect((await ex.info({ type: 'marketState', contractId: 2 })).body).toMatchObject({ indexPx: '61234.5' });
    expect((await ex.control({ type: 'setIndexPrice', contractId: 2, px: '1.25' })).status).toBe(400); // 2 decimals at priceScale 1
    expect((await ex.control({ type: 'setIndexPrice', contractId: 2, px: '0' })).status).toBe(400);
    expect((await ex.control({ type: 'setIndexPrice', contractId: 99, px: '1' })).status).toBe(404);
  });

  it('freezeShareGroup flips FROZEN in reads and tells config subscribers', async () => {
    const c = await WsTestClient.open(ex.wsUrl);
    await c.request({ method: 'subscribe', subscription: { type: 'config' } });
    const event = c.next((m) => m.channel === 'config');
    expect((await ex.control({ type: 'freezeShareGroup', groupId: 1, frozen: true })).body).toEqual({ ok: true });
    expect(await event).toMatchObject({ channel: 'config', data: { event: 'freeze', groupId: 1 } });
    expect((await ex.info({ type: 'shareGroupState', groupId: 1 })).body).toEqual([{ groupId: 1, members: [1, 2], settlementCoinId: 0, frozen: true }]);
    await ex.control({ type: 'freezeShareGroup', groupId: 1, frozen: false });
    expect((await ex.info({ type: 'shareGroupState', groupId: 1 })).body).toMatchObject([{ frozen: false }]);
    expect((await ex.control({ type: 'freezeShareGroup', groupId: 7, frozen: true })).status).toBe(404);
    c.close();
  });

  it('advanceTime moves exchange time forward', async () => {
    const before = ex.running.core.clock.now();
    const r = (await ex.control({ type: 'advanceTime', ms: 86_400_000 })).body as { ok: boolean; now: number };
    expect(r.ok).toBe(true);
    expect(r.now).toBeGreaterThanOrEqual(before + 86_400_000);
  });

  it('issueInviteCodes makes codes that register', async () => {
    const r = (await ex.control({ type: 'issueInviteCodes', count: 2 })).body as { codes: string[] };
    expect(r.codes).toHaveLength(2);
    for (const c of r.codes) expect(c).toMatch(/^[A-Z0-9]{6}$/);
  });
});

describe('failNext', () => {
  it('error500: answers 500 INTERNAL without applying, for exactly count requests', async () => {
    expect((await ex.control({ type: 'failNext', count: 2, mode: 'error500' })).body).toEqual({ ok: true });
    for (let i = 0; i < 2; i++) {
      const r = await ex.signedPost(build.enroll(1), who.key);
      expect([r.status, (r.body as { code: string }).code]).toEqual([500, 'INTERNAL']);
    }
    expect(await enrolled()).toEqual([]);
    expect(exchangeData(await ex.signedPost(build.enroll(1), who.key))).toEqual({ marketDeployerId: 1 });
  });

  it('delay: answers normally after the delay, applied once', async () => {
    await ex.control({ type: 'failNext', count: 1, mode: 'delay', delayMs: 50 });
    expect(exchangeData(await ex.signedPost(build.enroll(2), who.key))).toEqual({ marketDeployerId: 2 });
    expect(await enrolled()).toEqual([1, 2]);
  });

  it('dropAfterApply: the socket dies without a response, but the action took effect', async () => {
    const fresh = await ex.register();
    await ex.control({ type: 'failNext', count: 1, mode: 'dropAfterApply' });
    await expect(ex.signedPost(build.enroll(1), fresh.key)).rejects.toThrow();
    expect((await ex.info({ type: 'userMarketDeployers', user: fresh.address })).body).toEqual([1]);
    expect(exchangeData(await ex.signedPost(build.enroll(2), fresh.key))).toEqual({ marketDeployerId: 2 });
  });

  it('targets /exchange by default, /info or both when asked', async () => {
    await ex.control({ type: 'failNext', count: 1, mode: 'error500' });
    expect((await ex.info({ type: 'configs' })).status).toBe(200);
    expect((await ex.signedPost(build.enroll(1), who.key)).status).toBe(500);
    await ex.control({ type: 'failNext', count: 1, mode: 'error500', route: 'info' });
    expect((await ex.signedPost(build.enroll(1), who.key)).status).toBe(200);
    expect((await ex.info({ type: 'configs' })).status).toBe(500);
    await ex.control({ type: 'failNext', count: 2, mode: 'error500', route: 'any' });
    expect((await ex.info({ type: 'configs' })).status).toBe(500);
    expect((await ex.signedPost(build.enroll(1), who.key)).status).toBe(500);
    expect((await ex.info({ type: 'configs' })).status).toBe(200);
  });

  it('count 0 disarms', async () => {
    await ex.control({ type: 'failNext', count: 5, mode: 'error500' });
    await ex.control({ type: 'failNext', count: 0, mode: 'error500' });
    expect((await ex.signedPost(build.enroll(1), who.key)).status).toBe(200);
  });
});
