import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AlgoBoard } from '../../src/algo/algoBoard.js';
import { venueId } from '../../src/algo/algoVenue.js';
import { algoHostOf, AlgoRunner } from '../../src/algo/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { embeddedVenueFile } from '../../src/session/embedded.js';
import type { Session } from '../../src/session/index.js';
import { algoPaneRows } from '../../src/ui/panes/algos/algoPaneRows.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { algoSession, tradingAccount } from './support/algoAccount.js';
import { ManualClock } from './support/manualClock.js';

/**
 * An algo records the venue it runs on: a `--fresh` embedded venue (the old file moved
 * aside, a new one started) or another deployment never runs another venue's algos; they
 * are listed archived and read-only.
 */
let ex: TestExchange;
const sessions: Session[] = [];
const stateDir = tempDirs('perpdesk-algo-venue-');

beforeAll(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  const maker = await tradingAccount(ex, '8000000000');
  exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '100', size: '5', tif: 'Gtc' }]), maker.key));
});

afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

afterAll(async () => {
  await ex?.close();
});

describe('an algo bound to its venue', () => {
  it('--fresh makes another venue: the embedded file moved aside and a new one started has another id', () => {
    const dir = stateDir();
    const file = embeddedVenueFile(dir);
    mkdirSync(`${dir}/embedded`, { recursive: true });
    writeFileSync(file, 'venue one');
    const first = venueId({ embedded: true, stateDir: dir });
    expect(first).toMatch(/^embedded:/);
    expect(venueId({ embedded: true, stateDir: dir })).toBe(first);
    renameSync(file, `${file}.aside`);
    writeFileSync(file, 'venue two');
    expect(venueId({ embedded: true, stateDir: dir })).not.toBe(first);
    expect(venueId({ embedded: false, stateDir: dir, url: 'https://x.example/' })).toBe('url:https://x.example');
  });

  it("another venue's paused trail is listed archived: not interrupted, not resumed, not cancelled", async () => {
    const who = await tradingAccount(ex);
    const session = await algoSession(ex, who);
    sessions.push(session);
    expect((await session.exchange.order([{ contractId: 1, isBuy: true, price: '100', size: '5', tif: 'Ioc' }])).ok).toBe(true);
    const dir = stateDir();
    const runnerOn = (venue: string) => new AlgoRunner({ host: algoHostOf(session, { refresh: true }), stateDir: dir, settings: {}, scheduler: new ManualClock(ex), venue });
    const old = runnerOn('embedded:1:1:1');
    await old.start();
    const started = await old.startTrailingStop({ contract: 'SOL1', distance: '5' });
    if (!started.ok) throw new Error(started.error);
    const id = started.value.plan.id;
    expect(started.value.plan.venue).toBe('embedded:1:1:1');
    await old.pause(id);

    const board = AlgoBoard.open({ stateDir: dir, makeRunner: () => runnerOn('embedded:1:2:2') });
    try {
      for (let i = 0; i < 100 && board.snapshot().loading; i++) await new Promise((r) => setTimeout(r, 20));
      const state = board.snapshot();
      expect(state.archived?.get(id)).toContain('another venue');
      const [row] = algoPaneRows(state);
      expect(row).toMatchObject({ key: id, state: 'archived (was paused)', stateTone: 'muted' });
      expect(row!.reason).toMatch(/^read-only: it was started on another venue/);
      const runner = board.runner!;
      expect(await runner.resume(id)).toMatchObject({ ok: false, error: expect.stringContaining('archived, not resumed') });
      expect(await runner.cancel(id)).toMatchObject({ ok: false, error: expect.stringContaining('archived, read-only') });
      expect(runner.get(id)).toMatchObject({ status: 'paused', children: [] });
    } finally {
      await board.close('test over');
    }
  });
});
