import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf } from '../../src/protocol/index.js';
import {
  AgentRecord,
  Candle,
  Configs,
  ContractConfig,
  L2Book,
  OpenOrder,
  OrderLookup,
  Position,
  ShareGroupDef,
  Trade,
  UserAccount,
  build,
} from '../../src/protocol/wire/index.js';
import { newKey, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { READ_COMMANDS } from '../../src/command/readCommands.js';
import { act, oidOf, one, trader, type Trader } from '../exchange/traders.js';

/**
 * The reads of the headless face, run as a user runs them (`node dist/cli.js
 * <read> --json`, a fresh HOME) against one embedded exchange over loopback. Each answer is
 * checked with the wire schema it is documented by, and against the exchange's own /info
 * answer read by the test.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = path.join(ROOT, 'dist', 'cli.js');

let ex: TestExchange;
let home: string;
let me: Trader;
/** Trade on ETH1 with each other only, so the other books and the account's position stay as set up. */
let ethMaker: Trader;
let ethTaker: Trader;
let configs: Configs;
let restingOid: number;
const CLOID = '424242424242';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One CLI run; `during` runs while it does (trades for a read that waits for them). */
function cli(args: string[], during?: (running: () => boolean) => Promise<void>): Promise<Ran> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, HOME: home, XDG_STATE_HOME: path.join(home, 'state'), XDG_CONFIG_HOME: path.join(home, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  const done = new Promise<Ran>((resolve) => child.on('close', (code) => ((exited = true), resolve({ code, stdout, stderr }))));
  return during ? Promise.all([done, during(() => !exited)]).then(([r]) => r) : done;
}

/** Runs at most four CLIs at once: each is a Node start-up on a small machine. */
async function all(runs: (() => Promise<Ran>)[]): Promise<Ran[]> {
  const out: Ran[] = new Array(runs.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < runs.length; i = next++) out[i] = await runs[i]!();
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return out;
}

const asJson = (r: Ran): unknown => {
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout);
};
const urlArgs = () => ['--url', ex.url, '--json'];
const account = () => [...urlArgs(), '--address', me.address];
/** The schema the command declares for `perpdesk schema`: every answer must pass it. */
function declared(name: string): v.GenericSchema {
  const c = READ_COMMANDS.find((x) => x.path.join(' ') === name);
  if (!c?.schema) throw new Error(`${name} declares no schema`);
  return c.schema() as v.GenericSchema;
}
const info = async <T>(body: object) => (await ex.info<T>(body)).body;

beforeAll(async () => {
  home = mkdtempSync(path.join(tmpdir(), 'perpdesk-reads-'));
  chmodSync(home, 0o700);
  ex = await startTestExchange();
  configs = await info<Configs>({ type: 'configs' });
  const maker = await trader(ex);
  me = await trader(ex);
  const order = (who: Trader, contractId: number, isBuy: boolean, price: string, size: string, extra: object = {}) => one(ex, who, { contractId, isBuy, price, size, ...extra });
  // SOL1 (scales 0/0) and BTC1 (price scale 1, size scale 3) books, two levels a side.
  for (const [px, sz] of [['149', '5'], ['148', '7']] as const) await order(maker, 1, true, px, sz);
  for (const [px, sz] of [['151', '5'], ['152', '7']] as const) await order(maker, 1, false, px, sz);
  for (const [px, sz] of [['59950', '0.011'], ['59925.5', '0.041']] as const) await order(maker, 2, true, px, sz);
  for (const [px, sz] of [['60025', '0.011'], ['60050', '0.027']] as const) await order(maker, 2, false, px, sz);
  // A trade and a position for the account, a resting order with a client id, an agent.
  await order(me, 1, true, '151', '2', { tif: 'Ioc' });
  restingOid = oidOf(await order(me, 1, true, '140', '1', { cloid: CLOID }));
  await act(ex, me, build.approveAgent(addressOf(newKey()), 'reads-test', 0));
  ethMaker = await trader(ex, 1_000n, 2);
  ethTaker = await trader(ex, 1_000n, 2);
}, 30_000);

afterAll(async () => {
  await ex?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('market reads', () => {
  it('book, candles, contracts and fees answer what /info answers, in the wire shapes', async () => {
    const [book, candles, contracts, fees] = await all([
      () => cli(['book', '--contract', 'BTC1', '--depth', '1', ...urlArgs()]),
      () => cli(['candles', '--contract', 'SOL1', '--interval', '1m', '--bars', '5', ...urlArgs()]),
      () => cli(['contracts', ...urlArgs()]),
      () => cli(['fees', ...urlArgs()]),
    ]);

    for (const [name, r] of [['book', book], ['candles', candles], ['contracts', contracts], ['fees', fees]] as const) v.parse(declared(name), asJson(r!));
    const b = v.parse(L2Book, asJson(book!));
    const direct = await info<L2Book>({ type: 'l2Book', contractId: 2, depth: 1 });
    expect(b.contractId).toBe(2);
    expect(b.levels).toEqual(direct.levels);
    expect(b.levels).toEqual([[{ px: '59950', sz: '0.011', n: 1 }], [{ px: '60025', sz: '0.011', n: 1 }]]);

    const bars = v.parse(v.array(Candle), asJson(candles!));
    const now = ex.running.core.clock.now();
    const all1m = await info<Candle[]>({ type: 'candleSnapshot', contractId: 1, interval: '1m', startTime: now - 3_600_000, endTime: now + 60_000 });
    expect(bars.length).toBeGreaterThan(0);
    expect(bars).toEqual(all1m.slice(-bars.length));
    expect(bars.at(-1)).toMatchObject({ c: '151', v: '2', n: 1 });

    expect(v.parse(Configs, asJson(contracts!))).toEqual(configs);

    const rows = v.parse(v.array(v.pick(ContractConfig, ['contractId', 'name', 'marketDeployerId', 'status', 'makerFeeRate', 'takerFeeRate'])), asJson(fees!));
    expect(rows).toEqual(
      configs.contracts.map((c) => ({ contractId: c.contractId, name: c.name, marketDeployerId: c.marketDeployerId, status: c.status, makerFeeRate: c.makerFeeRate, takerFeeRate: c.takerFeeRate })),
    );
    expect(rows.find((r) => r.name === 'BTC1')).toMatchObject({ makerFeeRate: '0.0001', takerFeeRate: '0.00045' });
  });

  it('trades: the first batch of the stream, with exit 3 when none comes within --timeout', async () => {
    // The stream has no history: keep trading until the command has seen a trade and ended.
    const [taken, quiet] = await all([
      () =>
        cli(['trades', '--contract', 'ETH1', '--timeout', '20s', ...urlArgs()], async (running) => {
          while (running()) {
            await one(ex, ethMaker, { contractId: 3, isBuy: false, price: '3000.05', size: '0.01' });
            await one(ex, ethTaker, { contractId: 3, isBuy: true, price: '3000.05', size: '0.01', tif: 'Ioc' });
            await new Promise((r) => setTimeout(r, 200));
          }
        }),
      () => cli(['trades', '--contract', 'BTC1', '--timeout', '1s', ...urlArgs()]),
    ]);
    v.parse(declared('trades'), asJson(taken!));
    const trades = v.parse(v.array(Trade), asJson(taken!));
    expect(trades.length).toBeGreaterThan(0);
    for (const t of trades) expect(t).toMatchObject({ contractId: 3, side: 'B', px: '3000.05', sz: '0.01' });

    expect(quiet!.code).toBe(3);
    expect(JSON.parse(quiet!.stdout)).toMatchObject({ ok: false, exitCode: 3, error: expect.stringContaining('no trade on BTC1'), reason: 'timeout' });
  });
});

describe('account reads', () => {
  it('account, positions, orders, order show (an unknown id: an empty list), agents, groups and deployers answer for the --address', async () => {
    const runs = await all([
      () => cli(['account', ...account()]),
      () => cli(['positions', ...account()]),
      () => cli(['orders', ...account()]),
      () => cli(['order', 'show', String(restingOid), '999999', ...account()]),
      () => cli(['order', 'show', '999999', ...account()]),
      () => cli(['order', 'show', '--cloid', CLOID, ...account()]),
      () => cli(['agents', ...account()]),
      () => cli(['groups', ...account()]),
      () => cli(['deployers', ...account()]),
    ]);
    const [acct, positions, orders, byOid, absent, byCloid, agents, groups, deployers] = runs.map(asJson);
    const names = ['account', 'positions', 'orders', 'order show', 'order show', 'order show', 'agents', 'groups', 'deployers'];
    runs.forEach((r, i) => v.parse(declared(names[i]!), asJson(r)));
    const direct = await info<UserAccount>({ type: 'userAccount', user: me.address });

    const a = v.parse(UserAccount, acct);
    expect(a.address).toBe(me.address.toLowerCase());
    expect(a.accountId).toBe(me.accountId);
    expect(a.chainBalances).toEqual(direct.chainBalances);
    expect(a.marketDeployers.map((d) => [d.marketDeployerId, d.balances, d.positions.map((p) => [p.contractId, p.size, p.entryPx])])).toEqual(
      direct.marketDeployers.map((d) => [d.marketDeployerId, d.balances, d.positions.map((p) => [p.contractId, p.size, p.entryPx])]),
    );

    const pos = v.parse(v.array(v.object({ contract: v.string(), marketDeployerId: v.number(), ...Position.entries })), positions);
    expect(pos).toEqual([expect.objectContaining({ contract: 'SOL1', marketDeployerId: 1, contractId: 1, isBuy: true, size: '2', entryPx: '151' })]);

    const open = v.parse(v.array(OpenOrder), orders);
    expect(open).toEqual([expect.objectContaining({ oid: restingOid, asset: 1, isBuy: true, limitPx: '140', sz: '1', origSz: '1', cloid: CLOID })]);

    // An id the account has no order by is left out of the answer; the read still succeeds (exit 0).
    const found = v.parse(v.array(OrderLookup), byOid);
    expect(found).toEqual([expect.objectContaining({ status: 'open', order: open[0] })]);
    expect(absent).toEqual([]);
    expect(v.parse(v.array(OrderLookup), byCloid)).toEqual(found);

    const agentRows = v.parse(v.array(AgentRecord), agents);
    expect(agentRows).toEqual(await info({ type: 'userAgents', accountId: String(me.accountId) }));
    expect(agentRows.map((x) => x.name)).toContain('reads-test');

    const g = v.parse(v.object({ groups: v.array(ShareGroupDef), balances: UserAccount.entries.shareGroups }), groups);
    expect(g.groups).toEqual(await info({ type: 'shareGroupState' }));
    expect(g.balances).toEqual(direct.shareGroups);

    expect(deployers).toEqual({ marketDeployers: configs.marketDeployers, enrolled: [1, 2] });
  });
});

describe('--watch', () => {
  it('book --watch --count 3 prints three NDJSON books and exits 0; account --watch --for 1500ms exits 0', async () => {
    const [book, acct] = await all([
      () => cli(['book', '--contract', 'SOL1', '--depth', '2', '--watch', '--count', '3', ...urlArgs()]),
      () => cli(['account', '--watch', '--for', '1500ms', '--poll', '200ms', ...account()]),
    ]);
    expect(book!.code).toBe(0);
    const lines = book!.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const direct = await info<L2Book>({ type: 'l2Book', contractId: 1, depth: 2 });
    expect(direct.levels).toEqual([
      [
        { px: '149', sz: '5', n: 1 },
        { px: '148', sz: '7', n: 1 },
      ],
      [
        { px: '151', sz: '3', n: 1 },
        { px: '152', sz: '7', n: 1 },
      ],
    ]);
    for (const line of lines) expect(v.parse(L2Book, JSON.parse(line)).levels).toEqual(direct.levels);

    expect(acct!.code).toBe(0);
    const updates = acct!.stdout.trimEnd().split('\n');
    // The first read is printed at once; later polls only when something changed.
    expect(updates.length).toBeGreaterThanOrEqual(1);
    for (const u of updates) expect(v.parse(UserAccount, JSON.parse(u)).accountId).toBe(me.accountId);
  });
});

describe('failures', () => {
  it('an unknown contract exits 2 and an unreachable --url exits 3, each with the error as JSON', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    const [unknown, unreachable] = await all([
      () => cli(['book', '--contract', 'NOPE1', ...urlArgs()]),
      () => cli(['book', '--url', `http://127.0.0.1:${closed}`, '--json']),
    ]);
    expect(unknown!.code).toBe(2);
    expect(JSON.parse(unknown!.stdout)).toMatchObject({ ok: false, exitCode: 2, error: expect.stringContaining('NOPE1') });
    expect(unknown!.stderr).toContain('SOL1, BTC1, ETH1, DOGE0');
    expect(unreachable!.code).toBe(3);
    expect(JSON.parse(unreachable!.stdout)).toMatchObject({ ok: false, exitCode: 3, kind: 'network' });
  });
});
