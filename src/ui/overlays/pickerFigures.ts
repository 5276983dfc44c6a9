import type { ContractConfig, MarketState } from '../../protocol/wire/index.js';
import { selectContractNames } from '../../state/selectors.js';
import type { AppState } from '../../state/types.js';
import { formatCompact } from '../../format/compact.js';
import { formatPrice, toRaw } from '../format/decimal.js';
import { formatPercent, formatRatePercent } from '../format/percent.js';
import { directionSymbol } from '../format/side.js';
import type { ViewState } from '../view/viewStore.js';
import { pickerItems } from './overlayLists.js';

/**
 * The contract picker's figures (issue 38, "a contract picker that helps choose"): each
 * Active contract's mark, 24 h change, 24 h volume (in the quote, at the mark) and funding
 * rate, as the session's market-state poll reads them while the picker is open
 * (Session.watchMarkets); sortable. The API has no open interest, so there is no column for it.
 */
export type PickerSort = ViewState['pickerSort'];
export const PICKER_SORTS: readonly PickerSort[] = ['name', 'change', 'volume', 'funding'];
export const PICKER_SORT_WORDS: Readonly<Record<PickerSort, string>> = { name: 'by name', change: 'by 24h change', volume: 'by 24h volume', funding: 'by funding' };

/** Fixed point for comparing figures across contracts of different scales. */
const CMP_SCALE = 12;

interface Figures {
  mark?: bigint;
  change?: bigint;
  volume?: bigint;
  funding?: bigint;
}

function figuresOf(c: ContractConfig, m: MarketState | undefined): Figures {
  const f: Figures = {};
  const mark = toRaw(m?.markPx ?? undefined, c.priceScale);
  if (mark !== undefined) f.mark = mark;
  const open = toRaw(m?.dayOpenPx ?? undefined, c.priceScale);
  const last = toRaw(m?.lastPx ?? m?.markPx ?? undefined, c.priceScale);
  if (open !== undefined && last !== undefined && open > 0n) f.change = ((last - open) * 10n ** BigInt(CMP_SCALE)) / open;
  const vol = toRaw(m?.dayVolume ?? undefined, c.qtyScale);
  if (vol !== undefined && mark !== undefined) f.volume = (vol * mark * 10n ** BigInt(CMP_SCALE)) / 10n ** BigInt(c.priceScale + c.qtyScale);
  const funding = toRaw(m?.fundingRate ?? undefined, CMP_SCALE);
  if (funding !== undefined) f.funding = funding;
  return f;
}

/** The picker's contracts: matching the typed words, then in the chosen order (highest first; unknown figures last). */
export function contractPickerItems(query: string, market: Pick<AppState['market'], 'contracts' | 'marketStates'>, sort: PickerSort): string[] {
  const names = pickerItems(query, selectContractNames(market.contracts));
  if (sort === 'name') return names;
  const key = (name: string): bigint | undefined => {
    const c = market.contracts[name];
    return c ? figuresOf(c, market.marketStates[c.contractId])[sort] : undefined;
  };
  return [...names].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === undefined || kb === undefined) return ka === kb ? 0 : ka === undefined ? 1 : -1;
    return ka === kb ? 0 : ka > kb ? -1 : 1;
  });
}

/** One picker row's figures as text: "mark 150  ▼ −1.32%  vol 12.3k  fund +0.0013%"; empty until the state is read. */
export function pickerFigureText(c: ContractConfig, m: MarketState | undefined): string {
  if (!m) return '';
  const f = figuresOf(c, m);
  const parts = [`${formatPrice(m.markPx ?? undefined, c.priceScale, { separators: true }).padStart(10)}`];
  const open = toRaw(m.dayOpenPx ?? undefined, c.priceScale);
  const last = toRaw(m.lastPx ?? m.markPx ?? undefined, c.priceScale);
  parts.push((open !== undefined && last !== undefined && open > 0n ? `${directionSymbol(last - open)} ${formatPercent(last - open, open, { signed: true, decimals: 2 })}` : '—').padStart(9));
  parts.push(`vol ${f.volume === undefined ? '—' : formatCompact(f.volume, CMP_SCALE)}`.padEnd(10));
  parts.push(`fund ${formatRatePercent(m.fundingRate, { signed: true, decimals: 4 })}`);
  return parts.join(' ');
}
