/**
 * A trading session with no screen: the embedded exchange, the demo account onboarded, one
 * resting order placed and seen back through the stream, then closed. Prints one JSON line.
 * Run by test/session/headless.test.ts with the module log on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSession, openTarget } from '../../../src/session/index.js';
import { selectOpenOrders } from '../../../src/state/selectors.js';
import { waitFor } from '../../support/waitFor.js';

const stateDir = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-headless-'));
const until = (what: string, ok: () => boolean) => waitFor(ok, what, 20_000);

const opened = await openTarget({ readOnly: false, activity: 'calm' }, stateDir, { onProgress: () => {}, log: () => {} });
const session = createSession(opened.target, opened.keys, { contractName: 'SOL1', stateDir, flushMs: 20 });
let onboarded = false;
session.onEvent((e) => {
  if (e.type === 'notice' && e.tone === 'success') onboarded = true;
});
try {
  const ready = await session.ready;
  if (!ready.ok) throw new Error(ready.error.message);
  await until('onboarding', () => onboarded);
  // Listed well before the agents' 15 s polling cadence, however early onboarding ended.
  await waitFor(() => session.store.getState().account.agents.some((a) => a.name === 'perpdesk'), 'the approved agent listed', 5_000);
  await until('a book', () => (session.store.getState().market.books[1]?.levels[0].length ?? 0) > 0);
  const bestBid = Number(session.store.getState().market.books[1]!.levels[0][0]!.px);
  // Well below the book, so it rests.
  const r = await session.exchange.order([{ contractId: 1, isBuy: true, price: String(bestBid - 20), size: '1', tif: 'Gtc' }]);
  if (!r.ok) throw new Error(r.error.message);
  const status = r.statuses[0];
  if (!status || !('resting' in status)) throw new Error(`order not resting: ${JSON.stringify(status)}`);
  await until('the order on the stream', () => selectOpenOrders(session.store.getState()).some((o) => o.oid === status.resting.oid));
  await until('the journal entry', () => session.store.getState().journal.entries.some((e) => e.action === 'order' && e.outcome === 'ok'));
  process.stdout.write(`${JSON.stringify({ oid: status.resting.oid, signer: session.signer })}\n`);
} finally {
  await session.close();
  rmSync(stateDir, { recursive: true, force: true });
}
