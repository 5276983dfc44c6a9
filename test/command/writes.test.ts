import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JournalFile } from '../../src/session/journalFile.js';
import type { Registered, TestExchange } from '../support/exchangeHarness.js';
import { centsText, cliTrader, markCents, type CliTrader } from './support/cliTrader.js';
import { startCuttingProxy } from './support/cuttingProxy.js';
import { runCli } from './support/runCli.js';

/**
 * Writes from the command line, spawned as a user runs them, against the embedded exchange
 * over loopback: each goes through the dashboard's form checks, and its exit status says
 * what happened.
 */
let t: CliTrader;
let ex: TestExchange;
let home: string;
let acct: Registered;
let cli: CliTrader['cli'];

interface OpenOrderJson {
  oid: number;
  limitPx: string;
  sz: string;
}

async function openOrders(): Promise<OpenOrderJson[]> {
  const r = await ex.info<OpenOrderJson[]>({ type: 'userOrders', user: acct.address, marketDeployerId: 2 });
  return r.body;
}

/** A buy price 20 % under ETH1's mark: rests, never fills. */
const restingBuyCents = () => markCents(ex, 3, 80n);
const restingBuyPrice = async () => centsText(await restingBuyCents());

beforeAll(async () => {
  t = await cliTrader({ contract: 'ETH1' });
  ({ ex, home, acct, cli } = t);
}, 30_000);

afterAll(async () => {
  await ex?.close();
});

describe('perpdesk writes over --url', () => {
  it('enrolls, locks collateral, places, lists, modifies and cancels an order', async () => {
    const configs = (await ex.info<{ contracts: { contractId: number; name: string }[] }>({ type: 'configs' })).body;
    expect(configs.contracts.find((c) => c.contractId === 3)?.name).toBe('ETH1');

    const enroll = await cli(['enroll', '--deployer', '2', '--yes']);
    expect(enroll.code, enroll.stderr).toBe(0);
    const lock = await cli(['collateral', 'lock', '1000', '--deployer', '2', '--yes']);
    expect(lock.code, lock.stderr).toBe(0);
    expect(lock.json).toMatchObject({ ok: true, action: 'lockCollateral' });

    const cents = await restingBuyCents();
    const px = centsText(cents);
    const placed = await cli(['order', 'buy', '0.1', '@', px, '--yes']);
    expect(placed.code, placed.stderr).toBe(0);
    const statuses = (placed.json as { answer: { statuses: { resting?: { oid: number } }[] } }).answer.statuses;
    const oid = statuses[0]?.resting?.oid;
    expect(oid).toBeTypeOf('number');
    expect((await openOrders()).map((o) => o.oid)).toEqual([oid]);

    const listed = await cli(['orders']);
    expect(listed.code, listed.stderr).toBe(0);
    expect((listed.json as OpenOrderJson[]).map((o) => o.oid)).toEqual([oid]);

    const lower = centsText(cents - 100n);
    const modified = await cli(['modify', String(oid), '--price', lower, '--yes']);
    expect(modified.code, modified.stderr).toBe(0);
    expect((await openOrders())[0]?.limitPx).toBe(lower);

    const cancelled = await cli(['cancel', String(oid), '--yes']);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(await openOrders()).toEqual([]);
  }, 90_000);

  it('signs without sending on --dry-run, and refuses without --yes when nobody can be asked', async () => {
    const px = await restingBuyPrice();
    const dry = await cli(['order', 'buy', '0.1', '@', px, '--yes', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    const req = (dry.json as { dryRun: boolean; request: { action: { type: string }; nonce: number; signature: { r: string } } });
    expect(req.dryRun).toBe(true);
    expect(req.request.action.type).toBe('order');
    expect(req.request.nonce).toBeGreaterThan(0);
    expect(req.request.signature.r).toMatch(/^0x[0-9a-f]{64}$/);

    const unconfirmed = await cli(['order', 'buy', '0.1', '@', px]);
    expect(unconfirmed.code).toBe(4);
    expect(unconfirmed.stderr).toContain('--yes');
    expect(unconfirmed.json).toMatchObject({ ok: false, exitCode: 4 });
    expect(await openOrders()).toEqual([]);
  }, 60_000);

  it('stops at a guard (exit 4) unless --force, and at a known-to-fail order; the exchange\'s own refusal is exit 1', async () => {
    const px = await restingBuyPrice();
    const config = path.join(home, 'guarded.json');
    writeFileSync(config, JSON.stringify({ guards: { maxNotional: '5' } }));
    const guarded = await cli(['order', 'buy', '0.1', '@', px, '--yes', '--config', config]);
    expect(guarded.code).toBe(4);
    expect(guarded.stderr).toMatch(/notional/i);
    expect(await openOrders()).toEqual([]);
    const forced = await cli(['order', 'buy', '0.1', '@', px, '--yes', '--force', '--config', config]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await openOrders()).toHaveLength(1);
    const all = await cli(['cancel-all', '--yes']);
    expect(all.code, all.stderr).toBe(0);
    expect(await openOrders()).toEqual([]);

    // 1000 ETH1 needs far more margin than the 1,000 USDC locked: the client knows it fails.
    const doomed = await cli(['order', 'buy', '1000', '@', px, '--yes']);
    expect(doomed.code).toBe(4);
    expect(doomed.stderr).toMatch(/margin/i);
    const sentAnyway = await cli(['order', 'buy', '1000', '@', px, '--yes', '--force']);
    expect(sentAnyway.code).toBe(1);
    const item = (sentAnyway.json as { answer: { statuses: { error?: string }[] } }).answer.statuses[0];
    expect(item?.error).toMatch(/margin/i);
    expect(await openOrders()).toEqual([]);
  }, 90_000);

  it('settles a lost answer from the exchange\'s records by cloid and never sends the order twice', async () => {
    const px = await restingBuyPrice();
    // The exchange applies the next order, then drops the connection without answering.
    await ex.control({ type: 'failNext', count: 1, mode: 'dropAfterApply' });
    const lost = await cli(['order', 'buy', '0.1', '@', px, '--yes', '--cloid', '777000111']);
    expect(lost.code, lost.stderr).toBe(0);
    const answer = (lost.json as { answer: { reconciledBecause?: { kind: string }; statuses: { reconciled?: { status: string; cloid?: string } }[] } }).answer;
    expect(answer.reconciledBecause?.kind).toBeDefined();
    expect(answer.statuses[0]?.reconciled).toMatchObject({ status: 'open', cloid: '777000111' });
    const open = await openOrders();
    expect(open).toHaveLength(1);
    const all = await cli(['cancel-all', '--yes']);
    expect(all.code, all.stderr).toBe(0);
  }, 60_000);

  it('exits 5 with what is known when the answer is lost and the exchange cannot be asked', async () => {
    const px = await restingBuyPrice();
    const proxy = await startCuttingProxy(ex.url);
    try {
      const base = t.base.map((a) => (a === ex.url ? proxy.url : a));
      const lost = await runCli([...base, 'order', 'buy', '0.1', '@', px, '--yes', '--cloid', '777000222'], { home });
      expect(proxy.cut, lost.stderr).toBe(true);
      expect(lost.code, lost.stderr).toBe(5);
      const out = lost.json as { ok: boolean; answer: { ok: boolean; outcomeUnknown: boolean; cloids?: string[] } };
      expect(out.answer).toMatchObject({ ok: false, outcomeUnknown: true });
      expect(JSON.stringify(out)).toContain('777000222');
      expect(lost.stderr).toMatch(/may or may not have been applied/);
    } finally {
      await proxy.close();
    }
    // The exchange did apply it: the client said "unknown" instead of guessing either way.
    const open = await openOrders();
    expect(open).toHaveLength(1);
    const all = await cli(['cancel-all', '--yes']);
    expect(all.code, all.stderr).toBe(0);
  }, 60_000);

  it('says what is wrong with the words (exit 2) and with the network (exit 3)', async () => {
    for (const args of [['order', 'hold', '1', '@', '100'], ['order', 'buy'], ['order', 'buy', '0.1'], ['leverage', 'lots', '--yes'], ['order', 'buy', '0.1', '@', '100', '--ioc', '--alo']]) {
      const r = await cli(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(/^perpdesk: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    const down = await runCli(['orders', '--url', 'http://127.0.0.1:1', '--address', acct.address], { home });
    expect(down.code, down.stderr).toBe(3);
  }, 60_000);

  it('--tp/--sl: refused before signing when the order would rest (exit 2); set on the position when it fills at once', async () => {
    const [tp, sl, px] = [centsText(await markCents(ex, 3, 120n)), centsText(await markCents(ex, 3, 70n)), await restingBuyPrice()];
    const resting = await cli(['order', 'buy', '0.1', '@', px, '--tp', tp, '--sl', sl, '--yes']);
    expect(resting.code, resting.stderr).toBe(2);
    expect(resting.stderr).toMatch(/would rest 0\.10 on the book: attached TP\/SL on a resting order need a running dashboard/);
    expect(await openOrders()).toEqual([]);
    const filled = await cli(['order', 'buy', '0.1', '--market', '--tp', tp, '--sl', sl, '--yes']);
    expect(filled.code, filled.stderr).toBe(0);
    const out = filled.json as { answer: { cloids: string[] }; attached: { placed: boolean } };
    expect(out.attached.placed).toBe(true);
    const account = (await ex.info<{ marketDeployers: { positions: { contractId: number; tp?: { triggerPx: string }; sl?: { triggerPx: string } }[] }[] }>({ type: 'userAccount', user: acct.address })).body;
    const position = account.marketDeployers.flatMap((m) => m.positions).find((p) => p.contractId === 3);
    expect(position).toMatchObject({ tp: { triggerPx: tp }, sl: { triggerPx: sl } });
    const journal = readFileSync(path.join(home, '.state', 'perpdesk', 'journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { action: string; parentCloid?: string; outcome: string });
    expect(journal.at(-1)).toMatchObject({ action: 'tpSl', outcome: 'ok', parentCloid: out.answer.cloids[0] });
  }, 60_000);

  it('journals every signed action in the state directory, and no run ever printed the key', () => {
    const lines = readFileSync(path.join(home, '.state', 'perpdesk', 'journal.jsonl'), 'utf8').trim().split('\n');
    const entries = lines.map((l) => JSON.parse(l) as { action: string; face?: string; outcome: string; nonce?: number; signer?: string });
    expect(entries.every((e) => e.face === 'cli')).toBe(true);
    // Each signed request's sent line comes before its answer, and every command waited for its answer.
    entries.forEach((e, i) => {
      if (e.outcome === 'sent' || e.nonce === undefined) return;
      expect(entries.slice(0, i).some((s) => s.outcome === 'sent' && s.nonce === e.nonce && s.signer === e.signer), `${e.action} ${e.nonce}`).toBe(true);
    });
    const read = new JournalFile(path.join(home, '.state', 'perpdesk')).load(Number.MAX_SAFE_INTEGER).entries;
    expect(read.filter((e) => e.outcome === 'unanswered' || e.outcome === 'sent')).toEqual([]);
    // One row per request: its answer, or the settling line that replaced an unknown one (session/settleJournal.ts).
    expect(read).toHaveLength(entries.filter((e) => e.outcome !== 'sent' && (e as { settled?: string }).settled === undefined).length);
    const actions = entries.map((e) => e.action);
    for (const a of ['enrollUserToMarketDeployer', 'lockCollateral', 'order', 'modify', 'cancel', 'cancelAll']) expect(actions).toContain(a);
    expect(entries.some((e) => e.action === 'order' && e.outcome === 'rejected')).toBe(true);
    const secret = t.keyHex.replace(/^0x/, '').toLowerCase();
    expect(lines.join('\n').toLowerCase()).not.toContain(secret);
    for (const r of t.runs) expect(`${r.stdout}${r.stderr}`.toLowerCase()).not.toContain(secret);
  });
});
