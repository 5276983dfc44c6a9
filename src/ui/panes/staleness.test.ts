import { describe, expect, it } from 'vitest';
import { fullState, fullStore } from '../../../test/ui/support/paneFixtures.js';
import { dataTimeOf, staleAge, staleFlagOf } from './staleness.js';

const NOW = 1_700_000_000_000;

describe('staleness', () => {
  it('follows the session verdict per feed', () => {
    const store = fullStore(NOW);
    expect(staleFlagOf('book', store.getState())).toBe(false);
    const session = store.getState().session;
    store.setState({ session: { ...session, staleness: { ...session.staleness, candles: true, account: true } } });
    const s = store.getState();
    expect(staleFlagOf('chart', s)).toBe(true);
    expect(['positions', 'account', 'shareGroups'].map((p) => staleFlagOf(p as 'account', s))).toEqual([true, true, true]);
    expect(staleFlagOf('book', s)).toBe(false);
    expect(staleFlagOf('journal', s)).toBe(false);
  });
  it('lets a poll decide for orders when the session polls them (monitor mode)', () => {
    const base = fullState(NOW);
    const s = { ...fullStore(NOW).getState() };
    s.session = { ...base.session!, staleness: { ...base.session!.staleness, orders: true }, polls: { userOrders: { lastOk: NOW, lastError: null } } };
    expect(staleFlagOf('orders', s)).toBe(false);
    s.session = { ...s.session, polls: { userOrders: { lastOk: NOW, lastError: 'timeout' } } };
    expect(staleFlagOf('orders', s)).toBe(true);
  });
  it('marks agents stale only after a failed poll', () => {
    const s = fullStore(NOW).getState();
    expect(staleFlagOf('agents', s)).toBe(false);
    expect(staleFlagOf('agents', { ...s, session: { ...s.session, polls: { userAgents: { lastOk: NOW, lastError: 'HTTP 500' } } } })).toBe(true);
  });
  it('dates data in local time, correcting server stamps by the clock offset', () => {
    const s = fullStore(NOW).getState();
    expect(dataTimeOf('book', s)).toBe(NOW);
    expect(dataTimeOf('book', { ...s, session: { ...s.session, clockOffsetMs: 2_000 } })).toBe(NOW - 2_000);
    expect(dataTimeOf('account', s)).toBe(NOW);
    expect(dataTimeOf('orders', s)).toBeUndefined();
  });
  it('reports an age only while stale', () => {
    expect(staleAge({ flag: false, dataAt: NOW - 1_000, thresholdMs: 5_000, now: NOW, since: undefined })).toBeUndefined();
    expect(staleAge({ flag: false, dataAt: NOW - 6_000, thresholdMs: 5_000, now: NOW, since: undefined })).toBe(6_000);
    expect(staleAge({ flag: true, dataAt: NOW - 1_000, thresholdMs: undefined, now: NOW, since: NOW })).toBe(1_000);
    expect(staleAge({ flag: true, dataAt: undefined, thresholdMs: 5_000, now: NOW, since: NOW - 3_000 })).toBe(3_000);
    expect(staleAge({ flag: false, dataAt: undefined, thresholdMs: 5_000, now: NOW, since: undefined })).toBeUndefined();
  });
});
