import { memo, useMemo } from 'react';
import { settingNow } from '../../forms/specs/marginForms.js';
import { selectAccountSummary } from '../../state/accountSummary.js';
import { selectSelectedContract } from '../../state/selectors.js';
import type { AppState } from '../../state/types.js';
import { useApp, useAppState, useViewState } from '../context/AppContext.js';
import { collateralCoin } from '../panes/lookups.js';
import { accountStripSegments, type StripFocus } from './accountStripSegments.js';
import { Bar } from './Bar.js';

const selectRaw = (s: AppState) => s.account.raw;
const selectPositions = (s: AppState) => s.account.positions;
const selectConfigs = (s: AppState) => s.market.configs;

/** The account at a glance, one line under the header: see accountStripSegments. */
export const AccountStrip = memo(function AccountStrip({ width }: { width: number }) {
  const { mode, profiles } = useApp();
  const summary = useAppState(selectAccountSummary);
  const raw = useAppState(selectRaw);
  const positions = useAppState(selectPositions);
  const configs = useAppState(selectConfigs);
  const contract = useAppState(selectSelectedContract);
  const leverageOf = useViewState((s) => s.leverageOf);
  const focus = useMemo((): StripFocus | undefined => {
    if (!raw || !contract) return undefined;
    return { contract: contract.name, ...settingNow({ account: raw, positions, leverageOf }, contract) };
  }, [raw, positions, leverageOf, contract]);
  const coin = collateralCoin(configs);
  const segments = accountStripSegments({ summary, coin, focus, address: mode.address, watching: mode.readOnly, profile: profiles?.current }, width);
  return <Bar segments={segments} width={width} base="header" />;
});
