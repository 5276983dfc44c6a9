import type { ContractConfig, MarketState } from '../../protocol/wire/index.js';
import type { Segment } from '../components/Tone.js';
import { formatPrice, toRaw } from '../format/decimal.js';
import { formatPercent, formatRatePercent } from '../format/percent.js';
import { directionSymbol } from '../format/side.js';
import { textWidth } from '../format/width.js';
import { fitSegments, type SegmentGroup } from './fitSegments.js';

export interface HeaderModel {
  contract: ContractConfig | undefined;
  market: MarketState | undefined;
  embedded: boolean;
  readOnly: boolean;
  /** False until the exchange's configs have arrived. */
  loaded?: boolean;
  /** Time to the next funding ("42m"), when the exchange says when it is. */
  fundingIn?: string;
}

const label = (text: string): Segment => ({ text, token: 'muted' });

/** The 24 h change of the last (else mark) price against the day's open, with ▲/▼ and a sign. */
export function dayChange(market: MarketState | undefined, priceScale: number): Segment[] | undefined {
  const open = toRaw(market?.dayOpenPx ?? undefined, priceScale);
  const now = toRaw(market?.lastPx ?? market?.markPx ?? undefined, priceScale);
  if (open === undefined || now === undefined || open === 0n) return undefined;
  const delta = now - open;
  const token = delta > 0n ? 'up' : delta < 0n ? 'down' : 'muted';
  return [label('24h '), { text: `${directionSymbol(delta)} ${formatPercent(delta, open, { signed: true, decimals: 2 })}`, token }];
}

/** The funding rate and, when known, the time to the next funding: dropped before the rate when narrow. */
function fundingGroup(rate: string, fundingIn: string | undefined): SegmentGroup {
  const wide = [label('funding '), { text: rate }];
  const narrow = [label('fund '), { text: rate }];
  if (fundingIn === undefined) return { priority: 4, segments: wide, narrower: [narrow] };
  const countdown = [label(' in '), { text: fundingIn }];
  return { priority: 4, segments: [...wide, ...countdown], narrower: [[...narrow, ...countdown], wide, narrow] };
}

function badges(m: HeaderModel, width: number): Segment[] {
  const out: Segment[] = [];
  const wide = width >= 110;
  if (m.readOnly) out.push({ text: ' READ-ONLY ', token: 'warning', bold: true });
  if (m.embedded) out.push({ text: wide ? ' EMBEDDED EXCHANGE (paper) ' : ' EMBEDDED (paper) ', token: 'accent', bold: true });
  return out;
}

/**
 * The header line, exactly `width` columns: the contract and its prices on the left (least
 * important dropped first when narrow), the mode badges on the right, always shown.
 */
export function headerSegments(m: HeaderModel, width: number): Segment[] {
  const right = badges(m, width);
  const rightWidth = right.reduce((a, s) => a + textWidth(s.text), 0);
  const c = m.contract;
  const scale = c?.priceScale ?? 0;
  const px = (v: string | null | undefined) => formatPrice(v ?? undefined, scale, { separators: true });
  const mk = m.market;
  const groups: SegmentGroup[] = [
    { priority: 0, segments: [c ? { text: ` ${c.name}`, token: 'accent', bold: true } : { text: m.loaded === false ? ' connecting…' : ' no contract', token: 'muted' }] },
    { priority: 1, segments: [label('mark '), { text: px(mk?.markPx), bold: true }] },
    { priority: 2, segments: [label('last '), { text: px(mk?.lastPx) }] },
  ];
  const change = c ? dayChange(mk, scale) : undefined;
  if (change) groups.push({ priority: 3, segments: change });
  groups.push(
    fundingGroup(formatRatePercent(mk?.fundingRate, { signed: true, decimals: 4 }), m.fundingIn),
    { priority: 5, segments: [label('index '), { text: px(mk?.indexPx) }], narrower: [[label('idx '), { text: px(mk?.indexPx) }]] },
  );
  const leftWidth = Math.max(0, width - rightWidth - 1);
  const left = fitSegments(groups, leftWidth, { text: '  ', token: 'muted' });
  const used = left.reduce((a, s) => a + textWidth(s.text), 0);
  const gap = Math.max(0, width - used - rightWidth);
  const out = [...left, { text: ' '.repeat(gap) }, ...right];
  return used + gap + rightWidth > width ? fitSegments([{ priority: 0, segments: out }], width) : out;
}
