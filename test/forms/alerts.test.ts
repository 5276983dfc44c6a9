import { describe, expect, it } from 'vitest';
import { createAlertState, detectAlerts, snapshotOf, type AlertSnapshot } from '../../src/forms/index.js';
import type { Fill } from '../../src/protocol/wire/index.js';
import { CONFIGS, position } from './fixtures.js';

function fill(tid: number, oid: number, time = 2_000): Fill {
  return { contractId: 1, oid, tid, px: '150', sz: '2', isBuy: true, time, liquidity: 'taker', fee: '150000', closedPnl: '0' };
}

const snap = (over: Partial<AlertSnapshot>): AlertSnapshot => ({ configs: CONFIGS, fills: [], positions: [], marks: { 1: '150' }, ...over });

describe('fill alerts', () => {
  it('fires once per new (tid, oid), never for history replayed before the session', () => {
    const state = createAlertState(1_000);
    const first = detectAlerts(null, snap({ fills: [fill(1, 1, 500), fill(2, 1)] }), state, {});
    expect(first.events).toEqual([{ kind: 'fill', key: '2:1', text: 'Filled: buy 2 SOL1 @ 150 (taker, fee 0.15 USDC)' }]);
    expect(first.bell).toBe(true);
    // Price and size as the fills pane shows them: the contract's scales, separators.
    const btc = { ...fill(9, 9), contractId: 2, px: '60000.5', sz: '0.5' };
    expect(detectAlerts(null, snap({ fills: [btc] }), state, {}).events[0]!.text).toBe('Filled: buy 0.500 BTC1 @ 60,000.5 (taker, fee 0.15 USDC)');
    const prev = snap({ fills: [fill(1, 1, 500), fill(2, 1)] });
    // a self-trade has both sides under one tid: each oid is its own fill
    const next = snap({ fills: [fill(1, 1, 500), fill(2, 1), fill(3, 1), fill(3, 2)] });
    expect(detectAlerts(prev, next, first.state, {}).events.map((e) => e.key)).toEqual(['3:1', '3:2']);
    expect(detectAlerts(next, next, first.state, {}).events).toEqual([]);
  });

  it('obeys onFill and bell', () => {
    const s = createAlertState(0);
    expect(detectAlerts(null, snap({ fills: [fill(1, 1)] }), s, { onFill: false }).events).toEqual([]);
    const quiet = detectAlerts(null, snap({ fills: [fill(1, 1)] }), s, { bell: false });
    expect(quiet.events).toHaveLength(1);
    expect(quiet.bell).toBe(false);
  });
});

describe('liquidation-distance alerts', () => {
  const pos = (liq: string) => position({ contractId: 1, isBuy: true, size: '3', liquidationPx: liq });
  // BTC1 (price scale 1): the alert prints the mark and the liquidation price as the panes do.
  const btcPos = (liq: string) => position({ contractId: 2, isBuy: true, size: '3', liquidationPx: liq });

  it('edge-triggered: once when crossing under, re-armed when back over', () => {
    const settings = { liquidationDistancePct: '5' };
    let state = createAlertState(0);
    const step = (mark: string) => {
      const out = detectAlerts(null, snap({ positions: [btcPos('142.5')], marks: { 2: mark } }), state, settings);
      state = out.state;
      return out.events.map((e) => e.text);
    };
    expect(step('150.1')).toEqual([]); // 5.06 % away
    expect(step('149.9')).toEqual(['BTC1 long: mark 149.9 is 4.94% from liquidation at 142.5 (alert under 5.00%)']);
    expect(step('149')).toEqual([]); // still under: no repeat
    expect(step('151')).toEqual([]); // back over: re-armed
    expect(step('148')).toHaveLength(1);
  });

  it('uses 5 % by default and skips positions without a liquidation price or mark', () => {
    const s = createAlertState(0);
    expect(detectAlerts(null, snap({ positions: [pos('145')] }), s, undefined).events).toHaveLength(1);
    expect(detectAlerts(null, snap({ positions: [position({ contractId: 1, liquidationPx: null })] }), s, undefined).events).toEqual([]);
    expect(detectAlerts(null, snap({ positions: [pos('145')], marks: {} }), s, undefined).events).toEqual([]);
  });

  it('reads consecutive store states', () => {
    const state = {
      market: { configs: CONFIGS, marketStates: { 1: { markPx: '150' } } },
      orders: { fills: [fill(9, 9)] },
      account: { positions: [pos('149')] },
    };
    const out = detectAlerts(null, snapshotOf(state), createAlertState(0), {});
    expect(out.events.map((e) => e.kind)).toEqual(['fill', 'liquidation']);
  });
});
