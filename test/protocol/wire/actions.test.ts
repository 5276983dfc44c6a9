import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ACTION_SCHEMAS, ACTION_TYPES, agentMaySend, build, parseAction, type OrderSpec } from '../../../src/protocol/wire/index.js';
import { canonicalJson, isTypedAction } from '../../../src/protocol/index.js';
import { loadVectors } from '../../support/vectors.js';

const ADDR = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** One example per action, built only through the builders. */
const EXAMPLES = [
  build.registerAccount(ADDR),
  build.enroll(1),
  build.order([{ contractId: 1, isBuy: true, price: '100', size: '1', cloid: '42' }]),
  build.cancel([{ contractId: 1, oid: 7 }]),
  build.cancelByCloid([{ contractId: 1, cloid: '42' }]),
  build.cancelAll(1),
  build.modify({ contractId: 1, oid: 7, price: '101' }),
  build.updateIsolatedMargin(1, -5, false),
  build.updateLeverage(1, 5),
  build.updateMarginMode(1, 'isolated'),
  build.tpSl({ asset: 1, tp: { triggerPx: '200' }, sl: { triggerPx: '90', sz: '1' } }),
  build.cancelTpSl(1),
  build.cancelConditional(1, 3),
  build.lockCollateral(1, 0, '1000000'),
  build.unlockCollateral(1, 0, '1000000'),
  build.transferBetweenDeployers(1, 2, 0, '5'),
  build.setMarginShareType(1),
  build.transferMdToShareGroup(1, 1, 0, '5'),
  build.transferShareGroupToMd(1, 1, 0, '5'),
  build.lockIntoShareGroup(1, 0, '5'),
  build.unlockFromShareGroup(1, 0, '5'),
  build.updateFeeSetting(1, ADDR, '0.0004', '0.0001'),
  build.approveAgent(ADDR, 'bot-1', 0),
  build.revokeAgent(ADDR),
];

describe('wire actions', () => {
  it('has a builder example for every one of the 24 action types', () => {
    expect(ACTION_TYPES).toHaveLength(24);
    expect(new Set(EXAMPLES.map((a) => a.type))).toEqual(new Set(ACTION_TYPES));
  });

  it.each(EXAMPLES.map((a) => [a.type, a] as const))('%s: builder output passes its schema and canonicalises', (_t, action) => {
    expect(parseAction(action)).toEqual({ ok: true, value: action });
    expect(() => canonicalJson(action)).not.toThrow();
  });

  it('reproduces the vector actions exactly through the builders', () => {
    const byName = new Map(loadVectors().cases.map((c) => [c.name, c.action]));
    expect(build.order([{ contractId: 1, isBuy: true, price: '100', size: '1', tif: 'Gtc', cloid: '123456789' }])).toEqual(
      byName.get('agent_order_limitGtc_withCloid'),
    );
    expect(build.order([{ contractId: 1, isBuy: true, size: '3', tif: 'Market' }])).toEqual(byName.get('agent_order_market_noPrice'));
    expect(build.modify({ contractId: 1, oid: 1001, price: '99', size: '2', tif: 'Alo', newCloid: '987654321' })).toEqual(
      byName.get('agent_modify_byOid_allFields'),
    );
    expect(build.updateIsolatedMargin(1, -500000, false)).toEqual(byName.get('agent_updateIsolatedMargin_remove_hedge_negativeNtli'));
  });

  it('leaves optional fields out instead of sending undefined', () => {
    expect(Object.keys(build.modify({ contractId: 1, cloid: '5' }))).toEqual(['type', 'a', 'cloid']);
    expect(Object.keys(build.cancelTpSl(1))).toEqual(['type', 'asset']);
  });

  it('rejects wrong types with the field path', () => {
    expect(parseAction({ type: 'cancelAll', a: '1' })).toEqual({ ok: false, error: expect.stringMatching(/^action\.a: /) });
    expect(parseAction({ type: 'order', orders: [{ a: 1, b: 'yes', s: '1', r: false, t: { market: {} } }], grouping: 'na' })).toEqual({
      ok: false,
      error: expect.stringMatching(/^action\.orders\.0\.b: /),
    });
    expect(parseAction({ type: 'nope' })).toEqual({ ok: false, error: 'action.type: unknown action "nope"' });
    expect(parseAction([])).toEqual({ ok: false, error: 'action: expected an object' });
    const eleven = Array.from({ length: 11 }, () => build.order([{ contractId: 1, isBuy: true, price: '1', size: '1' }]).orders[0]);
    expect(parseAction({ type: 'order', orders: eleven, grouping: 'na' })).toEqual({ ok: false, error: 'action.orders: at most 10 per request' });
  });

  it('keeps approveAgent fields mandatory (both must be signed)', () => {
    expect(parseAction({ type: 'approveAgent', agentAddress: ADDR, agentName: 'x' }).ok).toBe(false);
    expect(parseAction({ type: 'approveAgent', agentAddress: ADDR, validUntil: 0 }).ok).toBe(false);
  });

  it('lets agents send only trading actions, and never typed ones', () => {
    for (const type of ACTION_TYPES) {
      if (isTypedAction(type)) expect(agentMaySend(type)).toBe(false);
    }
    expect(agentMaySend('order')).toBe(true);
    expect(agentMaySend('setMarginShareType')).toBe(false);
    expect(agentMaySend('updateFeeSetting')).toBe(false);
  });

  it('random order specs always build schema-valid order actions', () => {
    const spec: fc.Arbitrary<OrderSpec> = fc.record({
      contractId: fc.integer({ min: 0, max: 1000 }),
      isBuy: fc.boolean(),
      price: fc.option(fc.stringMatching(/^\d{1,6}(\.\d{1,4})?$/), { nil: undefined }),
      size: fc.stringMatching(/^\d{1,6}(\.\d{1,4})?$/),
      reduceOnly: fc.option(fc.boolean(), { nil: undefined }),
      tif: fc.option(fc.constantFrom('Gtc', 'Ioc', 'Alo', 'Market') as fc.Arbitrary<'Gtc'>, { nil: undefined }),
      cloid: fc.option(fc.bigInt({ min: 0n, max: 2n ** 53n - 1n }).map(String), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(spec, { minLength: 1, maxLength: 10 }), (specs) => {
        const action = build.order(specs);
        expect(v.safeParse(ACTION_SCHEMAS.order, action).success).toBe(true);
        for (const o of action.orders) expect('market' in o.t ? o.p : o.p ?? 'missing').not.toBe('missing');
      }),
    );
  });
});
