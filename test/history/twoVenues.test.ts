import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/protocol/wire/index.js';
import { createSession, type Session } from '../../src/session/index.js';
import { exportJournal } from '../../src/session/journalExport.js';
import { exchangeData, newKey, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { waitFor } from '../support/waitFor.js';
import { historyCli } from './support/historyCli.js';
import { parseCsv } from './support/parseCsv.js';

/**
 * Two venues, one state directory, one key: the same account address trades on two embedded
 * exchanges at once. Each venue's journal export, journal command, history store and the
 * journal a new session starts with hold that venue's lines and fills only.
 */
let stateDir: string;
const venues: { ex: TestExchange; alice: Registered; bob: Registered; session: Session }[] = [];
const key = newKey();

function open(ex: TestExchange): Session {
  return createSession({ url: ex.url }, { master: key }, { contractName: 'SOL1', stateDir, flushMs: 20, poll: { accountMs: 200, marketStateMs: 200 } });
}

function cli(argv: string[]) {
  return historyCli(argv, stateDir);
}

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'perpdesk-venues-'));
  for (let i = 0; i < 2; i++) {
    const ex = await startTestExchange();
    const [alice, bob] = await Promise.all([ex.registerFunded(key), ex.registerFunded()]);
    for (const who of [alice!, bob!]) {
      exchangeData(await ex.signedPost(build.enroll(1), who.key));
      exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '2000000000'), who.key));
    }
    const session = open(ex);
    expect((await session.ready).ok).toBe(true);
    await session.history!.started;
    venues.push({ ex, alice: alice!, bob: bob!, session });
  }
  // On each venue: a resting order of the session's own (a journal line) that Bob then fills; venue 2 twice.
  for (const [i, v] of venues.entries()) {
    for (let n = 0; n <= i; n++) {
      const r = await v.session.exchange.order([{ contractId: 1, isBuy: true, price: String(90 + n), size: '1', tif: 'Gtc' }]);
      expect(r.ok).toBe(true);
      exchangeData(await v.ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: String(90 + n), size: '1', tif: 'Ioc' }]), v.bob.key));
    }
    await waitFor(() => v.session.history!.store.fills().length === i + 1, `venue ${i + 1}'s fills recorded`);
    await waitFor(() => v.session.store.getState().journal.entries.filter((e) => e.action === 'order' && e.outcome === 'ok').length === i + 1, `venue ${i + 1}'s journal`);
  }
}, 60_000);

afterAll(async () => {
  for (const v of venues) {
    await v.session.close();
    await v.ex.close();
  }
  rmSync(stateDir, { recursive: true, force: true });
});

describe('two venues in one state directory', () => {
  it('journal lines name their venue and account, and each export shows only its own venue', () => {
    const lines = readFileSync(join(stateDir, 'journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { venue?: string; account?: string });
    expect(new Set(lines.map((l) => l.venue))).toEqual(new Set(venues.map((v) => v.ex.url)));
    expect(new Set(lines.map((l) => l.account))).toEqual(new Set([venues[0]!.alice.address.toLowerCase()]));
    for (const [i, v] of venues.entries()) {
      const out = exportJournal(stateDir, v.session.store.getState(), Date.now() + i * 1000);
      const csv = readFileSync(out.files.find((f) => f.kind === 'journal')!.csv, 'utf8');
      const [header, ...rows] = parseCsv(csv);
      const venue = header!.indexOf('venue');
      const action = header!.indexOf('action');
      expect(rows.map((r) => r[venue])).toEqual(rows.map(() => v.ex.url));
      expect(rows.filter((r) => r[action] === 'order')).toHaveLength(i + 1);
    }
  });

  it('a new session starts with its own venue\'s journal only', async () => {
    const again = open(venues[0]!.ex);
    try {
      const entries = again.store.getState().journal.entries;
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((e) => e.venue === venues[0]!.ex.url)).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('perpdesk journal shows the venue asked for, --all-venues every line', async () => {
    const address = venues[0]!.alice.address;
    for (const v of venues) {
      const r = await cli(['journal', '--url', v.ex.url, '--address', address, '--json']);
      expect(r.code).toBe(0);
      const rows = (JSON.parse(r.stdout) as { rows: { venue: string }[] }).rows;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((x) => x.venue === v.ex.url)).toBe(true);
    }
    const all = await cli(['journal', '--all-venues', '--json']);
    expect(all.code).toBe(0);
    expect(new Set((JSON.parse(all.stdout) as { rows: { venue: string }[] }).rows.map((x) => x.venue))).toEqual(new Set(venues.map((v) => v.ex.url)));
  });

  it('each venue\'s history holds its own fills, and perpdesk history fills --url shows that venue\'s', async () => {
    for (const v of venues) {
      const own = v.ex.running.core.trading.events.recentFills(v.alice.accountId);
      expect(v.session.history!.store.fills().map(({ source: _s, ...f }) => f)).toEqual(own);
      const r = await cli(['history', 'fills', '--url', v.ex.url, '--address', v.alice.address, '--ndjson']);
      expect(r.code).toBe(0);
      const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; tid: number; price: string });
      expect(rows.filter((x) => x.kind === 'fill').map((x) => [x.tid, x.price])).toEqual(own.map((f) => [f.tid, f.px]));
    }
  });
});
