import type { Segment } from '../../components/Tone.js';
import { textWidth, truncate } from '../../format/width.js';
import { clipSegments } from '../segments.js';
import type { AccountRow } from './accountRows.js';
import type { FocusPool } from './focusPool.js';

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
      ['margin ratio', r.ratio, 'text'],
      ['available', r.available, 'ok'],
      ['withdrawable', r.withdrawable, 'text'],
    ];
    for (const [label, value, token] of fields) {
      // A pool's ratio is known once the account summary has it.
      if (value === '' && label === 'margin ratio') continue;
      push(`${r.key}:${label}`, false, line(width, { text: `  ${label}`, token: 'muted' }, value, token));
    }
  });
  return out;
}

/**
 * The selected contract's pool as card lines: whose pool it is, its available margin, why
 * orders cannot draw on it (not enrolled, with the key that enrolls; FROZEN), then its
 * margin used, margin ratio and equity.
 */
export function focusCard(f: FocusPool, width: number, enrollKey: string | undefined): Segment[][] {
  if (width <= 0) return [];
  const out: Segment[][] = [line(width, { text: f.row.where, bold: true }, f.row.coin, 'muted')];
  const figure = (label: string, value: string, token: Segment['token']) => out.push(line(width, { text: `  ${label}`, token: 'muted' }, value, token));
  const note = (text: string) => out.push(clipSegments([{ text, token: 'warning' }, { text: ' '.repeat(width) }], width));
  // What an order may draw on, and why it is nothing, first: on a short pane those lines stay.
  figure('available', f.row.available, 'ok');
  if (f.status === 'not enrolled') note(enrollKey ? `  not enrolled: press ${enrollKey}` : '  not enrolled');
  else if (f.status === 'FROZEN') note('  FROZEN: reduce-only');
  figure('margin used', f.row.used, 'warning');
  if (f.row.ratio) figure('margin ratio', f.row.ratio, 'text');
  figure('equity', f.row.equity, 'text');
  return out;
}
