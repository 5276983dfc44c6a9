import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ExchangeClient } from '../../src/client/exchangeClient.js';
import { HttpTransport } from '../../src/client/http.js';
import { InfoClient } from '../../src/client/infoClient.js';
import { SignerSet } from '../../src/client/signers.js';
import { NonceManager } from '../../src/protocol/index.js';
import { AGENT_NAME, runOnboarding, startEmbedded } from '../../src/session/index.js';
import { startEmbeddedTarget } from '../../src/session/target.js';

/**
 * Issue 38: the demo agent revoked (`A` → revoke) stays revoked. Start-up remembers what it
 * approved (agent-approvals.json); an agent it approved that is in time but gone from the
 * account's list is not approved again without asking: the master signs, and says why.
 */
let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function agentsOf(url: string, address: string): Promise<string[]> {
  const http = new HttpTransport({ baseUrl: url });
  try {
    const info = new InfoClient(http);
    const acct = await info.userAccount(address);
    if (!acct.ok) throw new Error(acct.error.message);
    const agents = await info.userAgents(String(acct.value.accountId));
    if (!agents.ok) throw new Error(agents.error.message);
    return agents.value.map((a) => a.address.toLowerCase());
  } finally {
    await http.close();
  }
}

describe('a revoked demo agent', () => {
  it('is not approved again on the next start (the master signs, saying why), and asked about on a terminal', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'perpdesk-revoked-'));
    const first = await startEmbedded({ stateDir: dir, activity: 'off' });
    const agent = first.agent.address.toLowerCase();
    try {
      await first.ready;
      expect(await agentsOf(first.url, first.address)).toEqual([agent]);
      const http = new HttpTransport({ baseUrl: first.url });
      const client = new ExchangeClient({ http, info: new InfoClient(http), signers: new SignerSet({ master: first.master }), address: first.address, nonces: new NonceManager() });
      const r = await client.revokeAgent(agent);
      await http.close();
      expect(r.ok).toBe(true);
      expect(await agentsOf(first.url, first.address)).toEqual([]);
    } finally {
      await first.close();
    }

    const again = await startEmbeddedTarget({ readOnly: false, activity: 'off' }, dir, () => {});
    const emb = again.target.embedded!;
    try {
      await emb.ready;
      expect(await agentsOf(emb.url, emb.address)).toEqual([]);
      expect(again.keys.agent).toBeUndefined();
      expect(again.keys.master).toBeDefined();
      expect(again.warnings.join(' ')).toMatch(new RegExp(`agent ${agent} was revoked: not approved again, so orders are signed by the master key`, 'i'));

      // On a terminal start-up asks: no keeps it revoked, yes approves it again.
      const onboard = (answer: string, asked: string[], said: string[]) =>
        runOnboarding({
          url: emb.url,
          master: emb.master,
          address: emb.address,
          agent: { key: emb.agent, address: emb.agent.address, name: AGENT_NAME, validUntil: Date.now() + 86_400_000 },
          ask: async (q) => (asked.push(q), answer),
          onAgentRevoked: (why) => said.push(why),
          log: () => {},
          stateDir: dir!,
        });
      const asked: string[] = [];
      const said: string[] = [];
      await onboard('n', asked, said);
      expect(asked.join('')).toMatch(/has been revoked since; approve it again\? \[y\/N\]/);
      expect(said).toHaveLength(1);
      expect(await agentsOf(emb.url, emb.address)).toEqual([]);
      await onboard('y', [], said);
      expect(said).toHaveLength(1);
      expect(await agentsOf(emb.url, emb.address)).toEqual([agent]);
    } finally {
      await emb.close();
    }
  }, 30_000);
});
