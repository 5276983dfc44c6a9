import { memo } from 'react';
import { selectClockOffset, selectMarketState, selectSelectedContract } from '../../state/selectors.js';
import { formatTimeTo } from '../format/time.js';
import { useClock } from '../panes/useNow.js';
import type { AppState } from '../../state/types.js';
import { useApp, useAppState } from '../context/AppContext.js';
import { Bar } from './Bar.js';
import { headerSegments } from './headerSegments.js';

const NONE = -1;
const selectConfigsLoaded = (s: AppState) => s.market.configs !== null;
const selectedId = (s: AppState) => selectSelectedContract(s)?.contractId ?? NONE;

/** Contract, mark, index, last, funding (and the time to the next) and 24 h change; the mode badges on the right. */
export const Header = memo(function Header({ width }: { width: number }) {
  const { mode } = useApp();
  const contract = useAppState(selectSelectedContract);
  const id = useAppState(selectedId);
  const market = useAppState((s) => (id === NONE ? undefined : selectMarketState(id)(s)));
  const loaded = useAppState(selectConfigsLoaded);
  const offsetMs = useAppState(selectClockOffset) ?? 0;
  const next = market?.nextFundingTime;
  // The countdown on the exchange's clock, re-rendered only when its coarse figure changes.
  const fundingIn = useClock(1000, (now) => (next === undefined ? undefined : formatTimeTo(next, now + offsetMs)), next !== undefined);
  const segments = headerSegments({ contract, market, embedded: mode.embedded, readOnly: mode.readOnly, loaded, ...(fundingIn !== undefined ? { fundingIn } : {}) }, width);
  return <Bar segments={segments} width={width} base="header" />;
});
