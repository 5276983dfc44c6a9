import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import { pow10 } from '../../src/protocol/index.js';
import { createSession, type Session, type SessionOptions } from '../../src/session/index.js';
import { selectOpenOrders } from '../../src/state/selectors.js';
import { journalRows } from '../../src/ui/panes/journal/journalRows.js';
import { tempDirs } from '../support/tempDirs.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { waitFor } from '../support/waitFor.js';

/**
 * The journal that lasts: each signed action's entry carries what was asked in trader words,
 * goes to journal.jsonl, and the next session starts with the newest entries of the file and
 * its rotated generation, old lines without the words included.
 */
const POSIX = process.platform !== 'win32';
let ex: TestExchange;
const sessions: Session[] = [];

// Registered first, so its clean-up runs last (after hooks run as a stack): sessions close before their directories go.
const stateDir = tempDirs('perpdesk-journal-history-');

beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  await ex.close();
});
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});


function open(dir: string, key: `0x${string}`, extra: Partial<SessionOptions> = {}): Session {
  const s = createSession({ url: ex.url }, { master: key }, { contractName: 'SOL1', stateDir: dir, flushMs: 20, face: 'dashboard', ws: { backoff: { baseMs: 5, capMs: 50 } }, ...extra });
  sessions.push(s);
  return s;
}

function line(seq: number, over: Partial<JournalEntry> = {}): string {
  const e: JournalEntry = { seq, time: 1_700_000_000_000 + seq * 1000, action: 'order', outcome: 'ok', detail: `entry ${seq}`, asked: `Buy ${seq} SOL1 @ 100 Gtc`, face: 'cli', ...over };
  return JSON.stringify(e);
}

describe('the journal across sessions', () => {
  it('records what each action asked, writes it to journal.jsonl, and the next session starts with it, newest first', async () => {
    const dir = stateDir();
    const me = await ex.registerFunded();
    const s1 = open(dir, me.key);
    expect(await s1.ready).toMatchObject({ ok: true });
    const usdc = s1.store.getState().market.configs!.coins.find((c) => c.name === 'USDC')!;
    expect((await s1.exchange.enroll(1)).ok).toBe(true);
    expect((await s1.exchange.lockCollateral(1, usdc.coinId, (1_000n * pow10(usdc.decimals)).toString())).ok).toBe(true);
    expect((await s1.exchange.updateLeverage(1, 5)).ok).toBe(true);
    const placed = await s1.exchange.order([{ contractId: 1, isBuy: true, price: '60', size: '2', tif: 'Gtc' }]);
    const status = placed.ok ? placed.statuses[0] : undefined;
    if (!status || !('resting' in status)) throw new Error(`order not resting: ${JSON.stringify(placed)}`);
    const oid = status.resting.oid;
    await waitFor(() => selectOpenOrders(s1.store.getState()).some((o) => o.oid === oid), 'the order in the store');
    expect((await s1.exchange.cancel([{ contractId: 1, oid }])).ok).toBe(true);
    await waitFor(() => s1.store.getState().journal.entries.length === 5, 'five journal entries');

    const cloid = placed.cloids[0]!;
    const want = [
      ['enrollUserToMarketDeployer', 'Enroll in perpdesk (1)'],
      ['lockCollateral', 'Move 1,000.00 USDC from the chain balance to the deployer perpdesk (1) pool'],
      ['updateLeverage', 'Set SOL1 leverage to 5x'],
      ['order', `Buy 2 SOL1 @ 60 Gtc, cloid ${cloid}`],
      ['cancel', `Cancel buy 2 SOL1 @ 60 (oid ${oid}, cloid ${cloid})`],
    ];
    expect(s1.store.getState().journal.entries.map((e) => [e.action, e.asked])).toEqual(want);
    expect(s1.store.getState().journal.entries.every((e) => e.face === 'dashboard')).toBe(true);

    const file = join(dir, 'journal.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as JournalEntry);
    // Each request twice: as it left, then with its answer.
    expect(lines.map((e) => [e.action, e.asked])).toEqual(want.flatMap((w) => [w, w]));
    expect(lines.map((e) => e.outcome)).toEqual(want.flatMap(() => ['sent', 'ok']));
    expect(readFileSync(file, 'utf8')).not.toMatch(/signature|privateKey|"r":|"s":/);
    if (POSIX) expect(statSync(file).mode & 0o777).toBe(0o600);
    await s1.close();

    // A new session: the store holds the earlier entries before it has even connected.
    const s2 = open(dir, me.key);
    const entries = s2.store.getState().journal.entries;
    expect(entries.map((e) => [e.action, e.asked])).toEqual(want);
    expect(journalRows(entries).map((r) => r.action)).toEqual(want.map(([a]) => a).reverse());
  });

  it('starts with the newest 500 lines across journal.jsonl.1 and journal.jsonl, old lines without words included', () => {
    const dir = stateDir();
    const older = Array.from({ length: 300 }, (_, i) => line(i + 1));
    // Written before requests were put in words: no asked, no face.
    older[299] = JSON.stringify({ seq: 300, time: 1_700_000_300_000, action: 'cancel', signerRole: 'agent', nonce: 5, requestId: 'req-9', outcome: 'rejected', detail: 'Order not found', cloids: [] });
    const current = Array.from({ length: 220 }, (_, i) => line(301 + i));
    current.splice(10, 0, 'torn {"seq":');
    writeFileSync(join(dir, 'journal.jsonl.1'), `${older.join('\n')}\n`, { mode: 0o600 });
    writeFileSync(join(dir, 'journal.jsonl'), `${current.join('\n')}\n`, { mode: 0o600 });

    const s = open(dir, `0x${'8f'.repeat(32)}`);
    const entries = s.store.getState().journal.entries;
    expect(entries).toHaveLength(500);
    expect(entries[0]!.seq).toBe(21);
    expect(entries.at(-1)!.seq).toBe(520);
    const old = entries.find((e) => e.seq === 300)!;
    expect(old).toMatchObject({ action: 'cancel', outcome: 'rejected', detail: 'Order not found' });
    expect(old.asked).toBeUndefined();
    const rows = journalRows(entries);
    expect(rows[0]!.entry.seq).toBe(520);
    expect(rows.find((r) => r.entry.seq === 300)!.asked).toBe('cancel');
    expect(s.store.getState().session.errors.some((e) => e.source === 'journal' && /1 unreadable line/.test(e.message))).toBe(true);

    expect(open(dir, `0x${'8f'.repeat(32)}`, { journalHistory: 3 }).store.getState().journal.entries.map((e) => e.seq)).toEqual([518, 519, 520]);
    // A one-off command reads nothing it will not show.
    expect(open(dir, `0x${'8f'.repeat(32)}`, { live: false }).store.getState().journal.entries).toEqual([]);
  });
});
