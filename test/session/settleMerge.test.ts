import { describe, expect, it } from 'vitest';
import { mergeJournal } from '../../src/feed/journalMerge.js';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import { settlingLine, unsettledEntries } from '../../src/session/settleJournal.js';

/** A settling line takes the place of the unknown entry of its request, wherever the two meet: in the store and in the file read back. */
const req = { seq: 1, action: 'order' as const, signer: '0xAB', signerRole: 'agent' as const, nonce: 5, face: 'dashboard', cloids: ['0x01', '0x02'] };
const sent: JournalEntry = { ...req, time: 1, outcome: 'sent', detail: 'awaiting' };
const unknown: JournalEntry = { ...req, time: 2, outcome: 'unknown', detail: 'timed out; lookup failed too' };

describe('settling lines', () => {
  it('replace the unknown answer, and a late real answer replaces the settling line; one row per request throughout', () => {
    const placed = settlingLine(unknown, [{ reconciled: { status: 'open', cloid: '0x01', oid: 9 } }, { reconciled: { status: 'filled', cloid: '0x02', oid: 10 } }], 3);
    expect(placed).toMatchObject({ outcome: 'reconciled', settled: 'placed', nonce: 5, signer: '0xAB', face: 'dashboard', sentTime: 2 });
    expect(placed.detail).toBe('settled from the exchange by cloid: 0x01 placed, oid 9, open; 0x02 placed, oid 10, filled');
    const a = mergeJournal([], [sent, unknown], 100);
    expect(a.map((e) => e.outcome)).toEqual(['unknown']);
    const b = mergeJournal(a, [placed], 100);
    expect(b).toEqual([placed]);
    const late: JournalEntry = { ...req, time: 4, outcome: 'ok', detail: 'resting oid 9' };
    expect(mergeJournal(b, [late], 100)).toEqual([late]);
    // An ordinary answer never replaces another ordinary answer (two requests that share nothing stay two rows).
    const other: JournalEntry = { ...req, nonce: 6, time: 5, outcome: 'ok', detail: 'ok' };
    expect(mergeJournal([late], [other], 100)).toHaveLength(2);
  });

  it('absent when the exchange has none of its cloids; only this session\'s keys\' unknown orders are looked up', () => {
    const absent = settlingLine(unknown, [{ reconciled: { status: 'absent', cloid: '0x01' } }, { reconciled: { status: 'absent', cloid: '0x02' } }], 3);
    expect(absent).toMatchObject({ outcome: 'error', settled: 'absent' });
    expect(absent.detail).toContain('never arrived');
    const entries: JournalEntry[] = [unknown, { ...unknown, nonce: 7, signer: '0xCD' }, { ...unknown, nonce: 8, cloids: undefined }, { ...unknown, nonce: 9, outcome: 'ok' }, absent];
    expect(unsettledEntries(entries, ['0xab']).map((e) => e.nonce)).toEqual([5]);
  });
});
