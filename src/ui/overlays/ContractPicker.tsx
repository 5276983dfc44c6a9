import { memo, useEffect, useMemo } from 'react';
import type { AppState } from '../../state/types.js';
import { selectActiveContractNames, selectSelectedName } from '../../state/selectors.js';
import { useApp, useAppState, useViewState } from '../context/AppContext.js';
import { PickerList } from './PickerList.js';
import { contractPickerItems, pickerFigureText, PICKER_SORT_WORDS } from './pickerFigures.js';

const selectMarketStates = (s: AppState) => s.market.marketStates;
const selectContracts = (s: AppState) => s.market.contracts;

/**
 * `p` — the Active contracts, each with its mark, 24 h change, 24 h volume and funding (read
 * for every contract while the picker is open); type to filter, Tab orders them, Enter
 * switches.
 */
export const ContractPicker = memo(function ContractPicker({ screenWidth, screenHeight }: { screenWidth: number; screenHeight: number }) {
  const { session } = useApp();
  const names = useAppState(selectActiveContractNames);
  const current = useAppState(selectSelectedName);
  const states = useAppState(selectMarketStates);
  const contracts = useAppState(selectContracts);
  const query = useViewState((s) => s.overlayQuery);
  const cursor = useViewState((s) => s.overlayCursor);
  const sort = useViewState((s) => s.pickerSort);
  // Every Active contract's market state while the picker is open, not only the one shown.
  useEffect(() => session?.watchMarkets(), [session]);
  const width = Math.max(...names.map((n) => n.length), 6);
  const rows = useMemo(() => {
    return contractPickerItems(query, { contracts, marketStates: states }, sort).map((name) => {
      const c = contracts[name];
      const figures = c ? pickerFigureText(c, states[c.contractId]) : '';
      return { key: name, label: `${name.padEnd(width)} ${figures}`, current: name === current, ...(name === current ? { note: '(current)' } : {}) };
    });
  }, [query, contracts, states, sort, current, width]);
  return (
    <PickerList
      screenWidth={screenWidth}
      screenHeight={screenHeight}
      title="Contract"
      info={`Active · Tab ${PICKER_SORT_WORDS[sort]}`}
      width={width + 62}
      total={names.length}
      query={query}
      cursor={cursor}
      rows={rows}
      empty={{ none: 'no Active contract yet', noMatch: 'no contract matches' }}
    />
  );
});
