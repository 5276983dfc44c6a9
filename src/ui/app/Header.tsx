import { memo } from 'react';
import { selectMarketState, selectSelectedContract } from '../../state/selectors.js';
import type { AppState } from '../../state/types.js';
import { useApp, useAppState } from '../context/AppContext.js';
import { Bar } from './Bar.js';
import { headerSegments } from './headerSegments.js';

const NONE = -1;
const selectConfigsLoaded = (s: AppState) => s.market.configs !== null;
const selectedId = (s: AppState) => selectSelectedContract(s)?.contractId ?? NONE;

/** Contract, mark, index, last, funding and 24 h change; the mode badges on the right. */
export const Header = memo(function Header({ width }: { width: number }) {
  const { mode } = useApp();
  const contract = useAppState(selectSelectedContract);
  const id = useAppState(selectedId);
  const market = useAppState((s) => (id === NONE ? undefined : selectMarketState(id)(s)));
  const loaded = useAppState(selectConfigsLoaded);
  const segments = headerSegments({ contract, market, embedded: mode.embedded, readOnly: mode.readOnly, loaded }, width);
  return <Bar segments={segments} width={width} base="header" />;
});
