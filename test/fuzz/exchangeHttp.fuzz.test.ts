import { Client, Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prng } from '../../src/exchange/engine/prng.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData } from '../support/exchangeHarness.js';
import { fundedExchange, type FundedSetup } from './support/fundedAccount.js';
import { MalformedBodies, type Body } from './support/malformedBodies.js';

/**
 * 10,000 malformed `/exchange` and `/info` bodies (random bytes, junk text, 10k-deep
 * nesting, invalid UTF-8, bodies over 64 KiB, unknown and prototype-named types, fields of
 * the wrong type signed by a funded account, numbers beyond int64 and doubles, signature
 * shapes): every answer is a 4xx error envelope (a body over the limit may also end with a
 * closed connection), the server answers a valid read after each batch, and the funded
 * account's userAccount and userOrders are byte-identical at the end.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_268);
const TOTAL = 10_000;
const BATCH = 1_000;
const STACK_LIKE = /\n\s+at |\bat [\w.<>]+ \(|node:internal|\.[cm]?[jt]s:\d+|\/src\//;

let setup: FundedSetup;
let pool: Pool;

beforeAll(async () => {
  setup = await fundedExchange();
  pool = new Pool(setup.ex.url, { connections: 8, pipelining: 1 });
});

afterAll(async () => {
  await pool?.close();
  await setup?.ex.close();
});

interface Answer {
  status: number;
  text: string;
}

async function send(path: string, body: Body): Promise<Answer | 'closed'> {
  if (body.oversized) {
    // The server closes the connection after a 413: give each its own.
    const client = new Client(setup.ex.url);
    try {
      const res = await client.request({ path, method: 'POST', body: body.data, headers: { 'content-type': 'application/json' } });
      return { status: res.statusCode, text: await res.body.text() };
    } catch {
      return 'closed';
    } finally {
      await client.destroy();
    }
  }
  const res = await pool.request({ path, method: 'POST', body: body.data, headers: { 'content-type': 'application/json' } });
  return { status: res.statusCode, text: await res.body.text() };
}

/** Why an answer is not a proper error envelope, or undefined when it is. */
function problem(a: Answer | 'closed', body: Body): string | undefined {
  if (a === 'closed') return body.oversized ? undefined : 'connection closed without an answer';
  if (a.status < 400 || a.status > 499) return `HTTP ${a.status}`;
  if (body.oversized && a.status !== 413) return `HTTP ${a.status} for a body over the limit`;
  let env: Record<string, unknown>;
  try {
    env = JSON.parse(a.text) as Record<string, unknown>;
  } catch {
    return 'answer is not JSON';
  }
  if (env.status !== 'error') return 'status is not "error"';
  if (typeof env.requestId !== 'string' || !/^req-\d+$/.test(env.requestId)) return 'no requestId req-<n>';
  if (typeof env.code !== 'string' || !/^[A-Z][A-Z_]*$/.test(env.code)) return 'no machine-readable code';
  if (typeof env.message !== 'string' || env.message.trim() === '') return 'no message';
  if (env.message.length > 2_000) return 'message longer than 2,000 characters';
  if (STACK_LIKE.test(env.message)) return 'message looks like a stack trace';
  return undefined;
}

const excerpt = (d: string | Buffer) => JSON.stringify((typeof d === 'string' ? d : d.toString('latin1')).slice(0, 160));

describe('malformed /exchange and /info bodies', () => {
  it(`answers ${TOTAL.toLocaleString('en-US')} of them with error envelopes and changes nothing (seed ${SEED})`, async () => {
    const rng = new Prng(SEED);
    const bodies = new MalformedBodies(rng, { key: setup.me.key, nonce: setup.nonce });
    const before = await setup.state();
    const configs = await send('/info', { category: 'valid', data: '{"type":"configs"}' });
    const failures: string[] = [];
    const byCode = new Map<string, number>();
    let closed = 0;
    for (let sent = 0; sent < TOTAL; sent += BATCH) {
      const batch = Array.from({ length: BATCH }, (_, i) => ((sent + i) % 5 < 3 ? (['/exchange', bodies.exchangeBody()] as const) : (['/info', bodies.infoBody()] as const)));
      // Eight requests in flight on keep-alive connections; answers checked as they come.
      let next = 0;
      const worker = async () => {
        while (next < batch.length) {
          const [path, body] = batch[next++]!;
          const a = await send(path, body);
          if (a === 'closed') closed++;
          else {
            const code = (JSON.parse(a.text.startsWith('{') ? a.text : '{}') as { code?: string }).code ?? `HTTP ${a.status}`;
            byCode.set(code, (byCode.get(code) ?? 0) + 1);
          }
          const why = problem(a, body);
          if (why && failures.length < 20) failures.push(`${path} ${body.category}: ${why}; sent ${excerpt(body.data)}; got ${a === 'closed' ? 'closed' : excerpt(a.text)}`);
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      // Still serving, and serving the same thing.
      expect(await send('/info', { category: 'valid', data: '{"type":"configs"}' })).toEqual(configs);
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(await setup.state()).toBe(before);
    // The error envelope is the answer to garbage, not to everything: a valid signed order still rests.
    const placed = exchangeData<{ statuses: { resting?: { oid: number } }[] }>(
      await setup.ex.signedPost(build.order([{ contractId: 1, isBuy: true, price: '99', size: '1', tif: 'Gtc' }]), setup.me.key),
    );
    expect(placed.statuses[0]?.resting?.oid).toBeGreaterThan(0);
    console.info(`exchange fuzz (seed ${SEED}): ${[...byCode].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ')}; closed after a body over the limit ${closed}`);
  }, 120_000);

  it('reads with ids or times out of range are refused with 400', async () => {
    const user = setup.me.address;
    const queries = [
      '{"type":"ordersByIds","user":"USER","oids":[1.5]}',
      '{"type":"shareGroupState","groupId":18446744073709551616}',
      '{"type":"userOrders","user":"USER","marketDeployerId":1,"contractId":1e400}',
      '{"type":"candleSnapshot","contractId":1,"interval":"1m","startTime":0,"endTime":1e400}',
    ];
    for (const q of queries) {
      const a = await send('/info', { category: 'out of range', data: q.replace('USER', user) });
      expect(a === 'closed' ? 'closed' : a.status).toBe(400);
    }
  });
});
