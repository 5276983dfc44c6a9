import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucket, MemoryLedger } from '../../src/exchange/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';

describe('ledger: transfer is the only mutation and conserves every coin', () => {
  it('random transfers never go negative and sum(buckets) == minted', () => {
    const keys = [bucket.chain(1, 0), bucket.md(1, 1, 0), bucket.group(1, 1, 0), bucket.chain(2, 0), bucket.fees(1, 0), bucket.insurance(0)];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(keys.length - 1), fc.nat(keys.length - 1), fc.bigInt({ min: 0n, max: 5_000n })), { maxLength: 60 }),
        (moves) => {
          const ledger = new MemoryLedger(() => 0);
          ledger.mint(keys[0]!, 3_000n, 'a');
          ledger.mint(keys[3]!, 2_000n, 'b');
          for (const [f, t, amount] of moves) {
            const from = keys[f]!;
            const to = keys[t]!;
            const before = [ledger.balance(from), ledger.balance(to)];
            try {
              ledger.transfer(from, to, amount);
            } catch {
              expect([ledger.balance(from), ledger.balance(to)]).toEqual(before);
            }
            for (const k of keys) expect(ledger.balance(k) >= 0n).toBe(true);
          }
          expect(ledger.sumByCoin().get(0)).toBe(ledger.totalMinted(0));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses to mix coins', () => {
    const ledger = new MemoryLedger();
    ledger.mint(bucket.chain(1, 0), 10n, 'x');
    expect(() => ledger.transfer(bucket.chain(1, 0), bucket.chain(1, 1), 1n)).toThrow(/different coins/);
  });
});

/** The exchange's own rules, as a reference: which movement must succeed. */
interface Model {
  chain: bigint;
  md: [bigint, bigint];
  group: bigint;
  portfolio: boolean;
  enrolled: [boolean, boolean];
}

type Cmd =
  | { kind: 'lock' | 'unlock'; md: 1 | 2; amount: bigint }
  | { kind: 'between'; from: 1 | 2; to: 1 | 2; amount: bigint }
  | { kind: 'lockInto' | 'unlockFrom'; amount: bigint }
  | { kind: 'mdToGroup' | 'groupToMd'; md: 1 | 2; amount: bigint }
  | { kind: 'shareType'; portfolio: boolean };

const amount = fc.oneof(
  fc.constant(0n),
  fc.bigInt({ min: 1n, max: 100n }),
  fc.bigInt({ min: 1n, max: 12_000_000_000n }),
  fc.constant(10_000_000_000n),
);
const md = fc.constantFrom<1 | 2>(1, 2);
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ kind: fc.constantFrom<'lock' | 'unlock'>('lock', 'unlock'), md, amount }),
  fc.record({ kind: fc.constant<'between'>('between'), from: md, to: md, amount }),
  fc.record({ kind: fc.constantFrom<'lockInto' | 'unlockFrom'>('lockInto', 'unlockFrom'), amount }),
  fc.record({ kind: fc.constantFrom<'mdToGroup' | 'groupToMd'>('mdToGroup', 'groupToMd'), md, amount }),
  fc.record({ kind: fc.constant<'shareType'>('shareType'), portfolio: fc.boolean() }),
);

function toAction(c: Cmd): { type: string } {
  switch (c.kind) {
    case 'lock':
      return build.lockCollateral(c.md, 0, c.amount.toString());
    case 'unlock':
      return build.unlockCollateral(c.md, 0, c.amount.toString());
    case 'between':
      return build.transferBetweenDeployers(c.from, c.to, 0, c.amount.toString());
    case 'lockInto':
      return build.lockIntoShareGroup(1, 0, c.amount.toString());
    case 'unlockFrom':
      return build.unlockFromShareGroup(1, 0, c.amount.toString());
    case 'mdToGroup':
      return build.transferMdToShareGroup(c.md, 1, 0, c.amount.toString());
    case 'groupToMd':
      return build.transferShareGroupToMd(c.md, 1, 0, c.amount.toString());
    case 'shareType':
      return build.setMarginShareType(c.portfolio ? 1 : 0);
  }
}

/** Applies c to the model; returns whether the exchange must accept it. */
function apply(m: Model, c: Cmd): boolean {
  if (c.kind === 'shareType') {
    m.portfolio = c.portfolio;
    return true;
  }
  const a = c.amount;
  const groupOk = m.enrolled[0]; // group 1 belongs to deployer 1
  const take = (ok: boolean, from: () => bigint, move: () => void): boolean => {
    if (!ok || a <= 0n || from() < a) return false;
    move();
    return true;
  };
  const ix = (id: 1 | 2) => (id - 1) as 0 | 1;
  switch (c.kind) {
    case 'lock':
      return take(m.enrolled[ix(c.md)], () => m.chain, () => ((m.chain -= a), (m.md[ix(c.md)] += a)));
    case 'unlock':
      return take(true, () => m.md[ix(c.md)], () => ((m.md[ix(c.md)] -= a), (m.chain += a)));
    case 'between':
      return take(m.enrolled[ix(c.to)], () => m.md[ix(c.from)], () => ((m.md[ix(c.from)] -= a), (m.md[ix(c.to)] += a)));
    case 'lockInto':
      return take(groupOk && m.portfolio, () => m.chain, () => ((m.chain -= a), (m.group += a)));
    case 'unlockFrom':
      return take(groupOk, () => m.group, () => ((m.group -= a), (m.chain += a)));
    case 'mdToGroup':
      return take(groupOk && c.md === 1 && m.portfolio, () => m.md[0], () => ((m.md[0] -= a), (m.group += a)));
    case 'groupToMd':
      return take(groupOk && c.md === 1, () => m.group, () => ((m.group -= a), (m.md[0] += a)));
  }
}

describe('collateral over HTTP: random sequences conserve money and follow the rules', () => {
  let ex: TestExchange;
  let users: { who: Registered; enrolled: [boolean, boolean] }[];

  beforeAll(async () => {
    ex = await startTestExchange();
    users = [
      { who: await ex.registerFunded(), enrolled: [true, true] },
      { who: await ex.registerFunded(), enrolled: [true, false] },
    ];
    for (const u of users) {
      if (u.enrolled[0]) exchangeData(await ex.signedPost(build.enroll(1), u.who.key));
      if (u.enrolled[1]) exchangeData(await ex.signedPost(build.enroll(2), u.who.key));
    }
  });
  afterAll(() => ex.close());

  async function read(u: (typeof users)[number]): Promise<Model> {
    const a = (
      await ex.info<{
        marginShareType: string;
        chainBalances: { coinId: number; total: string }[];
        marketDeployers: { marketDeployerId: number; balances: { coinId: number; total: string }[] }[];
        shareGroups: { groupId: number; coinId: number; balance: string }[];
      }>({ type: 'userAccount', user: u.who.address })
    ).body;
    const usdc = (rows: { coinId: number; total: string }[]) => BigInt(rows.find((r) => r.coinId === 0)?.total ?? '0');
    const mdBal = (id: number) => usdc(a.marketDeployers.find((m) => m.marketDeployerId === id)?.balances ?? []);
    return {
      chain: usdc(a.chainBalances),
      md: [mdBal(1), mdBal(2)],
      group: BigInt(a.shareGroups.find((g) => g.groupId === 1 && g.coinId === 0)?.balance ?? '0'),
      portfolio: a.marginShareType === 'PORTFOLIO',
      enrolled: u.enrolled,
    };
  }

  it('model and exchange agree after every sequence; totals never change', async () => {
    const credit = ex.running.core.config.registrationCredit;
    await fc.assert(
      fc.asyncProperty(fc.nat(users.length - 1), fc.array(cmd, { minLength: 1, maxLength: 12 }), async (ui, cmds) => {
        const u = users[ui]!;
        const model = await read(u);
        for (const c of cmds) {
          const mustSucceed = apply(model, c);
          const data = exchangeData(await ex.signedPost(toAction(c), u.who.key));
          expect({ cmd: c.kind, ok: data.errorCode === undefined }).toEqual({ cmd: c.kind, ok: mustSucceed });
        }
        const actual = await read(u);
        expect(actual).toEqual(model);
        expect(actual.chain + actual.md[0] + actual.md[1] + actual.group).toBe(credit);
        for (const v of [actual.chain, ...actual.md, actual.group]) expect(v >= 0n).toBe(true);
      }),
      { numRuns: 30 },
    );
    const core = ex.running.core;
    expect(core.ledger.sumByCoin().get(0)).toBe(core.ledger.totalMinted(0));
    expect(core.ledger.totalMinted(0)).toBe(credit * 2n);
  });
});
