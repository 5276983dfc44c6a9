import { memo, useMemo } from 'react';
import { selectActiveContractNames, selectSelectedName } from '../../state/selectors.js';
import { useAppState, useViewState } from '../context/AppContext.js';
import { pickerItems } from './overlayLists.js';
import { PickerList } from './PickerList.js';

/** `p` — the Active contracts by name; type to filter, Enter switches. */
export const ContractPicker = memo(function ContractPicker({ screenWidth, screenHeight }: { screenWidth: number; screenHeight: number }) {
  const names = useAppState(selectActiveContractNames);
  const current = useAppState(selectSelectedName);
  const query = useViewState((s) => s.overlayQuery);
  const cursor = useViewState((s) => s.overlayCursor);
  const rows = useMemo(
    () => pickerItems(query, names).map((name) => ({ key: name, label: name, current: name === current, ...(name === current ? { note: '(current)' } : {}) })),
    [query, names, current],
  );
  return (
    <PickerList
      screenWidth={screenWidth}
      screenHeight={screenHeight}
      title="Contract"
      info="Active only"
      width={44}
      total={names.length}
      query={query}
      cursor={cursor}
      rows={rows}
      empty={{ none: 'no Active contract yet', noMatch: 'no contract matches' }}
    />
  );
});
