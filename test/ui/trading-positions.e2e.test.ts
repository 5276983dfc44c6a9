import { afterAll, describe, expect, it } from 'vitest';
import { KEYS } from '../support/terminal.js';
import { closeAnswer, focusPane, keys, launchTrading, lineWith, waitReady, type TradingDashboard } from './support/tradingDashboard.js';

/**
 * Margin and positions by keys only on the embedded exchange (its bots quote the book):
 * leverage, margin mode, an order that fills against the market, isolated margin added and
 * removed, TP/SL on the position, a refused margin-mode switch, and flatten.
 */
let d: TradingDashboard;
afterAll(async () => {
  await d?.close();
});

async function solPosition() {
  const a = await d.account();
  return a.marketDeployers.flatMap((p) => p.positions).find((p) => p.contractId === 1 && p.size !== '0');
}

describe('positions and margin from the keyboard', () => {
  it('leverage, margin mode, a fill, isolated margin, TP/SL and flatten', async () => {
    d = await launchTrading();
    const t = d.term;
    await waitReady(t);

    await keys(t, ['L', '5'], 'Set SOL1 leverage to 5x');
    await keys(t, [KEYS.enter, KEYS.enter], /leverage set to 5x on SOL1 \[req-\d+\]/);
    await closeAnswer(t);

    await keys(t, ['M'], 'Switch SOL1 to isolated margin');
    await keys(t, [KEYS.enter], 'Margin mode: confirm');
    await keys(t, [KEYS.enter], /margin mode set to isolated on SOL1 \[req-\d+\]/);
    await closeAnswer(t);

    // An Ioc through the bots' asks fills at once: the fill, then the position, with the TP
    // and SL typed on the order form set on it.
    await keys(t, ['b', KEYS.shiftTab, 'i', KEYS.tab, '1', '8', '0'], 'Buy 1 SOL1 @ 180 Ioc');
    await keys(t, [KEYS.tab, KEYS.tab, KEYS.tab, KEYS.tab, '2', '9', '0', KEYS.tab, '6', '0'], 'TP 290, SL 60 on the long position once this order fills');
    let s = await keys(t, [KEYS.enter], 'New order: confirm');
    expect(s).toMatch(/Est\. fill: 1 @ \d+/);
    s = await keys(t, [KEYS.enter], /#1 filled 1 @ \d+/);
    await closeAnswer(t);
    s = await t.waitFor((x) => /SOL1\s+Buy\s+\d+\s+1/.test(x) && /SOL1\s+Long\s+\+1/.test(x));
    let p = await solPosition();
    for (let i = 0; i < 100 && p?.tp === undefined; i++) {
      await new Promise((r) => setTimeout(r, 100));
      p = await solPosition();
    }
    expect(p).toMatchObject({ isBuy: true, size: '1', marginMode: 'isolated', leverage: 5, tp: { triggerPx: '290' }, sl: { triggerPx: '60' } });
    const iso = BigInt(p!.isolatedMargin);

    // Isolated margin: add 10, then remove 5, each with the before/after the form predicted.
    s = await keys(t, ['I', '1', '0'], 'Add 10.00 USDC to the isolated margin of the long SOL1 position');
    await keys(t, [KEYS.enter, KEYS.enter], /isolated margin [\d,.]+ USDC -> [\d,.]+ USDC \[req-\d+\]/);
    await closeAnswer(t);
    p = await solPosition();
    expect(BigInt(p!.isolatedMargin)).toBe(iso + 10_000_000n);
    await keys(t, ['I', KEYS.shiftTab, ' ', KEYS.tab, '5'], 'Remove 5.00 USDC from the isolated margin of the long SOL1 position');
    await keys(t, [KEYS.enter, KEYS.enter], /isolated margin [\d,.]+ USDC -> [\d,.]+ USDC \[req-\d+\]/);
    await closeAnswer(t);
    p = await solPosition();
    expect(BigInt(p!.isolatedMargin)).toBe(iso + 5_000_000n);

    // TP/SL on the position, then seen on it (zoomed: every column shows).
    await keys(t, ['t', '3', '0', '0', KEYS.tab, KEYS.tab, '5', '0'], 'SL: trigger 50, whole position');
    await keys(t, [KEYS.enter, KEYS.enter], /TP id \d+, SL id \d+ \[req-\d+\]/);
    await closeAnswer(t);
    await focusPane(t, 'Positions');
    s = await keys(t, ['z'], 'TP 300 SL 50');
    expect(lineWith(s, 'TP 300 SL 50')).toMatch(/SOL1\s+Long\s+\+1.*5x\s+iso/);
    p = await solPosition();
    expect(p).toMatchObject({ tp: { triggerPx: '300' }, sl: { triggerPx: '50' } });
    await keys(t, ['z'], 'Orders SOL1');

    // Margin mode cannot change under a position: said before anything is signed.
    s = await keys(t, ['M'], 'SOL1 has 1 open position; the exchange switches margin mode only');
    await keys(t, [KEYS.enter], 'not sent: Margin mode: SOL1 has 1 open position');
    await keys(t, [KEYS.escape], (x) => !x.includes('Margin mode'));

    // Flatten the selected position: reduce-only Ioc, through the same confirm step.
    s = await keys(t, ['F'], 'New order: confirm');
    expect(s).toContain('Flatten: closes the position with an Ioc bounded 5% through the mark');
    expect(s).toMatch(/Sell 1 SOL1 @ \d+ Ioc, reduce-only/);
    await keys(t, [KEYS.enter], /#1 filled 1 @ \d+/);
    await closeAnswer(t);
    await t.waitFor('no open positions');
    expect(await solPosition()).toBeUndefined();
  }, 90_000);
});
