import { describe, expect, it } from 'vitest';
import { agents } from '../../../../test/ui/support/paneFixtures.js';
import { agentRows, expiryText, isExpired, slotSummary, slotUsage } from './agentRows.js';

const NOW = 1_700_000_000_000;

describe('agentRows', () => {
  it('counts slots, expired records included until revoked', () => {
    expect(slotUsage(agents(NOW))).toEqual({ anonymous: 1, named: 2 });
    expect(slotSummary(agents(NOW))).toBe('slots: anon 1/1 · named 2/3');
    expect(slotSummary([])).toBe('slots: anon 0/1 · named 0/3');
    expect(slotSummary(agents(NOW), 20)).toBe('anon 1/1 · named 2/3');
    expect(slotSummary(agents(NOW), 18)).toBe('anon 1/1 named 2/3');
    expect(slotSummary(agents(NOW), 5)).toBe('A 1/1 N 2/3');
  });
  it('shows names, short addresses and a countdown that expires on the clock', () => {
    const rows = agentRows(agents(NOW));
    expect(rows.map((r) => [r.name, r.slot, r.address])).toEqual([
      ['(anon)', 'anon', '0xaaaa…0001'],
      ['desk', 'named', '0xbbbb…0002'],
      ['old-bot', 'named', '0xcccc…0003'],
    ]);
    expect(rows.map((r) => expiryText(r, NOW))).toEqual(['no expiry', '2h05m', '✗ expired']);
    const desk = rows[1]!;
    expect(isExpired(desk, desk.validUntil - 1)).toBe(false);
    expect(isExpired(desk, desk.validUntil)).toBe(true);
    expect(expiryText(desk, desk.validUntil)).toBe('✗ expired');
  });
});
