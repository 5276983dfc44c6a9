import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateKey } from '../../src/wallet/index.js';
import { runOnboarding } from '../../src/session/onboarding.js';
import { JournalFile } from '../../src/session/journalFile.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';

/** What onboarding signs (register, enroll, lock collateral, approve the agent) is in the journal, as every other signed request. */
let ex: TestExchange;
const stateDir = tempDirs('perpdesk-onboarding-journal-');

beforeAll(async () => {
  ex = await startTestExchange();
});

afterAll(async () => {
  await ex?.close();
});

describe('onboarding', () => {
  it('journals each signed action with its answer, by the master key, and never a key', async () => {
    const dir = stateDir();
    const masterHex = randomBytes(32).toString('hex');
    const agentHex = randomBytes(32).toString('hex');
    const master = PrivateKey.fromHex(masterHex);
    const agent = PrivateKey.fromHex(agentHex);
    await runOnboarding({
      url: ex.url,
      master,
      address: master.address,
      agent: { key: agent, address: agent.address, name: 'desk', validUntil: Date.now() + 3_600_000 },
      inviteCode: ex.inviteCode(),
      log: () => {},
      stateDir: dir,
      pollMs: 20,
    });
    const journal = new JournalFile(dir);
    const entries = journal.load(50).entries;
    expect(entries.map((e) => [e.action, e.outcome, e.signerRole, e.face])).toEqual([
      ['registerAccount', 'ok', 'master', 'onboarding'],
      ['approveAgent', 'ok', 'master', 'onboarding'],
      ['enrollUserToMarketDeployer', 'ok', 'master', 'onboarding'],
      ['lockCollateral', 'ok', 'master', 'onboarding'],
    ]);
    expect(entries.every((e) => e.signer === master.address.toLowerCase())).toBe(true);
    const text = readFileSync(journal.path, 'utf8');
    // Each went out with a 'sent' line first; no secret is in the file.
    expect(text.split('\n').filter((l) => l.includes('"outcome":"sent"'))).toHaveLength(4);
    expect(text).not.toContain(masterHex);
    expect(text).not.toContain(agentHex);
  });
});
