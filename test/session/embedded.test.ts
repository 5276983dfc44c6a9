import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/client/http.js';
import { InfoClient } from '../../src/client/infoClient.js';
import { AGENT_NAME, OnboardingError, runOnboarding, startEmbedded } from '../../src/session/index.js';
import { PrivateKey } from '../../src/wallet/index.js';
import { startTestExchange } from '../support/exchangeHarness.js';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const d = await mkdtemp(path.join(os.tmpdir(), 'perpdesk-embedded-'));
  dirs.push(d);
  return d;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('embedded start-up', () => {
  it('serves at once, then registers, funds, enrolls, locks collateral and approves the agent', async () => {
    const stateDir = await tempDir();
    const steps: string[] = [];
    const emb = await startEmbedded({ stateDir, activity: 'off', onProgress: (s) => steps.push(s) });
    const http = new HttpTransport({ baseUrl: emb.url });
    try {
      const info = new InfoClient(http);
      // Listening before onboarding finishes: the book is readable straight away.
      expect((await info.configs()).ok).toBe(true);
      await emb.ready;
      const acct = await info.userAccount(emb.address);
      if (!acct.ok) throw new Error(acct.error.message);
      const pool = acct.value.marketDeployers.find((m) => m.marketDeployerId === 1);
      expect(BigInt(pool!.equity)).toBe(5_000_000_000n);
      expect(acct.value.chainBalances.find((b) => b.coinId === 0)?.total).toBe('5000000000');
      const agents = await info.userAgents(String(acct.value.accountId));
      if (!agents.ok) throw new Error(agents.error.message);
      expect(agents.value).toEqual([
        expect.objectContaining({ address: emb.agent.address.toLowerCase(), name: AGENT_NAME, slot: 'named', expired: false }),
      ]);
      expect(steps.at(-1)).toMatch(/account ready/);
      expect(steps.join('\n')).not.toMatch(/[0-9a-f]{64}/i);
    } finally {
      await http.close();
      await emb.close();
    }
    const masterFile = path.join(stateDir, 'embedded', 'master.key');
    expect((await stat(masterFile)).mode & 0o777).toBe(0o600);

    // A second start reuses the same demo keys on a fresh exchange.
    const again = await startEmbedded({ stateDir, activity: 'off' });
    try {
      expect(again.address).toBe(emb.address);
      expect(again.agent.address).toBe(emb.agent.address);
      await again.ready;
    } finally {
      await again.close();
    }
  });

  it('refuses an unreadable demo key and leaves no exchange behind', async () => {
    const stateDir = await tempDir();
    await mkdir(path.join(stateDir, 'embedded'), { recursive: true, mode: 0o700 });
    await writeFile(path.join(stateDir, 'embedded', 'master.key'), 'not a key\n', { mode: 0o600 });
    // The exchange starts while the keys are read: the refusal closes it again.
    await expect(startEmbedded({ stateDir, activity: 'off' })).rejects.toThrow(/master\.key/);
    await rm(path.join(stateDir, 'embedded', 'master.key'));
    const emb = await startEmbedded({ stateDir, activity: 'off' });
    await emb.close();
  });
});

describe('embedded market at start', () => {
  it('returns every Active contract with a book already quoted on both sides', async () => {
    const emb = await startEmbedded({ stateDir: await tempDir(), activity: 'calm' });
    try {
      const initial = emb.initial!;
      const active = initial.configs.contracts.filter((c) => c.status === 'Active');
      expect(active.length).toBeGreaterThan(0);
      expect(initial.books.map((b) => b.contractId).sort()).toEqual(active.map((c) => c.contractId).sort());
      for (const b of initial.books) {
        expect(b.levels[0].length).toBeGreaterThan(0);
        expect(b.levels[1].length).toBeGreaterThan(0);
      }
      await emb.ready;
    } finally {
      await emb.close();
    }
  });
});

describe('onboarding against a deployment', () => {
  it('asks for the invite code only when the address is unregistered, and skips what is done', async () => {
    const ex = await startTestExchange();
    try {
      const master = PrivateKey.generate();
      const agent = PrivateKey.generate();
      const asked: string[] = [];
      const code = ex.inviteCode();
      const opts = {
        url: ex.url,
        master,
        address: master.address,
        agent: { key: agent, address: agent.address, name: 'desk', validUntil: 0 },
        // A typo first, then the code; then an amount that is too much, then 2500 (and yes to its echo).
        ask: async (q: string) => {
          asked.push(q);
          if (q.startsWith('Lock ')) return '';
          const answers = q.startsWith('Invite') ? ['ZZZZZZ', code] : ['99999999', '2500'];
          return answers[asked.filter((a) => a.slice(0, 6) === q.slice(0, 6)).length - 1] ?? '';
        },
        log: (l: string) => said.push(l),
        pollMs: 20,
      };
      const said: string[] = [];
      const first = await runOnboarding(opts);
      expect(asked.filter((q) => q.startsWith('Invite'))).toHaveLength(2);
      expect(asked.filter((q) => q.startsWith('USDC to lock'))).toHaveLength(2);
      expect(asked.find((q) => q.startsWith('USDC to lock'))).toMatch(/\(10000 available\) \[5000\]/);
      expect(said[0]).toMatch(/has no account on .* perpdesk will now:\n  1\. register/);
      expect(said.join('\n')).toMatch(/that code was refused .*INVITE_CODE_INVALID.*; 2 more tries/);
      expect(said.join('\n')).toMatch(/only 10000 USDC is available/);
      expect(said.join('\n')).toMatch(/locking 2500 USDC as collateral/);
      expect(first.contract.name).toBe('SOL1');
      const logs: string[] = [];
      const before = asked.length;
      await runOnboarding({ ...opts, log: (l) => logs.push(l) });
      expect(asked).toHaveLength(before);
      expect(logs).toEqual([]);
    } finally {
      await ex.close();
    }
  });

  it('says plainly what is missing and what the exchange answered', async () => {
    const ex = await startTestExchange();
    try {
      const master = PrivateKey.generate();
      const base = { url: ex.url, master, address: master.address, log: () => {} };
      await expect(runOnboarding(base)).rejects.toThrow(/register: this address is not registered and no invite code was given/);
      await expect(runOnboarding({ ...base, inviteCode: 'ZZZZZZ' })).rejects.toThrow(OnboardingError);
      await expect(runOnboarding({ ...base, inviteCode: 'ZZZZZZ' })).rejects.toThrow(/INVITE_CODE_INVALID/);
      await expect(runOnboarding({ ...base, inviteCode: ex.inviteCode(), contractName: 'NOPE' })).rejects.toThrow(/no Active contract named NOPE/);
    } finally {
      await ex.close();
    }
  });
});
