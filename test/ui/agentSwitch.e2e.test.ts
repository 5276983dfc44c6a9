import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEYS } from '../support/terminal.js';
import { keys, launchTrading, settled, waitReady, type TradingDashboard } from './support/tradingDashboard.js';

/**
 * A new agent key made on the dashboard (A, Generate, approve) signs the session's trades at
 * once, without a restart: the dashboard opens its session again with that key. The order
 * sent afterwards is signed by the new agent (the journal names it) and rests on the account
 * in view; the old agent stays approved until revoked.
 */
let d: TradingDashboard;
afterAll(async () => {
  await d?.close();
});

interface JournalLine {
  action?: string;
  outcome?: string;
  signer?: string;
  signerRole?: string;
}

function journal(): JournalLine[] {
  return readFileSync(path.join(d.home, 'state', 'journal.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as JournalLine);
}

describe('an agent key generated on the dashboard', () => {
  it('signs the next trade once approved, without a restart', async () => {
    d = await launchTrading();
    const t = d.term;
    await waitReady(t);
    await keys(t, ['A'], 'slots: anonymous 0/1, named 1/3 (perpdesk)');
    await keys(t, ['1'], (s) => s.includes('Generate an agent key') && s.includes('Sign with it'));
    await keys(t, [...'long-enough', KEYS.tab, ...'long-enough'], (s) => s.includes('Repeat') && !s.includes('long-enough'));
    const approve = await keys(t, [KEYS.enter], 'Approve agent wallet', 30_000);
    const agentFiles = readdirSync(path.join(d.home, 'state', 'agents')).filter((f) => f.endsWith('.json'));
    expect(agentFiles).toHaveLength(1);
    const agent = agentFiles[0]!.replace(/\.json$/, '');
    expect(approve).toContain('once approved, this session signs with it');
    await keys(t, [KEYS.enter], 'Approve agent wallet: confirm');
    await t.press(KEYS.enter);
    // The session opens again on the same account, signed by the new agent, both agents listed.
    await settled(t, (s) => s.includes('● ws') && s.includes('now signing with agent'), 30_000);
    const accountId = String((await d.account()).accountId);
    const agents = await d.info.userAgents(accountId);
    expect(agents.ok && agents.value.map((a) => a.address.toLowerCase()).includes(agent)).toBe(true);
    expect(agents.ok && agents.value.length).toBe(2);

    await keys(t, ['b', '1', '0', '0'], 'Buy 1 SOL1 @ 100 Gtc');
    await keys(t, [KEYS.enter], 'New order: confirm');
    await keys(t, [KEYS.enter], /Buy\s+100\s+1\/1/);
    const orders = journal().filter((e) => e.action === 'order' && e.outcome === 'ok');
    expect(orders.map((e) => [e.signerRole, e.signer?.toLowerCase()])).toEqual([['agent', agent]]);
    const open = await d.info.userOrders(await d.address(), 1);
    expect(open.ok && open.value.length).toBe(1);
  }, 120_000);
});
