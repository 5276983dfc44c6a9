import type { AccountLine, AccountsState } from '../../../session/accountsWatch.js';
import { collateralCoin } from '../../../forms/index.js';
import { formatMoney, MISSING } from '../../../format/index.js';
import type { Configs } from '../../../protocol/wire/index.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { formatAge } from '../../format/time.js';
import { marginRatioText } from '../account/marginRatioText.js';
import { memoLast } from '../memo.js';

/** One profile's account as the overview lists it. */
export interface AccountOverviewRow {
  key: string;
  name: string;
  current: boolean;
  equity: string;
  upnl: string;
  upnlTone: ThemeToken;
  ratio: string;
  ratioTone: ThemeToken;
  orders: string;
  positions: string;
  /** The figures' age, or why there are none. */
  age: string;
  ageTone: ThemeToken;
}

const RATIO_TONE = { calm: 'ok', warn: 'warning', danger: 'error', unknown: 'muted' } as const;

function rowOf(l: AccountLine, current: string | undefined, configs: Configs | null, now: number): AccountOverviewRow {
  const coin = collateralCoin(configs);
  const s = l.summary;
  const ratio = s?.riskiest ? marginRatioText(s.riskiest) : { text: s ? '0.0%' : MISSING, level: s ? ('calm' as const) : ('unknown' as const) };
  return {
    key: l.name,
    name: l.name,
    current: l.name === current,
    equity: s ? formatMoney(s.equity, coin) : MISSING,
    upnl: s ? formatMoney(s.upnl, coin, { signed: true }) : MISSING,
    upnlTone: !s || s.upnl === 0n ? 'muted' : s.upnl > 0n ? 'up' : 'down',
    ratio: ratio.text,
    ratioTone: RATIO_TONE[ratio.level],
    orders: l.openOrders === undefined ? MISSING : String(l.openOrders),
    positions: l.positions === undefined ? MISSING : String(l.positions),
    age: l.error !== undefined ? l.error : l.lastOk === undefined ? 'waiting…' : formatAge(Math.max(0, now - l.lastOk)),
    ageTone: l.error !== undefined ? 'warning' : 'muted',
  };
}

/** Rebuilt when the watch's state, the configs or the second changes. */
export const accountOverviewRows = memoLast((state: AccountsState, current: string | undefined, configs: Configs | null, now: number): readonly AccountOverviewRow[] =>
  state.lines.map((l) => rowOf(l, current, configs, now)),
);
