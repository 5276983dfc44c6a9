import { describe, expect, it } from 'vitest';
import { preTrade, walkBook, type FormContext, type PreTradeInput } from '../../src/forms/index.js';
import { preTradeFor, riskOf } from '../../src/forms/orderContext.js';
import { marginMathOf } from '../../src/protocol/risk/index.js';
import type { ContractConfig, ContractSetting, Position } from '../../src/protocol/wire/index.js';
import { account, BTC1, BTC_BOOK, ctx, position, SOL1, SOL_BOOK } from './fixtures.js';

const USDC = { name: 'USDC', decimals: 6 };
const sides = (b: typeof SOL_BOOK) => ({ bids: b.levels[0], asks: b.levels[1] });
const usdc = (whole: number | bigint) => BigInt(whole) * 1_000_000n;

/**
 * An account as `userAccount` reports it: deployer 1's pool holding `balance` USDC, with the
 * given positions and contract settings (an empty list: every contract at the defaults).
 */
function withPool(balance: bigint, o: { positions?: Position[]; settings?: ContractSetting[]; equity?: bigint; available?: bigint } = {}): FormContext {
  const positions = o.positions ?? [];
  const md = {
    marketDeployerId: 1,
    balances: [{ coinId: 0, total: String(balance) }],
    equity: String(o.equity ?? balance),
    marginUsed: '0',
    available: String(o.available ?? balance),
    withdrawable: String(balance),
    positions,
    contractSettings: o.settings ?? [],
  };
  return ctx({ account: account({ marketDeployers: [md] }), positions });
}

const riskFor = (c: FormContext, contract: ContractConfig = SOL1) => riskOf(c, contract);

function sol(over: Partial<PreTradeInput>): PreTradeInput {
  return { contract: SOL1, collateral: USDC, isBuy: true, kind: 'Gtc', size: 1n, book: sides(SOL_BOOK), markPx: 150n, risk: riskFor(withPool(usdc(100))), ...over };
}

describe('walkBook', () => {
  it('takes levels best-first up to the size and stops at the limit', () => {
    const w = walkBook(sides(SOL_BOOK), true, 4n, 152n, 0, 0);
    expect(w).toMatchObject({ filled: 4n, cost: 606n, remaining: 0n, levels: 2, worstPx: 152n, avgPx: 152n });
    const limited = walkBook(sides(SOL_BOOK), true, 10n, 151n, 0, 0);
    expect(limited).toMatchObject({ filled: 2n, cost: 302n, remaining: 8n, levels: 1 });
    const market = walkBook(sides(SOL_BOOK), false, 7n, undefined, 0, 0);
    expect(market).toMatchObject({ filled: 7n, cost: 5n * 149n + 2n * 148n, worstPx: 148n });
  });

  it('reads scaled levels exactly (BTC1: priceScale 1, qtyScale 3)', () => {
    const w = walkBook(sides(BTC_BOOK), true, 400n, 600010n, 1, 3);
    expect(w).toMatchObject({ filled: 400n, cost: 600005n * 200n + 600010n * 200n, worstPx: 600010n });
  });

  it('skips unreadable levels instead of guessing', () => {
    const w = walkBook({ bids: [], asks: [{ px: 'x', sz: '1', n: 1 }, { px: '151', sz: '1', n: 1 }] }, true, 1n, undefined, 0, 0);
    expect(w).toMatchObject({ filled: 1n, cost: 151n });
  });
});

describe('preTrade at scale 0 (SOL1)', () => {
  it('a crossing Gtc: notional, margin at the default leverage, taker fee, liquidation', () => {
    const pt = preTrade(sol({ price: 152n, size: 4n }));
    // 2 @ 151 + 2 @ 152 = 606 USDT1 at par = 606 USDC
    expect(pt.notional).toBe(usdc(606));
    // No leverage set (the exchange lists no setting): its default, min(10, first tier 20) = 10.
    expect(pt.leverage).toBe(10);
    expect(pt.leverageAssumed).toBe(false);
    // What the exchange's check takes from available: IM at the mark (4 x 150 / 10 = 60), the
    // loss at the mark against the fill (606 - 600 = 6) and the taker fee (606 x 0.0005 = 0.303).
    expect(pt.marginRequired).toBe(66_303_000n);
    expect(pt.fee).toBe(303_000n);
    // 99.697 + 4 (P - 151.5) = 0.025 x 4 P  ->  P = 129.82..., rounded toward the mark
    expect(pt.liquidationPx).toBe(130n);
    expect(pt.resting).toBe(0n);
    // The average at the price scale, as the positions pane shows an entry price.
    expect(pt.lines).toContain('Est. fill: 4 @ 152 avg (worst 152, 2 levels)');
    expect(pt.lines).toContain('Est. liquidation: 130');
    expect(pt.lines).toContain('Notional: 606.00 USDC');
  });

  it('a partly crossing Gtc pays taker on the matched part and maker on the rest', () => {
    const pt = preTrade(sol({ price: 151n, size: 4n }));
    expect(pt.fill.filled).toBe(2n);
    expect(pt.resting).toBe(2n);
    expect(pt.notional).toBe(usdc(604));
    expect(pt.fee).toBe(151_000n + 60_400n); // 302 x 0.0005 + 302 x 0.0002
    expect(pt.lines.some((l) => l.includes('2 would rest at 151'))).toBe(true);
  });

  it('closing part of a long: no margin, realised PnL counted, liquidation of what is left', () => {
    // Long 10 @ 140 at the mark 150: pool balance 200, equity 300.
    const long = position({ contractId: 1, size: '10', entryPx: '140', entryValue: '1400', unrealizedPnl: String(usdc(100)), leverage: 10, maintenanceMargin: String(usdc(1500) / 40n) });
    const pt = preTrade(sol({ isBuy: false, price: 149n, size: 4n, reduceOnly: true, risk: riskFor(withPool(usdc(200), { positions: [long], equity: usdc(300) })) }));
    expect(pt.marginRequired).toBe(0n);
    expect(pt.notional).toBe(usdc(596));
    expect(pt.fee).toBe(298_000n);
    // C = 300 - 100 + 36 - 0.298 = 235.702; 235.702 + 6 (P - 140) = 0.025 x 6 P -> P = 103.29...
    expect(pt.liquidationPx).toBe(104n);
    expect(pt.leverage).toBe(10);
    expect(pt.leverageAssumed).toBe(false);
  });

  it('closing the whole position has no liquidation price', () => {
    const long = position({ contractId: 1, size: '10', entryPx: '140', entryValue: '1400', unrealizedPnl: String(usdc(100)), leverage: 10 });
    const pt = preTrade(sol({ isBuy: false, kind: 'Ioc', price: 148n, size: 10n, risk: riskFor(withPool(usdc(100), { positions: [long] })) }));
    expect(pt.liquidationPx).toBeNull();
    expect(pt.lines).toContain('Est. liquidation: none');
  });

  it('a well-collateralised position has no liquidation price; without the account it is unknown', () => {
    expect(preTrade(sol({ price: 152n, size: 1n, risk: riskFor(withPool(usdc(10_000))) })).liquidationPx).toBeNull();
    const unknown = preTrade(sol({ price: 152n, size: 1n, risk: undefined }));
    expect(unknown.liquidationPx).toBeUndefined();
    expect(unknown.lines).toContain('Est. liquidation: unknown (account not loaded)');
  });

  it('a short liquidates above its entry', () => {
    // sell 5 @ 149 (Gtc, crossing the 149 bid): C = 100 - 0.3725 = 99.6275
    // 99.6275 + 5 (149 - P) = 0.025 x 5 P  ->  P = 844.6275 / 5.125 = 164.80...  (rounded down toward the mark)
    const pt = preTrade(sol({ isBuy: false, price: 149n, size: 5n }));
    expect(pt.fee).toBe(372_500n);
    expect(pt.liquidationPx).toBe(164n);
  });

  it('isolated margin backs the position with the margin it posts', () => {
    // buy 2 @ 151 at 10x isolated: margin 30.2 into the bucket; 30.2 + 2 (P - 151) = 0.025 x 2 P -> P = 271.8 / 1.95 = 139.38...
    const isolated = withPool(usdc(100), { settings: [{ contractId: 1, leverage: 10, marginMode: 'isolated' }] });
    const pt = preTrade(sol({ price: 151n, size: 2n, risk: riskFor(isolated) }));
    // The pool gives the bucket its 30.2 and pays the taker fee 302 x 0.0005 = 0.151.
    expect(pt.marginRequired).toBe(30_351_000n);
    expect(pt.liquidationPx).toBe(140n);
  });

  it('the existing position counts: adding to a long moves its liquidation up', () => {
    const long = position({ contractId: 1, size: '4', entryPx: '150', entryValue: '600', leverage: 10, maintenanceMargin: String(usdc(600) / 40n) });
    const alone = preTrade(sol({ price: 152n, size: 4n }));
    const added = preTrade(sol({ price: 152n, size: 4n, risk: riskFor(withPool(usdc(100), { positions: [long] })) }));
    // Long 8 costing 1206, backed by 99.697: 40 (1206 - 99.697) / (8 x 39) = 141.8... -> 142
    expect(added.liquidationPx).toBe(142n);
    expect(added.liquidationPx! > alone.liquidationPx!).toBe(true);
  });

  it('post-only that would cross is reported as rejected, with nothing filled', () => {
    const pt = preTrade(sol({ kind: 'Alo', price: 151n, size: 1n }));
    expect(pt.fill.filled).toBe(0n);
    expect(pt.resting).toBe(0n);
    expect(pt.fee).toBe(0n);
    expect(pt.notes.join(' ')).toContain('post-only (Alo) would be rejected');
  });

  it('a market order walks the whole side and says when the book runs out', () => {
    const pt = preTrade(sol({ kind: 'Market', size: 20n }));
    expect(pt.fill.filled).toBe(15n);
    expect(pt.cancelled).toBe(5n);
    expect(pt.worstPx).toBe(155n);
    expect(pt.notes.join(' ')).toContain('the book covers only 15 of 20');
    const empty = preTrade(sol({ kind: 'Market', size: 1n, book: { bids: [], asks: [] } }));
    expect(empty.notes.join(' ')).toContain('would not fill');
    expect(empty.notional).toBe(usdc(150)); // valued at the mark
  });

  it('margin above what is available is a blocker that says what to do', () => {
    const c = withPool(usdc(100), { available: usdc(10) });
    const pt = preTradeFor(c, { contract: SOL1, isBuy: true, kind: 'Gtc', price: 152n, size: 4n, reduceOnly: false });
    expect(pt.risk?.insufficient).toBe(true);
    expect(pt.lines).toContain('Margin: 66.303 USDC required at 10x; 10.00 USDC available in deployer 1');
    expect(pt.blockers).toEqual([
      {
        kind: 'margin',
        reason: 'margin required 66.303 USDC is above the 10.00 USDC available in deployer 1',
        action: { command: 'collateral.move', text: 'move collateral into deployer 1' },
        advice: 'lower the size or raise the leverage',
      },
    ]);
    // Within what is available (a bid resting at 50 reserves 5): no blocker.
    expect(preTradeFor(c, { contract: SOL1, isBuy: true, kind: 'Gtc', price: 50n, size: 1n, reduceOnly: false }).blockers).toEqual([]);
  });
});

describe('preTrade at non-zero scales (BTC1: priceScale 1, qtyScale 3)', () => {
  it('an Ioc crossing two levels', () => {
    const pt = preTrade({
      contract: BTC1,
      collateral: USDC,
      isBuy: true,
      kind: 'Ioc',
      price: 600010n,
      size: 400n,
      book: sides(BTC_BOOK),
      markPx: 600000n,
      risk: riskOf(withPool(usdc(5000), { settings: [{ contractId: 2, leverage: 10, marginMode: 'cross' }] }), BTC1),
    });
    // 0.2 x 60000.5 + 0.2 x 60001.0 = 24000.3 USDC
    expect(pt.notional).toBe(24_000_300_000n);
    // IM at the mark 24000 / 10 = 2400, the loss at the mark 0.3, the fee 10.800135.
    expect(pt.marginRequired).toBe(2_411_100_135n);
    expect(pt.fee).toBe(10_800_135n); // 24000.3 x 0.00045
    expect(pt.fill.avgPx).toBe(600008n);
    expect(pt.lines).toContain('Est. fill: 0.400 @ 60,000.8 avg (worst 60,001.0, 2 levels)');
    // C = 5000 - 10.800135; 0.395 P = 24000.3 - 4989.199865 -> P = 48129.367..., up to the tick scale
    expect(pt.liquidationPx).toBe(481294n);
    expect(pt.lines).toContain('Est. liquidation: 48,129.4');
    expect(pt.lines).toContain('Fee: 10.800135 USDC (taker 0.00045 on the matched part, maker 0.0001 on the resting part)');
  });

  it('maintenance margin is half the initial margin at the maximum leverage of the tier holding the notional', () => {
    const math = marginMathOf(BTC1, 6);
    expect(math.maintenanceMargin(usdc(100_000))).toBe(usdc(100_000) / 80n); // first tier, 40x
    expect(math.maintenanceMargin(usdc(100_001))).toBe(usdc(100_001) / 40n); // second tier, 20x
    // The estimate follows the tiers as the exchange does, whatever ratio configs quotes for the first tier.
    expect(marginMathOf({ ...BTC1, maintenanceMarginRatio: '0.01' } as ContractConfig, 6).maintenanceMargin(usdc(1000))).toBe(usdc(1000) / 80n);
  });
});
