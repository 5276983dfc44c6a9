import { describe, expect, it } from 'vitest';
import { clientError } from '../../src/client/errors.js';
import type { ActionOutcome, CancelAllResult, CancelResult, ModifyResult, OrderResult } from '../../src/client/exchangeClient.js';
import { describeFailure, keyRequirement, needsFor, renderActionOutcome, renderCancelAllResult, renderCancelResult, renderModifyResult, renderOrderResult } from '../../src/forms/index.js';
import { ACTION_TYPES, type Configs } from '../../src/protocol/wire/index.js';

const signer = { role: 'agent' as const, address: '0x3333333333333333333333333333333333333333' };
const USDC = { name: 'USDC', decimals: 6 };

describe('exchange answers, verbatim', () => {
  it('each order item: resting, filled, error text as given', () => {
    const r: OrderResult = {
      ok: true,
      requestId: 'req-5',
      nonce: 1,
      signer,
      cloids: ['1', '2', '3'],
      statuses: [{ resting: { oid: 123 } }, { filled: { totalSz: '3', avgPx: '150.2', oid: 124 } }, { error: 'price 10001 exceeds maxTicks 10000' }],
    };
    expect(renderOrderResult(r)).toEqual({
      tone: 'warning',
      lines: ['order answered [req-5]:', '#1 resting oid 123', '#2 filled 3 @ 150.2 (oid 124)', '#3 error: price 10001 exceeds maxTicks 10000'],
    });
    // Given the contract, a fill reads as the fills pane shows it: its scales, separators.
    const btc: OrderResult = { ...r, statuses: [{ filled: { totalSz: '0.4', avgPx: '60000.5', oid: 125 } }] };
    expect(renderOrderResult(btc, { contract: { priceScale: 1, qtyScale: 3 } }).lines).toEqual(['order answered [req-5]:', '#1 filled 0.400 @ 60,000.5 (oid 125)']);
    const allBad: OrderResult = { ...r, statuses: [{ error: 'share margin group is FROZEN' }] };
    expect(renderOrderResult(allBad).tone).toBe('error');
  });

  it('a lost answer settled from the exchange\'s records says so', () => {
    const r: OrderResult = {
      ok: true,
      nonce: 1,
      signer,
      cloids: ['7', '8'],
      reconciledBecause: clientError('timeout', 'exchange: no complete answer within 5000 ms'),
      statuses: [
        { reconciled: { status: 'open', oid: 40, cloid: '7', order: { oid: 40, asset: 1, isBuy: true, limitPx: '150', sz: '2', tif: 'Gtc', origSz: '2', reduceOnly: false, timestamp: 1 } } },
        { reconciled: { status: 'absent', cloid: '8' } },
      ],
    };
    expect(renderOrderResult(r).lines).toEqual([
      "response lost (exchange: no complete answer within 5000 ms); the exchange's records show:",
      '#1 oid 40, cloid 7: open (buy 2 left of 2 @ 150)',
      '#2 cloid 8: absent, the exchange has no record of it',
    ]);
  });

  it('HTTP-level and business errors keep their codes; unknown outcomes are said', () => {
    const http = clientError('signature', 'recovered 0xabc does not match a registered account', { code: 'SIGNATURE_INVALID', httpStatus: 401, requestId: 'req-9' });
    expect(describeFailure(http)).toBe('SIGNATURE_INVALID (HTTP 401): recovered 0xabc does not match a registered account [req-9]');
    const business = clientError('business', 'insufficient margin for modified order', { code: 1009, requestId: 'req-3' });
    const m: ModifyResult = { ok: false, error: business, outcomeUnknown: false };
    expect(renderModifyResult(m)).toEqual({ tone: 'error', lines: ['insufficient margin for modified order (code 1009) [req-3]'] });
    const lost: OrderResult = { ok: false, error: clientError('network', 'exchange: connection lost (reset)'), outcomeUnknown: true, cloids: ['5'] };
    expect(renderOrderResult(lost).lines).toEqual([
      'exchange: connection lost (reset)',
      'outcome unknown: the order may or may not have been applied; check before retrying',
      'cloids to look for: 5',
    ]);
    const refused: CancelResult = { ok: false, error: clientError('network', 'exchange: cannot connect (ECONNREFUSED)'), outcomeUnknown: false };
    expect(renderCancelResult(refused).lines).toEqual(['exchange: cannot connect (ECONNREFUSED)', 'not sent: the cancel did not reach the exchange']);
    for (const v of [renderOrderResult(lost), renderCancelResult(refused), renderModifyResult(m)]) {
      expect(v.lines.join(' ')).not.toMatch(/\bfailed\b/);
    }
  });

  it('cancel items, modify numbers at the contract scale, cancel-all counts', () => {
    const c: CancelResult = { ok: true, requestId: 'req-2', nonce: 1, signer, statuses: ['success', { error: 'order not found' }] };
    expect(renderCancelResult(c).lines).toEqual(['cancel answered [req-2]:', '#1 cancelled', '#2 error: order not found']);
    const m: ModifyResult = { ok: true, requestId: 'req-4', nonce: 1, signer, data: { orderId: 31, limitPrice: 600005, totalSize: 250, leavesSize: 200, clientOrderId: 0 } };
    expect(renderModifyResult(m, { contract: { priceScale: 1, qtyScale: 3 } }).lines).toEqual(['modified oid 31: price 60,000.5, total size 0.250, 0.200 left [req-4]']);
    const all: CancelAllResult = { ok: true, requestId: 'req-6', nonce: 1, signer, data: { cancelledOrders: 3, cancelledConditionals: 1 } };
    expect(renderCancelAllResult(all).lines).toEqual(['cancelled 3 orders and 1 conditional order [req-6]']);
    const lostAll: CancelAllResult = { ok: true, nonce: 1, signer, reconciled: { openOrdersLeft: 0 }, reconciledBecause: clientError('http', 'exchange: HTTP 502 (bad gateway)', { httpStatus: 502 }) };
    expect(renderCancelAllResult(lostAll).lines).toEqual(["response lost (exchange: HTTP 502 (bad gateway)); the exchange's records show:", '0 open orders left on the contract']);
  });

  it('non-batch actions in words, money in coins', () => {
    const lock: ActionOutcome<'lockCollateral'> = { ok: true, requestId: 'req-1', nonce: 1, signer, data: { coinId: 0, amount: 250_500_000, fromBalanceAfter: 8_749_500_000, toBalanceAfter: 250_500_000 } };
    expect(renderActionOutcome('lockCollateral', lock, { coin: USDC }).lines).toEqual([
      'moved 250.50 USDC (coin 0); source balance after: 8,749.50 USDC; destination balance after: 250.50 USDC [req-1]',
    ]);
    // With the configs: the coin, contract and deployer by name, as the panes name them.
    const configs = { coins: [{ coinId: 0, name: 'USDC', decimals: 6 }], contracts: [{ contractId: 3, name: 'SOL1' }], marketDeployers: [{ marketDeployerId: 1, name: 'perpdesk' }] } as unknown as Configs;
    expect(renderActionOutcome('lockCollateral', lock, { coin: USDC, configs }).lines[0]).toMatch(/^moved 250\.50 USDC; source balance/);
    const mode: ActionOutcome<'updateMarginMode'> = { ok: true, requestId: 'req-5', nonce: 1, signer, data: { asset: 3, marginMode: 'isolated' } };
    expect(renderActionOutcome('updateMarginMode', mode, { configs }).lines).toEqual(['margin mode set to isolated on SOL1 [req-5]']);
    expect(renderActionOutcome('updateMarginMode', mode).lines).toEqual(['margin mode set to isolated on contract 3 [req-5]']);
    const enrolled: ActionOutcome<'enrollUserToMarketDeployer'> = { ok: true, requestId: 'req-6', nonce: 1, signer, data: { marketDeployerId: 1 } };
    expect(renderActionOutcome('enrollUserToMarketDeployer', enrolled, { configs }).lines).toEqual(['enrolled in perpdesk (1) [req-6]']);
    const iso: ActionOutcome<'updateIsolatedMargin'> = { ok: true, requestId: 'req-2', nonce: 1, signer, data: { isoBefore: 50_000_000, isoAfter: 75_500_000 } };
    expect(renderActionOutcome('updateIsolatedMargin', iso, { coin: USDC }).lines).toEqual(['isolated margin 50.00 USDC -> 75.50 USDC [req-2]']);
    const agent: ActionOutcome<'approveAgent'> = { ok: true, requestId: 'req-3', nonce: 1, signer, data: { agentAddress: '0xabc', agentName: '', validUntil: 0, slot: 'anonymous' } };
    expect(renderActionOutcome('approveAgent', agent).lines).toEqual(['approved agent 0xabc (anonymous), anonymous slot, no expiry [req-3]']);
    const rejected: ActionOutcome<'lockIntoShareGroup'> = { ok: false, outcomeUnknown: false, error: clientError('business', 'account not in PORTFOLIO mode', { code: 3002 }) };
    expect(renderActionOutcome('lockIntoShareGroup', rejected).lines).toEqual(['account not in PORTFOLIO mode (code 3002)']);
  });
});

describe('key requirement', () => {
  it('agent actions go to the agent key when loaded, the rest need the master', () => {
    expect(keyRequirement('order', { master: true, agent: true })).toEqual({ ok: true, role: 'agent' });
    expect(keyRequirement('lockCollateral', { master: true, agent: true })).toEqual({ ok: true, role: 'master' });
    expect(keyRequirement('lockCollateral', { master: false, agent: true })).toEqual({
      ok: false,
      message: 'lockCollateral needs the master key, but only an agent key is loaded (start with --keystore or --key-file)',
    });
    expect(keyRequirement('order', { master: false, agent: false }).ok).toBe(false);
  });

  it('matches the wire module\'s agent list for every action', () => {
    for (const t of ACTION_TYPES) {
      const r = keyRequirement(t, { master: false, agent: true });
      expect(r.ok).toBe(needsFor(t) === 'agent-or-master');
    }
  });
});
