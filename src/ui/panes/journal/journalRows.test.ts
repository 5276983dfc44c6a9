import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../model/journalEntry.js';
import { createAppStore } from '../../../state/store.js';
import { journal } from '../../../../test/ui/support/paneFixtures.js';
import { renderPane } from '../../../../test/ui/support/renderPane.js';
import { panelInner } from '../../components/Panel.js';
import { fitColumns } from '../../components/tableLayout.js';
import { JOURNAL_PANE } from './journalPaneDef.js';
import { journalColumns } from './journalList.js';
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
  it('shows a settled request as what the exchange said, never as the unknown it replaced', () => {
    const sent = { seq: 3, action: 'order' as const, signer: '0xab', nonce: 7, face: 'cli', cloids: ['0x01'], asked: 'Buy 1 SOL1 @ 90 Gtc, cloid 0x01' };
    const rows = journalRows([
      { ...sent, time: 1, outcome: 'unanswered', detail: 'sent, no answer recorded: … check the exchange before retrying' },
      { ...sent, seq: 4, nonce: 8, time: 2, outcome: 'unknown', detail: 'timed out; outcome unknown: check before retrying' },
    ]);
    expect(rows.map((r) => r.outcome)).toEqual(['? unknown', '? no answer']);
    const settled = journalRows([
      { ...sent, time: 3, outcome: 'error', settled: 'absent', detail: 'settled from the exchange by cloid: no order with its cloid; the request never arrived, nothing was done (not sent)' },
      { ...sent, seq: 4, nonce: 8, time: 4, outcome: 'reconciled', settled: 'placed', detail: 'settled from the exchange by cloid: 0x01 placed, oid 5, open' },
    ]);
    expect(settled.map((r) => [r.outcome, r.outcomeTone])).toEqual([
      ['↻ settled', 'accent'],
      ['∅ not sent', 'muted'],
    ]);
    expect(settled.every((r) => !r.detail.includes('check the exchange'))).toBe(true);
  });
});

describe('the journal pane at every width', () => {
  const now = Date.now();
  const entries: JournalEntry[] = [
    // An earlier day's line, from before requests were put in words.
    { seq: 9, time: now - 3 * 86_400_000, action: 'cancel', outcome: 'error', detail: 'Order not found' },
    ...journal(now),
    { seq: 4, time: now - 4_000, action: 'transferBetweenDeployers', outcome: 'reconciled', detail: 'answer lost; exchange records: moved', asked: 'Move 1,000.00 USDC from the deployer perpdesk (1) pool to the deployer other (2) pool' },
    { seq: 5, time: now - 1_000, action: 'order', outcome: 'ok', detail: 'resting #12', asked: 'Buy 0.015 BTC1 @ 60,025.5 Ioc, reduce-only, cloid 0xabababababababababababababababab' },
  ];
  const rows = journalRows(entries);

  it('keeps Time, the result and what was asked at 40, 60, 100 and 160 columns, and at its minimum width', () => {
    for (const cols of [28, 40, 60, 100, 160]) {
      const inner = panelInner(cols, 10).width;
      const kept = fitColumns(journalColumns(rows, inner), inner).map((f) => f.column.key);
      expect(kept.slice(0, 2), `${cols} columns`).toEqual(['time', 'outcome']);
      expect(kept, `${cols} columns`).toContain('asked');
      if (cols >= 100) expect(kept, `${cols} columns`).toContain('detail');
    }
  });

  it('draws every row with its time, an earlier day with its date', async () => {
    expect(rows.map((r) => r.time).at(-1)).toMatch(/^\d\d-\d\d \d\d:\d\d$/);
    expect(rows[0]!.time).toMatch(/^\d\d:\d\d:\d\d$/);
    const store = createAppStore({ journal: { entries } });
    for (const cols of [40, 60, 100]) {
      const pane = renderPane(JOURNAL_PANE.component, store, { width: cols, height: rows.length + 3, focused: false });
      const body = pane.lines().slice(2, 2 + rows.length);
      pane.unmount();
      body.forEach((l, i) => expect(l, `${cols} columns, row ${i}`).toContain(`│${rows[i]!.time} `));
      expect(body[0], `${cols} columns`).toContain('Buy 0.015 BTC1');
    }
  });

  it('keeps a request one row from sending to its answer, and marks both ends with a glyph', () => {
    const sent: JournalEntry = { seq: 3, time: now - 500, action: 'order', signerRole: 'agent', signer: '0xbbbb000000000000000000000000000000000002', nonce: now - 500, outcome: 'sent', detail: 'sent, awaiting the answer', face: 'cli' };
    const answer: JournalEntry = { ...sent, time: now - 400, sentTime: now - 500, outcome: 'ok', detail: 'resting #12', requestId: 'req-77' };
    const [sending] = journalRows([sent]);
    const [answered] = journalRows([answer]);
    expect(sending!.key).toBe(answered!.key);
    expect([sending!.outcome, sending!.outcomeTone, answered!.outcome]).toEqual(['… sending', 'muted', '✓ ok']);
    expect(outcomeLabel('unanswered')).toEqual({ text: '? no answer', tone: 'warning' });
    // Another signer or face with the same nonce is another request.
    expect(journalRows([{ ...answer, signer: '0xbbbb000000000000000000000000000000000003' }])[0]!.key).not.toBe(sending!.key);
    expect(journalRows([{ ...answer, face: 'dashboard' }])[0]!.key).not.toBe(sending!.key);
  });

  it('keeps a row per entry when two sessions numbered theirs alike', () => {
    const twice = journalRows([entries[1]!, { ...entries[1]! }]);
    expect(new Set(twice.map((r) => r.key)).size).toBe(2);
  });
});
