import { describe, expect, it } from 'vitest';
import { approvalEffect, evaluateForm, FORMS, initialTexts, slotUsage, type FormContext, type FormSpec } from '../../src/forms/index.js';
import { parseAction } from '../../src/protocol/wire/index.js';
import { account, agent, AGENT, ctx, ETH1, MASTER, OPERATOR } from './fixtures.js';

function run(spec: FormSpec, texts: Record<string, string>, c: FormContext = ctx()) {
  const e = evaluateForm(spec, { ...initialTexts(spec, c), ...texts }, c);
  if (e.built) expect(parseAction(e.built.action).ok).toBe(true);
  return e;
}

const portfolio = () =>
  ctx({ account: account({ marginShareType: 'PORTFOLIO', shareGroups: [{ groupId: 1, coinId: 0, balance: '20000000', equity: '20000000', frozen: false }] }) });

describe('collateral forms show balances before and after', () => {
  it('lock: chain -> deployer pool, amount in coins sent as raw digits', () => {
    const e = run(FORMS.lockCollateral, { amount: '250.5' });
    expect(e.built!.action).toEqual({ type: 'lockCollateral', marketDeployerId: 1, coinId: 0, amount: '250500000' });
    expect(e.built!.summary).toEqual([
      'Move 250.50 USDC from the chain balance to the deployer perpdesk (1) pool',
      'chain balance: 9,000.00 USDC -> 8,749.50 USDC',
      'deployer perpdesk (1) pool: 1,000.00 USDC -> 1,250.50 USDC',
    ]);
    expect(e.built!.alwaysConfirm).toBe(true);
  });

  it('lock: refuses more than the chain balance and a deployer not enrolled in', () => {
    expect(run(FORMS.lockCollateral, { amount: '9000.000001' }).errors).toEqual(['Amount: exceeds the chain balance of 9,000.00 USDC']);
    expect(run(FORMS.lockCollateral, { deployer: '2', amount: '1' }).errors[0]).toBe(
      'Deployer: not enrolled in alt (2); enroll first (money enters a deployer only after enrolment)',
    );
    expect(run(FORMS.lockCollateral, { deployer: '9', amount: '1' }).errors).toEqual(['Deployer: choose one of 1, 2']);
    expect(run(FORMS.lockCollateral, { coin: 'USDT1', amount: '1.1234567' }).errors).toEqual(['Amount: at most 6 decimal places']);
  });

  it('unlock: limited by what the pool can release', () => {
    const c = ctx({
      account: account({
        marketDeployers: [{ marketDeployerId: 1, balances: [{ coinId: 0, total: '1000000000' }], equity: '1000000000', marginUsed: '400000000', available: '600000000', withdrawable: '600000000', positions: [] }],
      }),
    });
    expect(run(FORMS.unlockCollateral, { amount: '600' }, c).built!.summary.slice(1)).toEqual([
      'deployer perpdesk (1) pool: 1,000.00 USDC -> 400.00 USDC',
      'chain balance: 9,000.00 USDC -> 9,600.00 USDC',
    ]);
    expect(run(FORMS.unlockCollateral, { amount: '600.5' }, c).errors).toEqual([
      'Amount: exceeds what deployer perpdesk (1) pool can release now, 600.00 USDC (positions and orders hold the rest)',
    ]);
  });

  it('between deployers: both pools, never the same one', () => {
    const both = ctx({
      contract: ETH1,
      account: account({
        marketDeployers: [
          { marketDeployerId: 1, balances: [{ coinId: 0, total: '1000000000' }], equity: '1000000000', marginUsed: '0', available: '1000000000', withdrawable: '1000000000', positions: [] },
          { marketDeployerId: 2, balances: [], equity: '0', marginUsed: '0', available: '0', withdrawable: '0', positions: [] },
        ],
      }),
    });
    const e = run(FORMS.transferBetweenDeployers, { from: '1', to: '2', amount: '100' }, both);
    expect(e.built!.action).toEqual({ type: 'transferBetweenDeployers', fromMarketDeployerId: 1, toMarketDeployerId: 2, coinId: 0, amount: '100000000' });
    expect(e.built!.summary).toContain('deployer alt (2) pool: 0.00 USDC -> 100.00 USDC');
    expect(run(FORMS.transferBetweenDeployers, { from: '1', to: '1', amount: '1' }, both).errors).toEqual(['To: the same deployer as From; nothing would move']);
  });

  it('without an account read, the form still builds and says the balances are unknown', () => {
    const e = run(FORMS.lockCollateral, { amount: '1' }, ctx({ account: null }));
    expect(e.built!.summary).toContain('balances unknown (account not loaded yet)');
  });
});

describe('share-group forms', () => {
  it('deployer -> group needs PORTFOLIO and the group\'s own deployer', () => {
    expect(run(FORMS.transferMdToShareGroup, { amount: '10' }).errors).toEqual([
      'Share group: money enters a share group only in PORTFOLIO mode; switch the margin share type first',
    ]);
    const e = run(FORMS.transferMdToShareGroup, { amount: '10' }, portfolio());
    expect(e.built!.action).toEqual({ type: 'transferMdToShareGroup', marketDeployerId: 1, groupId: 1, coinId: 0, amount: '10000000' });
    expect(e.built!.summary).toContain('share group 1 pool: 20.00 USDC -> 30.00 USDC');
    expect(run(FORMS.transferMdToShareGroup, { deployer: '2', amount: '10' }, portfolio()).errors).toEqual(['Deployer: share group 1 belongs to perpdesk (1)']);
  });

  it('group -> deployer, lock into and unlock from a group', () => {
    expect(run(FORMS.transferShareGroupToMd, { amount: '20' }, portfolio()).built!.summary).toContain('share group 1 pool: 20.00 USDC -> 0.00 USDC');
    expect(run(FORMS.transferShareGroupToMd, { amount: '20.5' }, portfolio()).errors).toEqual(['Amount: exceeds the share group 1 pool of 20.00 USDC']);
    expect(run(FORMS.lockIntoShareGroup, { amount: '5' }, portfolio()).built!.action).toEqual({ type: 'lockIntoShareGroup', groupId: 1, coinId: 0, amount: '5000000' });
    expect(run(FORMS.unlockFromShareGroup, { amount: '5' }, portfolio()).built!.summary.slice(0, 3)).toEqual([
      'Move 5.00 USDC from the share group 1 pool to the chain balance',
      'share group 1 pool: 20.00 USDC -> 15.00 USDC',
      'chain balance: 9,000.00 USDC -> 9,005.00 USDC',
    ]);
  });

  it('margin share type: 1 selects PORTFOLIO; switching to the current type is refused', () => {
    const e = run(FORMS.setMarginShareType, {});
    expect(e.built!.action).toEqual({ type: 'setMarginShareType', marginShareType: 1 });
    expect(e.built!.summary[0]).toBe('Switch the account from UNIFIED to PORTFOLIO; no balance moves');
    expect(run(FORMS.setMarginShareType, { shareType: 'UNIFIED' }).errors).toEqual(['Share type: the account is already UNIFIED']);
    expect(run(FORMS.setMarginShareType, {}, portfolio()).built!.action).toEqual({ type: 'setMarginShareType', marginShareType: 0 });
  });
});

describe('agent forms show the slot rules', () => {
  const named = (name: string, address: string) => agent({ address, name, slot: 'named' });
  const A = '0x00000000000000000000000000000000000000a1';
  const B = '0x00000000000000000000000000000000000000b2';
  const C = '0x00000000000000000000000000000000000000c3';

  it('approves with a name and an expiry in days', () => {
    const c = ctx({ agents: [named('bot', A)] });
    const e = run(FORMS.approveAgent, { address: AGENT, name: 'desk', days: '30' }, c);
    expect(e.built!.action).toEqual({ type: 'approveAgent', agentAddress: AGENT, agentName: 'desk', validUntil: c.now + 30 * 86_400_000 });
    expect(e.built!.summary[0]).toBe(`Approve ${AGENT} as agent 'desk'; expires 2025-01-31T00:00:00Z (in 30 days)`);
    expect(e.built!.summary[1]).toBe('takes named slot 2/3');
    expect(e.built!.summary[2]).toBe('slots: anonymous 0/1, named 1/3 (bot)');
    const never = run(FORMS.approveAgent, { address: AGENT, name: '', days: '0' }, c);
    expect(never.built!.action).toMatchObject({ agentName: '', validUntil: 0 });
    expect(never.built!.summary[0]).toContain('the anonymous agent; never expires');
  });

  it('says which entry a same name or a second anonymous agent replaces', () => {
    const agents = [named('bot', A), agent({ address: B })];
    expect(approvalEffect(agents, AGENT, 'bot')).toEqual({ ok: true, effect: "replaces the named entry 'bot' (0x0000…00a1)" });
    expect(approvalEffect(agents, AGENT, '')).toEqual({ ok: true, effect: 'takes the anonymous slot, replacing 0x0000…00b2' });
    expect(approvalEffect(agents, A, 'other')).toEqual({ ok: true, effect: "0x0000…00a1 is already an agent ('bot', named): its expiry is refreshed, no extra slot is used" });
    expect(slotUsage(agents).text).toBe('slots: anonymous 1/1, named 1/3 (bot)');
  });

  it('refuses a fourth named agent and the master\'s own address', () => {
    const full = ctx({ agents: [named('a', A), named('b', B), named('c', C)] });
    expect(run(FORMS.approveAgent, { address: AGENT, name: 'd' }, full).errors).toEqual([
      'Name: the 3 named slots are full (a, b, c); reuse one of those names to replace it, or revoke one first',
    ]);
    expect(run(FORMS.approveAgent, { address: MASTER, name: 'x' }).errors).toEqual(["Agent address: that is the master account's own address"]);
    expect(run(FORMS.approveAgent, { address: AGENT, days: '3651' }).errors).toEqual(['Expiry (days): at most 3650']);
  });

  it('revokes, defaulting to the selected agent, and warns about the session\'s own agent', () => {
    const rec = named('bot', AGENT);
    const c = ctx({ agents: [rec], selectedAgent: rec, keys: { master: true, agent: true, masterAddress: MASTER, agentAddress: AGENT } });
    const e = run(FORMS.revokeAgent, {}, c);
    expect(e.built!.action).toEqual({ type: 'revokeAgent', agentAddress: AGENT });
    expect(e.built!.summary[0]).toBe(`Revoke ${AGENT} ('bot', named): frees its slot`);
    expect(e.built!.summary).toContain('this is the agent key this session signs with: trading will need the master key afterwards');
  });

  it('is blocked, with the reason, when only an agent key is loaded', () => {
    const agentOnly = ctx({ keys: { master: false, agent: true, agentAddress: AGENT } });
    expect(run(FORMS.approveAgent, { address: A }, agentOnly).blocked).toBe(
      'approveAgent needs the master key, but only an agent key is loaded (start with --keystore or --key-file)',
    );
    expect(run(FORMS.lockCollateral, { amount: '1' }, agentOnly).blocked).toMatch(/^lockCollateral needs the master key/);
    expect(run(FORMS.order, { price: '150', size: '1' }, agentOnly).ready).toBe(true);
  });
});

describe('deployer forms', () => {
  it('enrolls in a deployer not yet enrolled in', () => {
    const e = run(FORMS.enroll, {});
    expect(e.built!.action).toEqual({ type: 'enrollUserToMarketDeployer', marketDeployerId: 2 });
    expect(e.built!.summary[1]).toBe('its active contracts: ETH1; lock collateral into its pool to trade them');
    expect(run(FORMS.enroll, { deployer: '1' }).errors).toEqual(['Deployer: already enrolled in perpdesk (1)']);
  });

  it('sets fee overrides as the operator, rates as 8-decimal fractions', () => {
    const operator = ctx({ keys: { master: true, agent: false, masterAddress: OPERATOR } });
    const e = run(FORMS.updateFeeSetting, { user: MASTER, taker: '0.0004', maker: '-0.0001' }, operator);
    expect(e.built!.action).toEqual({ type: 'updateFeeSetting', marketDeployerId: 1, user: MASTER, takerFeeRate: '0.0004', makerFeeRate: '-0.0001' });
    expect(run(FORMS.updateFeeSetting, { user: MASTER, taker: '0.000000001', maker: '0' }, operator).errors).toEqual(['Taker fee rate: at most 8 decimal places']);
    expect(run(FORMS.updateFeeSetting, { user: MASTER, taker: '2', maker: '0' }, operator).errors).toEqual(['Taker fee rate: a fraction between -1 and 1 (0.0005 = 0.05 %)']);
    expect(run(FORMS.updateFeeSetting, { deployer: '1', user: MASTER, taker: '0', maker: '0' }).errors).toEqual([
      `Deployer: only its operator ${OPERATOR} may set fees; this session's master key is ${MASTER}`,
    ]);
  });
});
