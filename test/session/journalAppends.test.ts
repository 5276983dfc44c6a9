import { afterAll, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import { createSession } from '../../src/session/index.js';
import { JournalFile } from '../../src/session/journalFile.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { waitFor } from '../support/waitFor.js';

/**
 * What another writer of the process appends to the journal after a session read it reaches
 * the session's journal: the embedded exchange's onboarding answers its last request (the
 * collateral lock) after the dashboard's session has started, and the Journal pane read
 * "? lockCollateral" for good although the file said ok.
 */
const temp = tempDirs('perpdesk-journal-appends-');
let ex: TestExchange | undefined;
afterAll(async () => {
  await ex?.close();
});

it("takes an answer another writer of the process appends after the session started into the request's row", async () => {
  ex = await startTestExchange();
  const stateDir = temp();
  const onboarding = new JournalFile(stateDir);
  const sent: JournalEntry = { seq: 4, time: 1_000, action: 'lockCollateral', signerRole: 'master', signer: '0x' + '44'.repeat(20), nonce: 77, outcome: 'sent', detail: 'sent, awaiting the answer' };
  onboarding.append(sent, 'onboarding');
  const session = createSession({ url: ex.url }, { address: '0x' + '44'.repeat(20) }, { contractName: 'SOL1', stateDir, flushMs: 20 });
  try {
    const rows = () => session.store.getState().journal.entries.filter((e) => e.action === 'lockCollateral');
    expect(rows().map((e) => e.outcome)).toEqual(['unanswered']);
    onboarding.append({ ...sent, time: 1_200, outcome: 'ok', detail: 'ok', sentTime: 1_000 }, 'onboarding');
    await waitFor(() => rows()[0]?.outcome === 'ok', 'the answer in the store');
    expect(rows().map((e) => e.outcome)).toEqual(['ok']);
  } finally {
    await session.close();
  }
  // A closed session hears nothing more.
  onboarding.append({ ...sent, nonce: 78, time: 1_300 }, 'onboarding');
  expect(session.store.getState().journal.entries.some((e) => e.nonce === 78)).toBe(false);
});
