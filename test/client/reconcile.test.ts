import { describe, expect, it } from 'vitest';
import { lookupUntilFound, modifyApplied, reconciledFrom, sameDecimal } from '../../src/client/reconcile.js';
import { clientError, type Result } from '../../src/client/errors.js';
import type { OrderLookup } from '../../src/protocol/wire/index.js';

function lookup(oid: number, cloid: string | undefined, status: OrderLookup['status'], extra: Partial<OrderLookup['order']> = {}): OrderLookup {
  const order: OrderLookup['order'] = { oid, asset: 1, isBuy: true, limitPx: '100', sz: '5', tif: 'Gtc', origSz: '5', reduceOnly: false, timestamp: 1, ...extra };
  if (cloid !== undefined) order.cloid = cloid;
  return { order, status, statusTimestamp: 2 };
}

describe('sameDecimal', () => {
  it.each([
    ['1.50', '1.5', true],
    ['001', '1', true],
    ['0.0', '0', true],
    ['-0', '0', true],
    ['10', '1', false],
    ['1.05', '1.5', false],
    ['100', '100.000', true],
    ['-2.10', '-2.1', true],
    ['-2.1', '2.1', false],
  ])('%s vs %s -> %s', (a, b, eq) => {
    expect(sameDecimal(a, b)).toBe(eq);
  });
});

describe('modifyApplied', () => {
  const open = lookup(7, '11', 'open', { limitPx: '101.5', origSz: '3' });
  it('is true when the open order carries every requested field', () => {
    expect(modifyApplied({ type: 'modify', a: 1, oid: 7, p: '101.50', s: '3' }, open)).toBe(true);
  });
  it('is false when a field differs', () => {
    expect(modifyApplied({ type: 'modify', a: 1, oid: 7, p: '102' }, open)).toBe(false);
    expect(modifyApplied({ type: 'modify', a: 1, oid: 7, c: '12' }, open)).toBe(false);
  });
  it('cannot tell for an order that is no longer open or not found', () => {
    expect(modifyApplied({ type: 'modify', a: 1, oid: 7, p: '1' }, lookup(7, undefined, 'filled'))).toBeUndefined();
    expect(modifyApplied({ type: 'modify', a: 1, oid: 7, p: '1' }, undefined)).toBeUndefined();
  });
});

describe('lookupUntilFound', () => {
  const policy = { attempts: 3, delayMs: 1 };

  it('asks again only for what is still missing, then reports the rest absent', async () => {
    const asked: string[][] = [];
    const answers: OrderLookup[][] = [[lookup(1, 'a', 'open')], [lookup(2, 'b', 'filled')], []];
    const r = await lookupUntilFound(
      ['a', 'b', 'c'],
      async (pending) => {
        asked.push(pending);
        return { ok: true, value: answers.shift() ?? [] };
      },
      (l) => l.order.cloid,
      policy,
    );
    expect(asked).toEqual([['a', 'b', 'c'], ['b', 'c'], ['c']]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.get('a')?.status).toBe('open');
    expect(r.value.get('b')?.status).toBe('filled');
    expect(r.value.has('c')).toBe(true);
    expect(r.value.get('c')).toBeUndefined();
  });

  it('fails, rather than claiming absence, when no lookup ever got an answer', async () => {
    const err = clientError('network', 'down');
    const r = await lookupUntilFound(['a'], async (): Promise<Result<OrderLookup[]>> => ({ ok: false, error: err }), (l) => l.order.cloid, policy);
    expect(r).toEqual({ ok: false, error: err });
  });

  it('counts one answered lookup among failures as an answer', async () => {
    let n = 0;
    const r = await lookupUntilFound(
      ['a'],
      async (): Promise<Result<OrderLookup[]>> => (n++ === 1 ? { ok: true, value: [] } : { ok: false, error: clientError('timeout', 'slow') }),
      (l) => l.order.cloid,
      policy,
    );
    expect(r.ok && r.value.get('a')).toBeUndefined();
    expect(r.ok).toBe(true);
  });

  it('turns a record into a reconciled item that keeps the ids', () => {
    expect(reconciledFrom(undefined, { cloid: '9' })).toEqual({ reconciled: { status: 'absent', cloid: '9' } });
    const item = reconciledFrom(lookup(4, '9', 'canceled'), { cloid: '9' });
    expect(item.reconciled).toMatchObject({ status: 'canceled', oid: 4, cloid: '9', statusTimestamp: 2 });
  });
});
