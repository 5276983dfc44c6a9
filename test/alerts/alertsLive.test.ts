import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRule, alertFilePath, readAlertFile } from '../../src/alerts/alertFile.js';
import { hookSink, webhookSink } from '../../src/alerts/deliver.js';
import type { Alert } from '../../src/alerts/evaluate.js';
import { startSessionAlerts, type AlertRunner } from '../../src/alerts/runner.js';
import { parseRule, type StoredRule } from '../../src/alerts/rules.js';
import { algoHostOf, AlgoRunner } from '../../src/algo/index.js';
import { NonceManager } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { createSession, type Session } from '../../src/session/index.js';
import { accountSummary, marginRatioBps } from '../../src/state/accountSummary.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { waitFor } from '../support/waitFor.js';
import { one, oidOf, trader, type Trader } from '../exchange/traders.js';

/**
 * Every rule kind against the real embedded exchange over loopback: a live session (the
 * streams and polls a dashboard has), a runner on its store, and the crossing driven by the
 * control route (setIndexPrice, dropConnections) or by real orders where the market itself
 * is the rule (spread, fills, cancels, rejections). Each crossing delivers exactly one alert.
 */
const newDir = tempDirs('perpdesk-alerts-');
let ex: TestExchange;
let me: Trader;
let maker: Trader;
let ethMaker: Trader;
let session: Session;
const runners: AlertRunner[] = [];
const sessions: Session[] = [];

let cloidSeq = 0;
/** A client order id: int64 digits, fresh per order. */
const cloid = () => String(BigInt(Date.now()) * 1000n + BigInt(++cloidSeq));
const rule = (r: object, id: string): StoredRule => ({ ...parseRule(r), id });

function openSession(o: { ws?: Parameters<typeof createSession>[2]['ws'] } = {}): Session {
  const core = ex.running.core;
  const s = createSession({ url: ex.url, wsUrl: ex.wsUrl }, { master: me.key }, {
    contractName: 'SOL1',
    poll: { marketStateMs: 100, accountMs: 100 },
    flushMs: 20,
    nonces: new NonceManager({ now: () => core.clock.now() }),
    ...(o.ws ? { ws: o.ws } : {}),
  });
  sessions.push(s);
  return s;
}

/** A runner on the session with `rules`, every alert kept in order. */
function watch(rules: StoredRule[], o: Partial<Parameters<typeof startSessionAlerts>[1]> = {}, on: Session = session): { runner: AlertRunner; fired: Alert[] } {
  const fired: Alert[] = [];
  const runner = startSessionAlerts(on, { rules, tickMs: 100, ...o });
  runner.subscribe((a) => fired.push(a));
  runners.push(runner);
  return { runner, fired };
}

const mark = (contractId: number, s: Session = session) => s.store.getState().market.marketStates[contractId]?.markPx;

async function setIndex(contractId: number, px: string, expectMark = px): Promise<void> {
  await ex.control({ type: 'setIndexPrice', contractId, px });
  await waitFor(() => mark(contractId) === expectMark, `mark ${expectMark} on contract ${contractId}`);
}

beforeAll(async () => {
  ex = await startTestExchange();
  me = await trader(ex);
  maker = await trader(ex);
  // ETH1 is deployer 2's.
  ethMaker = await trader(ex, 5_000n, 2);
  session = openSession();
  const ready = await session.ready;
  if (!ready.ok) throw new Error(ready.error.message);
  await waitFor(() => session.store.getState().session.connection === 'open', 'the stream');
});

afterAll(async () => {
  for (const r of runners) r.stop();
  for (const s of sessions) await s.close();
  await ex.close();
});

describe('market rules, driven by setIndexPrice', () => {
  it('price: one alert per crossing; oscillating inside the hysteresis fires no more', async () => {
    const { runner, fired } = watch([rule({ kind: 'price', contract: 'SOL1', direction: 'above', level: '155' }, 'p1')]);
    await waitFor(() => mark(1) === '150', 'mark 150');
    runner.check();
    for (let i = 0; i < 2; i++) {
      await setIndex(1, '160');
      await waitFor(() => fired.length === i + 1, `alert ${i + 1}`);
      await setIndex(1, '150');
    }
    // 155 <-> 154 is inside the default hysteresis (one tick): no alert however often.
    await setIndex(1, '155');
    for (let i = 0; i < 4; i++) {
      await setIndex(1, '154');
      await setIndex(1, '155');
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(fired.map((a) => [a.rule, a.kind, a.contract, a.value, a.threshold])).toEqual([
      ['p1', 'price', 'SOL1', '160', '155'],
      ['p1', 'price', 'SOL1', '160', '155'],
      ['p1', 'price', 'SOL1', '155', '155'],
    ]);
    await setIndex(1, '150');
  });

  it('move: 2% within a minute fires once', async () => {
    const { fired } = watch([rule({ kind: 'move', contract: 'SOL1', pct: '2', windowSec: 60 }, 'm1')]);
    await setIndex(1, '151');
    await setIndex(1, '154');
    await waitFor(() => fired.length === 1, 'the move alert');
    await new Promise((r) => setTimeout(r, 300));
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ kind: 'move', contract: 'SOL1', threshold: '2' });
    expect(fired[0]!.message).toMatch(/^SOL1 mark moved 2\.\d+% to 154 within 60s \(from 150\)$/);
    await setIndex(1, '150');
  });

  it('funding: the rate crossing above a threshold when the index moves away from the book', async () => {
    oidOf(await one(ex, maker, { contractId: 2, isBuy: true, price: '60000', size: '0.01' }));
    oidOf(await one(ex, maker, { contractId: 2, isBuy: false, price: '60010', size: '0.01' }));
    const { fired } = watch([rule({ kind: 'funding', contract: 'BTC1', direction: 'above', rate: '0.001' }, 'f1')]);
    await waitFor(() => mark(2) === '60000', 'BTC1 mark');
    for (let i = 0; i < 2; i++) {
      // The mark stays at the bid (the median of bid, ask and index); the premium over the index is 3.4%.
      await setIndex(2, '58000', '60000');
      await waitFor(() => fired.length === i + 1, `funding alert ${i + 1}`);
      await ex.control({ type: 'setIndexPrice', contractId: 2, px: '60000' });
      await waitFor(() => session.store.getState().market.marketStates[2]?.indexPx === '60000', 'index back');
    }
    expect(fired).toHaveLength(2);
    expect(fired[0]).toMatchObject({ kind: 'funding', contract: 'BTC1', threshold: '0.001' });
    expect(Number(fired[0]!.value)).toBeGreaterThan(0.001);
  });
});

describe('book, account and order rules', () => {
  it('spread: wider than 4 ticks fires once per widening', async () => {
    await one(ex, ethMaker, { contractId: 3, isBuy: true, price: '3000', size: '1' });
    const tight = () => one(ex, ethMaker, { contractId: 3, isBuy: false, price: '3000.1', size: '1' });
    let ask = oidOf(await tight());
    const { fired } = watch([rule({ kind: 'spread', contract: 'ETH1', ticks: 4 }, 's1')]);
    await waitFor(() => session.store.getState().market.bbos[3]?.ask?.px === '3000.1', 'ETH1 bbo');
    for (let i = 0; i < 2; i++) {
      await ex.signedPost(build.cancel([{ contractId: 3, oid: ask }]), ethMaker.key);
      ask = oidOf(await one(ex, ethMaker, { contractId: 3, isBuy: false, price: '3001', size: '1' }));
      await waitFor(() => fired.length === i + 1, `spread alert ${i + 1}`);
      await ex.signedPost(build.cancel([{ contractId: 3, oid: ask }]), ethMaker.key);
      ask = oidOf(await tight());
      await waitFor(() => session.store.getState().market.bbos[3]?.ask?.px === '3000.1', 'tight again');
    }
    expect(fired.map((a) => [a.value, a.threshold])).toEqual([
      ['20', '4'],
      ['20', '4'],
    ]);
  });

  it('order filled, pnl below, margin ratio above (driven by setIndexPrice), cancelled and rejected', async () => {
    const orders = watch([
      rule({ kind: 'order', event: 'filled', contract: 'SOL1' }, 'o1'),
      rule({ kind: 'order', event: 'cancelled' }, 'o2'),
      rule({ kind: 'order', event: 'rejected' }, 'o3'),
    ]);
    oidOf(await one(ex, maker, { contractId: 1, isBuy: false, price: '150', size: '50' }));
    const bought = await session.exchange.submit(build.order([{ contractId: 1, isBuy: true, price: '150', size: '50', tif: 'Ioc', cloid: cloid() }]));
    expect(bought.ok).toBe(true);
    await waitFor(() => orders.fired.some((a) => a.rule === 'o1'), 'the fill alert');
    expect(orders.fired.find((a) => a.rule === 'o1')).toMatchObject({ kind: 'order', contract: 'SOL1', value: '150' });
    await waitFor(() => session.store.getState().account.positions.some((p) => p.contractId === 1 && p.size === '50'), 'the position');

    // The margin ratio at 150 and at 110, read as the store has them; the rule's level is between.
    const ratio = () => {
      const s = session.store.getState();
      const risk = accountSummary(s.account.raw, s.market.configs, s.account.shareGroupDefs)?.riskiest;
      return risk ? marginRatioBps(risk) : undefined;
    };
    const at = async (px: string) => {
      await setIndex(1, px);
      // The account is polled every 100 ms.
      await new Promise((r) => setTimeout(r, 500));
      return ratio()!;
    };
    const low = await at('150');
    const high = await at('110');
    expect(high).toBeGreaterThan(low);
    await at('150');
    const levelPct = (Number(low + high) / 2 / 100).toFixed(2);
    const risk = watch([
      rule({ kind: 'pnl', contract: 'SOL1', direction: 'below', amount: '-1000' }, 'n1'),
      rule({ kind: 'margin', pct: levelPct, hysteresis: '0.01' }, 'g1'),
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(risk.fired).toEqual([]);
    await setIndex(1, '110');
    await waitFor(() => risk.fired.length === 2, 'pnl and margin alerts');
    const byRule = Object.fromEntries(risk.fired.map((a) => [a.rule, a]));
    // Long 50 from 150 at 110: -2,000 in the collateral coin.
    expect(byRule['n1']).toMatchObject({ kind: 'pnl', contract: 'SOL1', value: '-2000', threshold: '-1000' });
    expect(byRule['g1']).toMatchObject({ kind: 'margin', contract: null, threshold: levelPct });
    await setIndex(1, '150');

    // A resting bid cancelled; an order the exchange refuses (far beyond the account's margin).
    const rest = await session.exchange.submit(build.order([{ contractId: 1, isBuy: true, price: '100', size: '1', cloid: cloid() }]));
    if (!rest.ok) throw new Error(rest.error.message);
    await waitFor(() => Object.keys(session.store.getState().orders.open).length === 1, 'the resting order');
    const oid = Number(Object.keys(session.store.getState().orders.open)[0]);
    await session.exchange.submit(build.cancel([{ contractId: 1, oid }]));
    await waitFor(() => orders.fired.some((a) => a.rule === 'o2'), 'the cancel alert');
    await session.exchange.submit(build.order([{ contractId: 1, isBuy: true, price: '150', size: '10000000', cloid: cloid() }]));
    await waitFor(() => orders.fired.some((a) => a.rule === 'o3'), 'the rejection alert');
    await new Promise((r) => setTimeout(r, 300));
    expect(orders.fired.map((a) => a.rule)).toEqual(['o1', 'o2', 'o3']);
    expect(orders.fired[1]!.message).toMatch(/^Order cancelled: buy 1 SOL1 @ 100 \(oid \d+\)$/);
    expect(orders.fired[2]!.message).toMatch(/^Rejected: /);
  });
});

describe('stale streams and algos', () => {
  it('stale: the book stale for more than a second (connections dropped, slow to come back) fires once, and again after it recovered', async () => {
    const slow = openSession({ ws: { backoff: { baseMs: 1_600, capMs: 1_600, random: () => 0.99 } } });
    await slow.ready;
    await waitFor(() => slow.store.getState().session.connection === 'open' && !slow.store.getState().session.staleness.book, 'a live book');
    const { fired } = watch([rule({ kind: 'stale', stream: 'book', seconds: 1 }, 't1')], {}, slow);
    for (let i = 0; i < 2; i++) {
      await ex.control({ type: 'dropConnections' });
      await waitFor(() => fired.length === i + 1, `stale alert ${i + 1}`);
      await waitFor(() => !slow.store.getState().session.staleness.book, 'the book live again');
    }
    expect(fired.map((a) => [a.kind, a.threshold])).toEqual([
      ['stale', '1'],
      ['stale', '1'],
    ]);
    expect(fired[0]!.message).toMatch(/^book stale for \ds \(alert over 1s\)$/);
    await waitFor(() => session.store.getState().session.connection === 'open', 'the main session back');
  });

  it('algo: a TWAP paused by the trader fires the paused rule once', async () => {
    const dir = newDir();
    const runner = new AlgoRunner({ host: algoHostOf(session, { refresh: true }), stateDir: dir, settings: {} });
    await runner.start();
    const source = { subscribe: (l: () => void) => runner.onChange(() => l()), snapshot: () => ({ algos: runner.list() }) };
    const { fired } = watch([rule({ kind: 'algo', event: 'paused' }, 'g1'), rule({ kind: 'algo', event: 'failed' }, 'g2')], { algos: source });
    const started = await runner.startTwap({ contract: 'SOL1', side: 'sell', size: '2', durationMs: 600_000, slices: 2, bandPct: '5', sizeJitterPct: 0, timeJitterPct: 0, seed: 1 });
    if (!started.ok) throw new Error(started.error);
    const id = started.value.plan.id;
    await runner.pause(id);
    await waitFor(() => fired.length === 1, 'the algo alert');
    await runner.cancel(id);
    await runner.stop();
    expect(fired[0]).toMatchObject({ rule: 'g1', kind: 'algo', contract: 'SOL1', value: null, threshold: null });
    expect(fired[0]!.message).toBe(`algo ${id} paused: paused by the trader`);
    expect(fired).toHaveLength(1);
  });
});

describe('delivery', () => {
  it('a loopback receiver gets the alert JSON; a hung hook and a failing hook are reported and hold nothing up', async () => {
    const got: unknown[] = [];
    let fail = 1;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        // The first attempt fails: the retry delivers.
        if (fail-- > 0) {
          res.writeHead(503).end();
          return;
        }
        got.push({ type: req.headers['content-type'], body: JSON.parse(body) as unknown });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const reports: { sink: string; ok: boolean; error?: string; attempts: number }[] = [];
    const { runner, fired } = watch([rule({ kind: 'price', contract: 'SOL1', direction: 'above', level: '170' }, 'w1')], {
      sinks: [webhookSink(url, { backoffMs: 50 }), hookSink('sleep 30', { timeoutMs: 500 }), hookSink('cat >/dev/null; echo bad >&2; exit 3')],
      onReport: (r) => reports.push(r),
    });
    await setIndex(1, '171');
    await waitFor(() => fired.length === 1, 'the alert');
    // The look that fired returned while the hooks run: a second look is immediate.
    const t0 = performance.now();
    runner.check();
    expect(performance.now() - t0).toBeLessThan(50);
    expect(reports.some((r) => r.error?.includes('did not finish'))).toBe(false);
    await waitFor(() => reports.length === 3, 'three reports', 5_000);
    await runner.settled();
    server.close();
    expect(got).toEqual([{ type: 'application/json', body: fired[0] }]);
    const bySink = reports.map((r) => [r.sink, r.ok, r.error ?? null, r.attempts]);
    expect(bySink).toEqual(
      expect.arrayContaining([
        ['webhook', true, null, 2],
        ['hook', false, 'hook did not finish within 500 ms; killed', 1],
        ['hook', false, 'hook exited 3: bad', 1],
      ]),
    );
    expect(Object.keys(fired[0]!).sort()).toEqual(['contract', 'id', 'kind', 'message', 'rule', 'threshold', 'time', 'value']);
    await setIndex(1, '150');
  });

  it('a webhook that never answers is given up after its retries, as a report', async () => {
    const server = http.createServer(() => {
      // Never answers.
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const sink = webhookSink(url, { timeoutMs: 200, retries: 1, backoffMs: 10 });
    const alert: Alert = { id: 'x-1-1', rule: 'x', kind: 'price', contract: 'SOL1', value: '1', threshold: '1', time: 1, message: 'm' };
    await expect(sink.send(alert)).rejects.toThrow(`webhook ${url}: no answer within 200 ms (after 2 attempts)`);
    server.closeAllConnections();
    server.close();
  });
});

describe('the alert file', () => {
  it('rules survive a restart: written 0600, read back by a new runner that fires on them', async () => {
    const dir = newDir();
    const account = session.address;
    addRule(dir, account, parseRule({ kind: 'price', contract: 'SOL1', direction: 'below', level: '140' }));
    addRule(dir, account, parseRule({ kind: 'price', contract: 'SOL1', direction: 'above', level: '160', paused: true }));
    const file = alertFilePath(dir, account);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    for (let run = 0; run < 2; run++) {
      // Each run reads the file afresh, as the next process would.
      const rules = readAlertFile(dir, account).rules;
      expect(rules.map((r) => r.id)).toEqual(['a1', 'a2']);
      const { runner, fired } = watch(rules);
      await setIndex(1, '139');
      await setIndex(1, '161');
      await waitFor(() => fired.length === 1, `alert of run ${run}`);
      runner.stop();
      expect(fired.map((a) => [a.rule, a.value])).toEqual([['a1', '139']]);
      await setIndex(1, '150');
    }
  });
});
