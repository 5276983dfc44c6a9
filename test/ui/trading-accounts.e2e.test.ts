import { afterAll, describe, expect, it } from 'vitest';
import { PrivateKey } from '../../src/wallet/index.js';
import { KEYS } from '../support/terminal.js';
import { closeAnswer, focusPane, keys, launchTrading, lineWith, settled, waitReady, type TradingDashboard } from './support/tradingDashboard.js';

/**
 * Collateral and agents by keys only on the embedded exchange: every movement between the
 * chain balance, deployer pools and the share group (with enrolment and the PORTFOLIO
 * switch they need), each seen in the account panes and checked against /info; then an
 * agent approved and revoked, with the slots the agents pane shows.
 */
let d: TradingDashboard;
afterAll(async () => {
  await d?.close();
});

const USDC = 1_000_000n;

async function balances() {
  const a = await d.account();
  const total = (list: { coinId: number; total: string }[] | undefined) => BigInt(list?.find((b) => b.coinId === 0)?.total ?? '0');
  return {
    chain: total(a.chainBalances),
    md1: total(a.marketDeployers.find((p) => p.marketDeployerId === 1)?.balances),
    md2: total(a.marketDeployers.find((p) => p.marketDeployerId === 2)?.balances),
    group: BigInt(a.shareGroups.find((g) => g.groupId === 1 && g.coinId === 0)?.balance ?? '0'),
    type: a.marginShareType,
  };
}

/** C, the movement's number, an amount, Enter twice: the exchange's answer with the balances after. */
async function move(t: TradingDashboard['term'], item: string, amount: string, before: RegExp = /./): Promise<string> {
  await keys(t, ['C'], (s) => s.includes('Move collateral') && before.test(s));
  await keys(t, [item], (s) => s.includes('Amount') && !s.includes('Move collateral'));
  await keys(t, [...amount], `Move ${amount}.00 USDC from the`);
  await keys(t, [KEYS.enter], ': confirm');
  const s = await keys(t, [KEYS.enter], /moved [\d,.]+ USDC; source balance after: [\d,.]+ USDC/);
  await closeAnswer(t);
  return s;
}

describe('collateral and agents from the keyboard', () => {
  it('moves collateral through every path and approves and revokes an agent', async () => {
    d = await launchTrading();
    const t = d.term;
    await waitReady(t);
    const start = await balances();
    expect(start.type).toBe('UNIFIED');
    const coins = (raw: bigint) => `${(raw / USDC).toLocaleString('en-US')}.00`;
    // Zoomed, the account pane lists every pool on one line each.
    await focusPane(t, 'Account');
    await keys(t, ['z'], /Pool\s+Balance\s+Equity/);

    await move(t, '1', '100');
    await settled(t, (s) => lineWith(s, /Chain\s/)?.includes(coins(start.chain - 100n * USDC)) === true);
    expect(await balances()).toMatchObject({ chain: start.chain - 100n * USDC, md1: start.md1 + 100n * USDC });

    await move(t, '2', '50');
    expect(await balances()).toMatchObject({ chain: start.chain - 50n * USDC, md1: start.md1 + 50n * USDC });

    // The second deployer needs an enrolment before money can enter it.
    await keys(t, ['E'], 'Enroll in alt (2)');
    await keys(t, [KEYS.enter, KEYS.enter], /enrolled in alt \(2\) \[req-\d+\]/);
    await closeAnswer(t);
    await settled(t, 'MD2 alt');

    await move(t, '3', '25');
    await settled(t, (s) => /MD2 alt\s+25\.00 USDC/.test(s));
    expect(await balances()).toMatchObject({ md1: start.md1 + 25n * USDC, md2: 25n * USDC });

    // Money enters a share group only in PORTFOLIO mode.
    await keys(t, ['C', '8'], 'Switch the account from UNIFIED to PORTFOLIO');
    await keys(t, [KEYS.enter, KEYS.enter], /margin share type is now PORTFOLIO \(1\)/);
    await closeAnswer(t);

    await move(t, '4', '20', /Account: PORTFOLIO margin/);
    await move(t, '5', '5');
    await move(t, '6', '10');
    await move(t, '7', '5');
    await settled(t, (s) => lineWith(s, /MD1 perpdesk/)?.includes(coins(start.md1 + 10n * USDC)) === true);
    await keys(t, ['z'], 'Share groups');
    await settled(t, (s) => /#1\s+\w+\s+20\.00/.test(s));
    expect(await balances()).toEqual({
      chain: start.chain - 50n * USDC - 10n * USDC + 5n * USDC,
      md1: start.md1 + 25n * USDC - 20n * USDC + 5n * USDC,
      md2: 25n * USDC,
      group: 20n * USDC,
      type: 'PORTFOLIO',
    });

    // An agent: approved by address with a name, then revoked; the slots follow.
    const agent = PrivateKey.generate().address.toLowerCase();
    await keys(t, ['A'], 'slots: anonymous 0/1, named 1/3 (perpdesk)');
    await keys(t, ['2'], 'Approve agent wallet');
    await keys(t, [...agent, KEYS.tab, 'e', '2', 'e'], 'takes named slot 2/3');
    await keys(t, [KEYS.enter], 'Approve agent wallet: confirm');
    await keys(t, [KEYS.enter], `approved agent ${agent} 'e2e', named slot,`);
    await closeAnswer(t);
    await settled(t, 'named 2/3');
    const accountId = String((await d.account()).accountId);
    let agents = await d.info.userAgents(accountId);
    expect(agents.ok && agents.value.map((a) => [a.address, a.name, a.slot])).toContainEqual([agent, 'e2e', 'named']);

    await keys(t, ['A', '3'], 'Revoke agent wallet');
    await keys(t, [...agent], `Revoke ${agent} ('e2e', named): frees its slot`);
    await keys(t, [KEYS.enter, KEYS.enter], `revoked agent ${agent}`);
    await closeAnswer(t);
    await settled(t, 'named 1/3');
    agents = await d.info.userAgents(accountId);
    expect(agents.ok && agents.value.map((a) => a.address)).not.toContain(agent);
  }, 120_000);
});
