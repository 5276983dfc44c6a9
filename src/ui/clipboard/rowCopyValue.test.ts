import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../state/store.js';
import type { AppState } from '../../state/types.js';
import { fullState, fullStore } from '../../../test/ui/support/paneFixtures.js';
import { createViewStore, type ViewState } from '../view/viewStore.js';
import { rowCopyValue } from './rowCopyValue.js';

/** What `y` copies per pane, over the same fixture the pane tests draw. */
const NOW = 1_700_000_000_000;
const app = () => fullStore(NOW).getState();
const at = (pane: keyof ViewState['selection'], row: number, extra: Partial<ViewState> = {}) =>
  createViewStore({ focus: pane, selection: { [pane]: row }, ...extra }).getState();

describe('rowCopyValue', () => {
  it('orders: the oid of the selected row (ascending oids of the contract shown)', () => {
    expect(rowCopyValue('orders', app(), at('orders', 0))).toEqual({ ok: true, what: 'oid', value: '11' });
    expect(rowCopyValue('orders', app(), at('orders', 1))).toEqual({ ok: true, what: 'oid', value: '12' });
    // Past the end: the last row, as the pane clamps.
    expect(rowCopyValue('orders', app(), at('orders', 9))).toEqual({ ok: true, what: 'oid', value: '12' });
    expect(rowCopyValue('orders', app(), at('orders', 2, { ordersScope: 'all' }))).toEqual({ ok: true, what: 'oid', value: '13' });
  });

  it('fills: the oid of the order that filled, newest fill first', () => {
    expect(rowCopyValue('fills', app(), at('fills', 0))).toEqual({ ok: true, what: 'oid', value: '15' });
    expect(rowCopyValue('fills', app(), at('fills', 2))).toEqual({ ok: true, what: 'oid', value: '11' });
  });

  it('journal: the first cloid, else the request id, else the nonce', () => {
    expect(rowCopyValue('journal', app(), at('journal', 0))).toEqual({ ok: true, what: 'request id', value: 'req-43' });
    const s = fullState(NOW) as AppState;
    const entries = [
      { seq: 1, time: NOW, action: 'order' as const, outcome: 'ok' as const, detail: '', nonce: 77 },
      { seq: 2, time: NOW, action: 'order' as const, outcome: 'ok' as const, detail: '', requestId: 'req-9', cloids: ['0x00000000000000000000000000000abc', '0x2'] },
    ];
    const withCloid = createAppStore({ ...s, journal: { entries } }).getState();
    expect(rowCopyValue('journal', withCloid, at('journal', 0))).toEqual({ ok: true, what: 'cloid', value: '0x00000000000000000000000000000abc' });
    expect(rowCopyValue('journal', withCloid, at('journal', 1))).toEqual({ ok: true, what: 'nonce', value: '77' });
  });

  it('agents: the address; positions: the contract; share groups: the group id', () => {
    expect(rowCopyValue('agents', app(), at('agents', 1))).toEqual({ ok: true, what: 'agent address', value: '0xbbbb000000000000000000000000000000000002' });
    expect(rowCopyValue('positions', app(), at('positions', 0))).toEqual({ ok: true, what: 'contract', value: 'SOL1' });
    expect(rowCopyValue('positions', app(), at('positions', 1))).toMatchObject({ ok: true, what: 'contract' });
    expect(rowCopyValue('shareGroups', app(), at('shareGroups', 0))).toEqual({ ok: true, what: 'group id', value: '1' });
  });

  it("account: the chain row gives the account's address, a pool row its deployer", () => {
    expect(rowCopyValue('account', app(), at('account', 0))).toEqual({ ok: true, what: 'account address', value: '0x1111111111111111111111111111111111111111' });
    const operator = app().market.configs!.marketDeployers.find((d) => d.marketDeployerId === 1)!.operator!;
    expect(rowCopyValue('account', app(), at('account', 1))).toEqual({ ok: true, what: 'deployer address', value: operator });
    // The pool's other coins belong to the same deployer.
    expect(rowCopyValue('account', app(), at('account', 2))).toEqual({ ok: true, what: 'deployer address', value: operator });
    const s = fullState(NOW) as AppState;
    const configs = { ...s.market.configs!, marketDeployers: s.market.configs!.marketDeployers.map((d) => ({ marketDeployerId: d.marketDeployerId, name: d.name })) };
    const bare = createAppStore({ ...s, market: { ...s.market, configs } }).getState();
    expect(rowCopyValue('account', bare, at('account', 1))).toEqual({ ok: true, what: 'deployer id', value: '1' });
  });

  it('book: the cursor price as a plain decimal at the contract\'s scale; at the spread there is none', () => {
    const cursor = (raw: string) => createViewStore({ focus: 'book', bookCursorRaw: raw }).getState();
    expect(rowCopyValue('book', app(), cursor('150'))).toEqual({ ok: true, what: 'price', value: '150' });
    const s = fullState(NOW) as AppState;
    const eth = createAppStore({ ...s, market: { ...s.market, selected: 'ETH1' } }).getState();
    expect(rowCopyValue('book', eth, cursor('345025'))).toEqual({ ok: true, what: 'price', value: '3450.25' });
    expect(rowCopyValue('book', app(), createViewStore({ focus: 'book' }).getState())).toEqual({
      ok: false,
      reason: 'nothing to copy: move the book cursor to a price first (j/k)',
    });
  });

  it('trades: the tid, newest trade first', () => {
    const tape = app().market.trades[1]!;
    expect(rowCopyValue('trades', app(), at('trades', 0))).toEqual({ ok: true, what: 'tid', value: String(tape[tape.length - 1]!.tid) });
    expect(rowCopyValue('trades', app(), at('trades', 2))).toEqual({ ok: true, what: 'tid', value: String(tape[tape.length - 3]!.tid) });
  });

  it('says so when nothing is selected or the pane has no rows to copy', () => {
    const empty = createAppStore().getState();
    expect(rowCopyValue('orders', empty, at('orders', 0))).toEqual({ ok: false, reason: 'nothing to copy: no order selected' });
    expect(rowCopyValue('fills', empty, at('fills', 0))).toEqual({ ok: false, reason: 'nothing to copy: no fill selected' });
    expect(rowCopyValue('journal', empty, at('journal', 0))).toEqual({ ok: false, reason: 'nothing to copy: no journal entry selected' });
    expect(rowCopyValue('agents', empty, at('agents', 0))).toEqual({ ok: false, reason: 'nothing to copy: no agent selected' });
    expect(rowCopyValue('account', empty, at('account', 0))).toEqual({ ok: false, reason: 'nothing to copy: no account row selected' });
    expect(rowCopyValue('trades', empty, at('trades', 0))).toEqual({ ok: false, reason: 'nothing to copy: no trade selected' });
    expect(rowCopyValue('chart', app(), at('orders', 0))).toEqual({ ok: false, reason: 'nothing to copy in the Chart pane' });
  });
});
