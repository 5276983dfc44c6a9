import { describe, expect, it } from 'vitest';
import { journal } from '../../../../test/ui/support/paneFixtures.js';
import { journalRows, outcomeLabel } from './journalRows.js';

describe('journalRows', () => {
  it('lists newest first and keeps the exchange message verbatim', () => {
    const rows = journalRows(journal(1_700_000_000_000));
    expect(rows.map((r) => [r.action, r.outcome, r.signer, r.requestId, r.detail])).toEqual([
      ['modify', '✗ rejected', 'agent', 'req-43', 'modified price is marketable (would cross the book); cancel and place a new order instead'],
      ['order', '✗ rejected', 'agent', 'req-42', 'share margin group is FROZEN'],
      ['order', '✓ ok', 'agent', 'req-41', 'resting oid 11'],
    ]);
    expect(rows[2]!.nonce).toBe(String(1_700_000_000_000 - 20_000));
  });
  it('keeps one line per entry and marks every outcome with a glyph', () => {
    const [row] = journalRows([{ seq: 1, time: 0, action: 'cancel', outcome: 'unknown', detail: 'no answer\nafter 3 tries' }]);
    expect(row!.detail).toBe('no answer after 3 tries');
    expect([row!.signer, row!.nonce, row!.requestId]).toEqual(['—', '—', '—']);
    for (const o of ['ok', 'partial', 'rejected', 'error', 'unknown', 'reconciled'] as const) expect(outcomeLabel(o).text).toMatch(/^\S \w+$/);
  });
});
