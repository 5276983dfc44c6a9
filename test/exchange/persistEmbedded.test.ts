/**
 * `npm start`'s embedded exchange keeps its venue in the state directory
 * (embedded/exchange.sqlite, 0600): a restart shows the same account, order and position;
 * `fresh` moves the file aside and starts a new venue.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signAction, toHex } from '../../src/protocol/index.js';
import { build, type OrderStatus } from '../../src/protocol/wire/index.js';
import { embeddedVenueFile, startEmbedded, type EmbeddedExchange } from '../../src/session/embedded.js';
import { tempDirs } from '../support/tempDirs.js';

const tempDir = tempDirs('perpdesk-embedded-venue-');

async function post(url: string, route: string, body: unknown): Promise<unknown> {
  return (await fetch(`${url}${route}`, { method: 'POST', body: JSON.stringify(body) })).json();
}

/** Signed with the demo agent key on the master's account, as the dashboard trades. */
async function trade(emb: EmbeddedExchange, action: { type: string }): Promise<unknown> {
  const nonce = await emb.nonces.nextAsync(emb.agent.address);
  const reply = (await post(emb.url, '/exchange', { action, nonce, signature: signAction(action, nonce, toHex(emb.agent.bytes())) })) as { response: { data: unknown } };
  return reply.response.data;
}

const view = async (emb: EmbeddedExchange) => ({
  account: await post(emb.url, '/info', { type: 'userAccount', user: emb.address, marketDeployerId: 1 }),
  orders: await post(emb.url, '/info', { type: 'userOrders', user: emb.address, marketDeployerId: 1 }),
  book: ((await post(emb.url, '/info', { type: 'l2Book', contractId: 1 })) as { levels: unknown }).levels,
});

describe('the embedded exchange on the state directory', () => {
  it('resumes the same venue on the next start, and a fresh one on request', async () => {
    const stateDir = tempDir();
    let emb = await startEmbedded({ stateDir, activity: 'off' });
    await emb.ready;
    const placed = (await trade(emb, build.order([{ contractId: 1, isBuy: true, price: '120', size: '3', tif: 'Gtc' }]))) as { statuses: OrderStatus[] };
    expect('resting' in placed.statuses[0]!).toBe(true);
    const before = await view(emb);
    await emb.close();
    const file = embeddedVenueFile(stateDir);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);

    emb = await startEmbedded({ stateDir, activity: 'off' });
    try {
      await emb.ready;
      // Not registered or credited again: the same money, the same resting order.
      expect(await view(emb)).toEqual(before);
    } finally {
      await emb.close();
    }

    const steps: string[] = [];
    emb = await startEmbedded({ stateDir, activity: 'off', fresh: true, onProgress: (s) => steps.push(s) });
    try {
      await emb.ready;
      expect(steps.join('\n')).toMatch(/a new venue: the old one is kept as .*exchange\.\d{4}-.*\.sqlite/);
      const now = await view(emb);
      expect(now.orders).toEqual([]);
      expect(existsSync(file)).toBe(true);
      expect(readdirSync(path.dirname(file)).filter((f) => /^exchange\..*\.sqlite$/.test(f))).toHaveLength(1);
    } finally {
      await emb.close();
    }
  }, 30_000);
});
