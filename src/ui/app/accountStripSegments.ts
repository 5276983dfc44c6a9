import { formatMoney } from '../../format/index.js';
import type { AccountSummary } from '../../state/accountSummary.js';
import type { Segment } from '../components/Tone.js';
import { directionSymbol } from '../format/side.js';
import { textWidth } from '../format/width.js';
import { marginRatioText } from '../panes/account/marginRatioText.js';
import { shortAddress } from '../panes/lookups.js';
import { fitSegments, type SegmentGroup } from './fitSegments.js';

/** The focused contract's leverage and margin mode for the account. */
export interface StripFocus {
  contract: string;
  leverage: number;
  mode: 'cross' | 'isolated';
  /** False when no read reports the leverage (a default is assumed). */
  leverageKnown: boolean;
  /** False when no read reports the margin mode (cross is assumed). */
  modeKnown: boolean;
}

export interface AccountStripModel {
  /** Undefined until the account's first answer arrives. */
  summary: AccountSummary | undefined;
  /** The collateral coin every figure is in. */
  coin: { decimals: number; name: string };
  focus?: StripFocus | undefined;
  /** The account the session trades or watches. */
  address: string | null;
  /** Monitor mode: the address is someone's account watched without a key. */
  watching: boolean;
  /** The config profile this dashboard runs (`--profile`, `P`): said before the address, and kept when it is not. */
  profile?: string | undefined;
}

const label = (text: string): Segment => ({ text, token: 'muted' });
const GAP: Segment = { text: '  ', token: 'muted' };

function widthOf(segments: readonly Segment[]): number {
  return segments.reduce((a, s) => a + textWidth(s.text), 0);
}

/**
 * The riskiest pool's margin ratio; "worst" when several pools hold cross positions. With
 * cross positions it outranks the leverage; with none it says nothing and goes early.
 */
function ratioGroup(s: AccountSummary): SegmentGroup {
  const name = s.poolsAtRisk > 1 ? 'worst ratio ' : 'ratio ';
  const r = s.riskiest ? marginRatioText(s.riskiest) : { text: '0.0%', level: 'calm' as const };
  const value: Segment =
    r.level === 'danger' ? { text: `⚠ ${r.text}`, token: 'down', bold: true } : r.level === 'warn' ? { text: r.text, token: 'warning', bold: true } : { text: r.text };
  return { priority: s.riskiest ? 2 : 6, segments: [label(name), value] };
}

function focusGroup(f: StripFocus): SegmentGroup {
  const lev: Segment = { text: `${f.leverage}x${f.leverageKnown ? '' : '?'}`, bold: true };
  const mode = (word: string): Segment => ({ text: `${word}${f.modeKnown ? '' : '?'}`, token: 'muted' });
  return {
    priority: 3,
    segments: [{ text: `${f.contract} `, token: 'accent' }, lev, { text: ' ' }, mode(f.mode)],
    narrower: [[{ text: `${f.contract} `, token: 'accent' }, lev, { text: ' ' }, mode(f.mode === 'isolated' ? 'iso' : 'cross')]],
  };
}

function accountGroups(m: AccountStripModel, withCoin: boolean): SegmentGroup[] {
  const s = m.summary;
  if (!s) return [{ priority: 0, segments: [{ text: 'waiting for account…', token: 'muted' }] }];
  const money = (raw: bigint, signed = false) => formatMoney(raw, m.coin, { signed });
  const pnlToken = s.upnl > 0n ? 'up' : s.upnl < 0n ? 'down' : 'muted';
  const pnl: Segment = { text: s.upnl === 0n ? money(0n) : `${directionSymbol(s.upnl)} ${money(s.upnl, true)}`, token: pnlToken };
  const groups: SegmentGroup[] = [
    {
      priority: 0,
      segments: [label('equity '), { text: money(s.equity), bold: true }, ...(withCoin ? [label(` ${m.coin.name}`)] : [])],
      narrower: [[label('eq '), { text: money(s.equity), bold: true }]],
    },
    { priority: 1, segments: [label('uPnL '), pnl] },
    { priority: 4, segments: [label('margin used '), { text: money(s.marginUsed) }], narrower: [[label('used '), { text: money(s.marginUsed) }]] },
  ];
  groups.push(ratioGroup(s));
  groups.push({ priority: 5, segments: [label('avail '), { text: money(s.available) }] });
  if (m.focus) groups.push(focusGroup(m.focus));
  return groups;
}

/**
 * The account strip under the header, exactly `width` columns: equity, unrealized PnL,
 * margin used and ratio, what is available and the focused contract's leverage and mode on
 * the left, least important dropped first when narrow; the profile's name and the account's
 * address on the right.
 * A watched account (monitor mode) is always named as such; the own address goes first,
 * then the coin's name after the equity.
 */
export function accountStripSegments(m: AccountStripModel, width: number): Segment[] {
  const addr = m.address ? shortAddress(m.address) : undefined;
  const watched: Segment[] = addr && m.watching ? [{ text: 'watching ', token: 'warning', bold: true }, { text: `${addr} ` }] : [];
  const name: Segment[] = m.profile ? [{ text: `${m.profile} `, token: 'accent', bold: true }] : [];
  const own: Segment[] = addr && !m.watching ? [...name, label(`${addr} `)] : [];
  // Least important first, before any figure narrows: the own address, then the coin's name.
  const whole = (groups: readonly SegmentGroup[], right: readonly Segment[]) =>
    1 + widthOf(fitSegments(groups.map((g) => ({ ...g, priority: 0, narrower: [] })), Number.MAX_SAFE_INTEGER, GAP)) + 2 + widthOf(right) <= width;
  let groups = accountGroups(m, true);
  let right = [...name, ...watched];
  if (own.length > 0 && whole(groups, own)) right = own;
  else if (!whole(groups, right)) groups = accountGroups(m, false);
  const rightWidth = widthOf(right);
  const leftWidth = Math.max(0, width - rightWidth - 2);
  const left = [{ text: ' ' }, ...fitSegments(groups, Math.max(0, leftWidth - 1), GAP)];
  const used = widthOf(left);
  const gap = Math.max(0, width - used - rightWidth);
  const out = [...left, { text: ' '.repeat(gap) }, ...right];
  return used + gap + rightWidth > width ? fitSegments([{ priority: 0, segments: out }], width) : out;
}
