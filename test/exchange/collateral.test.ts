import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMarginHooks } from '../../src/exchange/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';

let ex: TestExchange;
let who: Registered;

type Acct = {
  marginShareType: string;
  chainBalances: { coinId: number; total: string }[];
  marketDeployers: { marketDeployerId: number; balances: { coinId: number; total: string }[]; withdrawable: string; equity: string }[];
  shareGroups: { groupId: number; coinId: number; balance: string }[];
};
const account = async (user: Registered, marketDeployerId?: number) =>
  (await ex.info<Acct>(marketDeployerId === undefined ? { type: 'userAccount', user: user.address } : { type: 'userAccount', user: user.address, marketDeployerId })).body;
const usdc = (rows: { coinId: number; total: string }[]) => rows.find((r) => r.coinId === 0)?.total;
const send = async (action: { type: string }, user = who) => exchangeData(await ex.signedPost(action, user.key));
const rejected = (code: number, message: string) => ({ coinId: 0, amount: 0, fromBalanceAfter: 0, toBalanceAfter: 0, errorCode: code, errorMessage: message });

beforeAll(async () => {
  ex = await startTestExchange();
  who = await ex.registerFunded();
  await send(build.enroll(1));
  await send(build.enroll(2));
});
afterAll(() => ex.close());

describe('lockCollateral / unlockCollateral / transferBetweenDeployers', () => {
  it('lock moves chain balance into the deployer pool and reports both sides', async () => {
    expect(await send(build.lockCollateral(1, 0, '3000000000'))).toEqual({ coinId: 0, amount: 3_000_000_000, fromBalanceAfter: 7_000_000_000, toBalanceAfter: 3_000_000_000 });
    const a = await account(who, 1);
    expect(usdc(a.chainBalances)).toBe('7000000000');
    expect(usdc(a.marketDeployers[0]!.balances)).toBe('3000000000');
    expect(a.marketDeployers[0]!.withdrawable).toBe('3000000000');
  });

  it.each([
    ['0', 3004, 'amount must be above zero'],
    ['-5', 3009, 'amount must be a whole number of smallest units'],
    ['1.5', 3009, 'amount must be a whole number of smallest units'],
    ['01', 3009, 'amount must be a whole number of smallest units'],
    ['1e6', 3009, 'amount must be a whole number of smallest units'],
    ['', 3009, 'amount must be a whole number of smallest units'],
    ['99999999999999999999999', 3009, 'amount must be a whole number of smallest units'],
    ['7000000001', 3001, 'insufficient balance'],
  ])('lock of amount "%s" is rejected with %i', async (amount, code, message) => {
    expect(await send(build.lockCollateral(1, 0, amount))).toEqual(rejected(code, message));
  });

  it('unknown coin and deployer are rejected', async () => {
    expect(await send(build.lockCollateral(1, 7, '1'))).toEqual(rejected(3008, 'unknown coin'));
    expect(await send(build.lockCollateral(9, 0, '1'))).toEqual(rejected(3005, 'unknown market deployer'));
    expect(await send(build.unlockCollateral(9, 0, '1'))).toEqual(rejected(3005, 'unknown market deployer'));
  });

  it('a coin the account does not hold is an insufficient balance', async () => {
    expect(await send(build.lockCollateral(1, 1, '1'))).toEqual(rejected(3001, 'insufficient balance'));
  });

  it('unlock returns money to the chain balance, never more than the pool holds', async () => {
    expect(await send(build.unlockCollateral(1, 0, '3000000001'))).toEqual(rejected(3001, 'insufficient balance'));
    expect(await send(build.unlockCollateral(1, 0, '1000000000'))).toEqual({ coinId: 0, amount: 1_000_000_000, fromBalanceAfter: 2_000_000_000, toBalanceAfter: 8_000_000_000 });
  });

  it('unlock respects the margin engine: what is held is not withdrawable', async () => {
    const core = ex.running.core;
    const base = defaultMarginHooks(core.ledger, core.config);
    core.setMarginHooks({ ...base, withdrawableFromMd: () => 500n });
    try {
      expect(await send(build.unlockCollateral(1, 0, '501'))).toEqual(rejected(3007, 'insufficient margin'));
      expect(await send(build.transferBetweenDeployers(1, 2, 0, '501'))).toEqual(rejected(3007, 'insufficient margin'));
      expect((await send(build.unlockCollateral(1, 0, '500'))).errorCode).toBeUndefined();
    } finally {
      core.setMarginHooks(base);
    }
  });

  it('transferBetweenDeployers moves pool to pool and leaves the chain balance alone', async () => {
    const before = usdc((await account(who)).chainBalances);
    expect(await send(build.transferBetweenDeployers(1, 2, 0, '500000000'))).toMatchObject({ amount: 500_000_000, toBalanceAfter: 500_000_000 });
    const after = await account(who);
    expect(usdc(after.chainBalances)).toBe(before);
    expect(after.marketDeployers.map((m) => [m.marketDeployerId, usdc(m.balances)])).toEqual([
      [1, '1499999500'],
      [2, '500000000'],
    ]);
  });

  it('transfer into a deployer the account has not enrolled in is refused', async () => {
    const other = await ex.registerFunded();
    await send(build.enroll(1), other);
    await send(build.lockCollateral(1, 0, '10'), other);
    expect(await send(build.transferBetweenDeployers(1, 2, 0, '5'), other)).toEqual(rejected(3006, 'not enrolled in market deployer'));
  });
});

describe('margin share type and share groups (spec 4.8)', () => {
  let p: Registered;
  beforeAll(async () => {
    p = await ex.registerFunded();
    await send(build.enroll(1), p);
    await send(build.lockCollateral(1, 0, '1000000000'), p);
  });

  it('lockIntoShareGroup answers type shareGroupFund, with zeros and a reason when refused', async () => {
    const reply = await ex.signedPost(build.lockIntoShareGroup(1, 0, '100'), p.key);
    expect(reply.body).toMatchObject({ status: 'ok', response: { type: 'shareGroupFund' } });
    expect(exchangeData(reply)).toEqual(rejected(3002, 'account not in PORTFOLIO mode'));
  });

  it('setMarginShareType 1 selects PORTFOLIO; the margin engine may refuse the switch', async () => {
    const core = ex.running.core;
    const base = defaultMarginHooks(core.ledger, core.config);
    core.setMarginHooks({ ...base, onMarginShareTypeChange: () => 'MARGIN_MODE_OPEN' });
    try {
      expect(await send(build.setMarginShareType(1), p)).toEqual({ marginShareType: 0, errorCode: 5005, errorMessage: 'cannot change margin mode with an open position or order' });
      expect((await account(p)).marginShareType).toBe('UNIFIED');
    } finally {
      core.setMarginHooks(base);
    }
    expect(await send(build.setMarginShareType(1), p)).toEqual({ marginShareType: 1 });
    expect((await account(p)).marginShareType).toBe('PORTFOLIO');
  });

  it('lockIntoShareGroup: every refusal of spec 4.8, then success', async () => {
    expect(await send(build.lockIntoShareGroup(1, 0, '0'), p)).toEqual(rejected(3004, 'amount must be above zero'));
    expect(await send(build.lockIntoShareGroup(5, 0, '1'), p)).toEqual(rejected(3003, 'unknown or inaccessible groupId'));
    expect(await send(build.lockIntoShareGroup(1, 0, '9000000001'), p)).toEqual(rejected(3001, 'insufficient balance'));
    const reply = await ex.signedPost(build.lockIntoShareGroup(1, 0, '250000000'), p.key);
    expect(reply.body).toMatchObject({ response: { type: 'shareGroupFund' } });
    expect(exchangeData(reply)).toEqual({ coinId: 0, amount: 250_000_000, fromBalanceAfter: 8_750_000_000, toBalanceAfter: 250_000_000 });
    expect((await account(p)).shareGroups).toEqual([{ groupId: 1, coinId: 0, balance: '250000000', equity: '250000000', frozen: false }]);
  });

  it('a group is inaccessible without enrollment in its market deployer', async () => {
    const q = await ex.registerFunded();
    await send(build.setMarginShareType(1), q);
    expect(await send(build.lockIntoShareGroup(1, 0, '1'), q)).toEqual(rejected(3003, 'unknown or inaccessible groupId'));
  });

  it('deployer pool <-> group pool, only through the group\'s own deployer', async () => {
    expect(await send(build.transferMdToShareGroup(2, 1, 0, '1'), p)).toEqual(rejected(3003, 'unknown or inaccessible groupId'));
    expect(await send(build.transferMdToShareGroup(1, 1, 0, '100000000'), p)).toEqual({ coinId: 0, amount: 100_000_000, fromBalanceAfter: 900_000_000, toBalanceAfter: 350_000_000 });
    expect(await send(build.transferShareGroupToMd(1, 1, 0, '350000001'), p)).toEqual(rejected(3001, 'insufficient balance'));
    expect(await send(build.transferShareGroupToMd(1, 1, 0, '50000000'), p)).toEqual({ coinId: 0, amount: 50_000_000, fromBalanceAfter: 300_000_000, toBalanceAfter: 950_000_000 });
  });

  it('group withdrawals respect the margin engine', async () => {
    const core = ex.running.core;
    const base = defaultMarginHooks(core.ledger, core.config);
    core.setMarginHooks({ ...base, withdrawableFromGroup: () => 10n });
    try {
      expect(await send(build.unlockFromShareGroup(1, 0, '11'), p)).toEqual(rejected(3007, 'insufficient margin'));
      expect(await send(build.transferShareGroupToMd(1, 1, 0, '11'), p)).toEqual(rejected(3007, 'insufficient margin'));
    } finally {
      core.setMarginHooks(base);
    }
  });

  it('back in UNIFIED mode money can leave a group but not enter it', async () => {
    expect(await send(build.setMarginShareType(0), p)).toEqual({ marginShareType: 0 });
    expect(await send(build.transferMdToShareGroup(1, 1, 0, '1'), p)).toEqual(rejected(3002, 'account not in PORTFOLIO mode'));
    expect(await send(build.unlockFromShareGroup(1, 0, '300000000'), p)).toEqual({ coinId: 0, amount: 300_000_000, fromBalanceAfter: 0, toBalanceAfter: 9_050_000_000 });
    expect((await account(p)).shareGroups).toEqual([{ groupId: 1, coinId: 0, balance: '0', equity: '0', frozen: false }]);
  });

  it('the response types echo the action, except lockIntoShareGroup', async () => {
    const types = [];
    for (const action of [build.transferMdToShareGroup(1, 1, 0, '0'), build.transferShareGroupToMd(1, 1, 0, '0'), build.unlockFromShareGroup(1, 0, '0')]) {
      types.push(((await ex.signedPost(action, p.key)).body as { response: { type: string } }).response.type);
    }
    expect(types).toEqual(['transferMdToShareGroup', 'transferShareGroupToMd', 'unlockFromShareGroup']);
  });
});
