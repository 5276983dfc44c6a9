import { describe, expect, it } from 'vitest';
import { maintenanceRatio, preTrade, walkBook, type PreTradeInput } from '../../src/forms/index.js';
import { BTC1, BTC_BOOK, SOL1, SOL_BOOK } from './fixtures.js';

const USDC = { name: 'USDC', decimals: 6 };
const sides = (b: typeof SOL_BOOK) => ({ bids: b.levels[0], asks: b.levels[1] });
const usdc = (whole: number | bigint) => BigInt(whole) * 1_000_000n;

function sol(over: Partial<PreTradeInput>): PreTradeInput {
  return { contract: SOL1, collateral: USDC, isBuy: true, kind: 'Gtc', size: 1n, book: sides(SOL_BOOK), markPx: 150n, available: usdc(100), equity: usdc(100), ...over };
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
  it('a crossing Gtc: notional, margin at the assumed default leverage, taker fee, liquidation', () => {
    const pt = preTrade(sol({ price: 152n, size: 4n }));
    // 2 @ 151 + 2 @ 152 = 606 USDT1 at par = 606 USDC
    expect(pt.notional).toBe(usdc(606));
    // No leverage set: the exchange default, min(10, first tier 20) = 10.
    expect(pt.leverage).toBe(10);
    expect(pt.leverageAssumed).toBe(true);
    expect(pt.marginRequired).toBe(60_600_000n); // 606 / 10
    expect(pt.fee).toBe(303_000n); // 606 x 0.0005
    // 99.697 + 4 (P - 151.5) = 0.025 x 4 P  ->  P = 129.82..., rounded toward the mark
    expect(pt.liquidationPx).toBe(130n);
    expect(pt.resting).toBe(0n);
    expect(pt.lines).toContain('Est. fill: 4 @ 151.5 avg (worst 152, 2 levels)');
    expect(pt.lines).toContain('Est. liquidation: 130');
    expect(pt.lines).toContain('Notional: 606 USDC');
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
    const pt = preTrade(
      sol({
        isBuy: false,
        price: 149n,
        size: 4n,
        reduceOnly: true,
        equity: usdc(300),
        position: { isBuy: true, size: 10n, entryPx: '140', marginMode: 'cross', isolatedMargin: 0n, unrealizedPnl: usdc(100), leverage: 10 },
      }),
    );
    expect(pt.marginRequired).toBe(0n);
    expect(pt.notional).toBe(usdc(596));
    expect(pt.fee).toBe(298_000n);
    // C = 300 - 100 + 36 - 0.298 = 235.702; 235.702 + 6 (P - 140) = 0.025 x 6 P -> P = 103.29...
    expect(pt.liquidationPx).toBe(104n);
    expect(pt.leverage).toBe(10);
    expect(pt.leverageAssumed).toBe(false);
  });

  it('closing the whole position has no liquidation price', () => {
    const pt = preTrade(sol({ isBuy: false, kind: 'Ioc', price: 148n, size: 10n, position: { isBuy: true, size: 10n, entryPx: '140', marginMode: 'cross', isolatedMargin: 0n, unrealizedPnl: 0n, leverage: 10 } }));
    expect(pt.liquidationPx).toBeNull();
    expect(pt.lines).toContain('Est. liquidation: none');
  });

  it('a well-collateralised position has no liquidation price; no equity means unknown', () => {
    expect(preTrade(sol({ price: 152n, size: 1n, equity: usdc(10_000) })).liquidationPx).toBeNull();
    expect(preTrade(sol({ price: 152n, size: 1n, equity: undefined })).liquidationPx).toBeUndefined();
  });

  it('a short liquidates above its entry', () => {
    // sell 5 @ 149 (Gtc, crossing the 149 bid): C = 100 - 0.3725 = 99.6275
    // 99.6275 + 5 (149 - P) = 0.025 x 5 P  ->  P = 844.6275 / 5.125 = 164.80...  (rounded down toward the mark)
    const pt = preTrade(sol({ isBuy: false, price: 149n, size: 5n }));
    expect(pt.fee).toBe(372_500n);
    expect(pt.liquidationPx).toBe(164n);
  });

  it('isolated margin backs the position with the margin it posts', () => {
    // buy 2 @ 151 at 10x isolated: margin 30.2; 30.2 + 2 (P - 151) = 0.025 x 2 P -> P = 271.8 / 1.95 = 139.38...
    const pt = preTrade(sol({ price: 151n, size: 2n, leverage: 10, marginMode: 'isolated' }));
    expect(pt.marginRequired).toBe(30_200_000n);
    expect(pt.liquidationPx).toBe(140n);
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

  it('flags margin above what is available', () => {
    const pt = preTrade(sol({ price: 152n, size: 4n, available: usdc(10) }));
    expect(pt.notes.join(' ')).toContain('exceeds available 10 USDC');
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
      available: usdc(5000),
      equity: usdc(5000),
      leverage: 10,
    });
    // 0.2 x 60000.5 + 0.2 x 60001.0 = 24000.3 USDC
    expect(pt.notional).toBe(24_000_300_000n);
    expect(pt.marginRequired).toBe(2_400_030_000n);
    expect(pt.fee).toBe(10_800_135n); // 24000.3 x 0.00045
    expect(pt.fill.avgPx).toBe(600008n);
    expect(pt.lines).toContain('Est. fill: 0.4 @ 60000.75 avg (worst 60001, 2 levels)');
    // C = 5000 - 10.800135; 0.395 P = 24000.3 - 4989.199865 -> P = 48129.367..., up to the tick scale
    expect(pt.liquidationPx).toBe(481294n);
    expect(pt.lines).toContain('Est. liquidation: 48129.4');
    expect(pt.lines).toContain('Fee: 10.800135 USDC (taker 0.00045 on the matched part, maker 0.0001 on the resting part)');
  });

  it('the maintenance ratio comes from the contract when given, else half the top tier initial margin', () => {
    expect(maintenanceRatio(BTC1)).toBe(1_250_000n); // 1 / (2 x 40)
    expect(maintenanceRatio({ ...BTC1, maintenanceMarginRatio: '0.01' })).toBe(1_000_000n);
  });
});
