import type { Segment } from '../../components/Tone.js';
import { textWidth, truncate } from '../../format/width.js';
import { clipSegments } from '../segments.js';
import type { AccountRow } from './accountRows.js';

/**
 * The account as a card for panes too narrow for its table (the account area is about
 * 24 columns at 120x40): one labelled line per figure with the amount right-aligned, so
 * margin used and available stay visible at any width. A pool's figures are all in its
 * collateral coin, named once on the pool's line. When a line is too narrow the label is
 * cut, never the amount.
 */
export interface CardLine {
  key: string;
  /** Index of the account row this line belongs to (selection highlights its first line). */
  row: number;
  first: boolean;
  segments: Segment[];
}

/** Below this inner width the pane shows the card instead of the table. */
export const CARD_BELOW = 56;

function line(width: number, label: Segment, value: string, token?: Segment['token']): Segment[] {
  const vw = textWidth(value);
  const room = width - vw - 1;
  const text = room >= textWidth(label.text) ? label.text : truncate(label.text, Math.max(0, room));
  const gap = Math.max(text ? 1 : 0, width - textWidth(text) - vw);
  return clipSegments([{ ...label, text }, { text: ' '.repeat(gap) }, { text: value, token }], width);
}

export function accountCard(rows: readonly AccountRow[], width: number): CardLine[] {
  if (width <= 0) return [];
  const out: CardLine[] = [];
  rows.forEach((r, i) => {
    const push = (key: string, first: boolean, segments: Segment[]) => out.push({ key, row: i, first, segments });
    if (r.kind === 'chain') {
      push(r.key, true, line(width, { text: r.where, bold: true }, `${r.balance} ${r.coin}`));
      return;
    }
    if (r.kind === 'poolCoin') {
      push(r.key, true, line(width, { text: `  ${r.coin}`, token: 'muted' }, r.balance));
      return;
    }
    push(r.key, true, line(width, { text: r.where, bold: true }, r.coin, 'muted'));
    const fields: [string, string, Segment['token']][] = [
      ['balance', r.balance, 'text'],
      ['equity', r.equity, 'text'],
      ['margin used', r.used, 'warning'],
      ['available', r.available, 'ok'],
      ['withdrawable', r.withdrawable, 'text'],
    ];
    for (const [label, value, token] of fields) push(`${r.key}:${label}`, false, line(width, { text: `  ${label}`, token: 'muted' }, value, token));
  });
  return out;
}
