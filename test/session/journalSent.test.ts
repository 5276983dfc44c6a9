import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import { pow10 } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { createSession, type Session, type SessionOptions } from '../../src/session/index.js';
import { JournalFile } from '../../src/session/journalFile.js';
import { journalRows } from '../../src/ui/panes/journal/journalRows.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { REAL_CONFIGS } from '../support/realConfigs.js';
import { waitFor } from '../support/waitFor.js';
import { startTapProxy, type TapProxy } from './support/tapProxy.js';

/**
 * A signed request is in the journal before it leaves, so a crash between sending and the
 * answer still leaves its trace: a 'sent' line, then the answer line naming the same signer
 * and nonce. On screen and when read back the two are one entry.
 */
let ex: TestExchange;
const sessions: Session[] = [];
const proxies: TapProxy[] = [];

// Registered first, so its clean-up runs last (after hooks run as a stack): sessions close before their directories go.
const stateDir = tempDirs('perpdesk-journal-sent-');

beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  await ex.close();
});
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
  for (const p of proxies.splice(0)) await p.close();
});


function open(url: string, dir: string, me: Registered, extra: Partial<SessionOptions> = {}): Session {
  const s = createSession({ url }, { master: me.key }, { contractName: 'SOL1', stateDir: dir, flushMs: 20, face: 'dashboard', ws: { backoff: { baseMs: 5, capMs: 50 } }, ...extra });
  sessions.push(s);
  return s;
}

/** Registered, enrolled in deployer 1 and holding collateral there, signed outside any session. */
async function trader(): Promise<Registered> {
  const me = await ex.registerFunded();
  const usdc = REAL_CONFIGS.coins.find((c) => c.name === 'USDC')!;
  exchangeData(await ex.signedPost(build.enroll(1), me.key));
  exchangeData(await ex.signedPost(build.lockCollateral(1, usdc.coinId, (1_000n * pow10(usdc.decimals)).toString()), me.key));
  return me;
}

const fileLines = (dir: string): JournalEntry[] =>
  readFileSync(join(dir, 'journal.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as JournalEntry);

const ORDER = { contractId: 1, isBuy: true, price: '60', size: '2', tif: 'Gtc' } as const;

describe('the journal of a request in flight', () => {
  it('writes the sent line before the request leaves and the answer after it; the store keeps one entry', async () => {
    const dir = stateDir();
    const me = await trader();
    // What the journal file held as each write reached the exchange.
    const seen: string[] = [];
    const tap = await startTapProxy(ex.url, { onExchangeRequest: () => seen.push(existsSync(join(dir, 'journal.jsonl')) ? readFileSync(join(dir, 'journal.jsonl'), 'utf8') : '') });
    proxies.push(tap);
    const s = open(tap.url, dir, me);
    expect(await s.ready).toMatchObject({ ok: true });

    const placed = await s.exchange.order([ORDER]);
    expect(placed.ok).toBe(true);
    const cloid = placed.cloids[0]!;

    const lines = fileLines(dir);
    expect(lines.map((e) => e.outcome)).toEqual(['sent', 'ok']);
    const [sent, answer] = lines as [JournalEntry, JournalEntry];
    expect(sent).toMatchObject({ action: 'order', signerRole: 'master', signer: me.address.toLowerCase(), nonce: placed.nonce, cloids: [cloid], face: 'dashboard', asked: `Buy 2 SOL1 @ 60 Gtc, cloid ${cloid}` });
    expect(sent.requestId).toBeUndefined();
    expect(answer).toMatchObject({ action: 'order', seq: sent.seq, signer: sent.signer, nonce: sent.nonce, cloids: [cloid], sentTime: sent.time, face: 'dashboard' });
    expect(answer.requestId).toEqual(expect.any(String));
    // The sent line was in the file when the request reached the exchange; its answer was not.
    expect(seen).toHaveLength(1);
    expect(seen[0]!.trim().split('\n').map((l) => (JSON.parse(l) as JournalEntry).outcome)).toEqual(['sent']);
    expect(readFileSync(join(dir, 'journal.jsonl'), 'utf8')).not.toMatch(/signature|privateKey|"r":|"s":|"v":/);

    await waitFor(() => s.store.getState().journal.entries.some((e) => e.outcome === 'ok'), 'the answer in the store');
    expect(s.store.getState().journal.entries).toEqual([answer]);
    expect(new JournalFile(dir).load(10).entries).toEqual([answer]);
  });

  it('a request whose answer never came shows as sending, then reads back as sent with no answer recorded', async () => {
    const dir = stateDir();
    const me = await trader();
    const tap = await startTapProxy(ex.url, { hold: true });
    proxies.push(tap);
    const s = open(tap.url, dir, me, { lookup: { attempts: 1, delayMs: 1 } });
    expect(await s.ready).toMatchObject({ ok: true });

    const pending = s.exchange.order([ORDER]);
    await waitFor(() => tap.writes === 1 && s.store.getState().journal.entries.length === 1, 'the request in flight');
    const [inFlight] = s.store.getState().journal.entries;
    expect(inFlight).toMatchObject({ action: 'order', outcome: 'sent', face: 'dashboard' });
    expect(journalRows(s.store.getState().journal.entries)[0]).toMatchObject({ outcome: '… sending', asked: expect.stringMatching(/^Buy 2 SOL1 @ 60 Gtc, cloid \w+$/) });
    const cloid = inFlight!.cloids![0]!;
    // It reached the exchange: the order rests there while its sender has no answer.
    await waitFor(async () => {
      const r = await ex.info<{ order: { cloid?: string }; status: string }[]>({ type: 'ordersByCloids', user: me.address, cloids: [cloid] });
      return r.body.some((l) => l.order.cloid === cloid && l.status === 'open');
    }, 'the order at the exchange');

    // What a restart after a crash here reads: the request, kept, with no answer recorded.
    expect(fileLines(dir).map((e) => e.outcome)).toEqual(['sent']);
    const [unanswered] = new JournalFile(dir).load(500).entries;
    expect(unanswered).toMatchObject({ action: 'order', outcome: 'unanswered', nonce: inFlight!.nonce, signer: inFlight!.signer, cloids: [cloid], detail: expect.stringMatching(/^sent, no answer recorded/) });
    expect(journalRows([unanswered!])[0]).toMatchObject({ outcome: '? no answer', key: journalRows([inFlight!])[0]!.key });

    // The connection drops and the lookup cannot get through: the answer is recorded as unknown, in the same row.
    await tap.close();
    const r = await pending;
    expect(r).toMatchObject({ ok: false, outcomeUnknown: true });
    expect(fileLines(dir).map((e) => e.outcome)).toEqual(['sent', 'unknown']);
    await waitFor(() => s.store.getState().journal.entries.some((e) => e.outcome === 'unknown'), 'the lost answer in the store');
    expect(s.store.getState().journal.entries.map((e) => [e.seq, e.outcome])).toEqual([[inFlight!.seq, 'unknown']]);
    expect(new JournalFile(dir).load(500).entries.map((e) => e.outcome)).toEqual(['unknown']);
  });
});
