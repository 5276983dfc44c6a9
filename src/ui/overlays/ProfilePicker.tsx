import { memo, useMemo, useSyncExternalStore } from 'react';
import type { AccountsState } from '../../session/accountsWatch.js';
import { useApp, useAppState, useViewState } from '../context/AppContext.js';
import { accountOverviewRows } from '../panes/accounts/accountRows.js';
import { useNow } from '../panes/useNow.js';
import { profileItems } from './overlayLists.js';
import { PickerList } from './PickerList.js';

const NONE: AccountsState = { version: 0, lines: [] };
const never = () => () => {};

/** `P` — the config file's profiles: target, account, trading or read-only, equity and its age; Enter switches to one. */
export const ProfilePicker = memo(function ProfilePicker({ screenWidth, screenHeight }: { screenWidth: number; screenHeight: number }) {
  const app = useApp();
  const profiles = app.profiles;
  const watch = app.accounts;
  const accounts = useSyncExternalStore(watch?.subscribe ?? never, watch?.snapshot ?? (() => NONE));
  const configs = useAppState((s) => s.market.configs);
  const now = useNow(1000);
  const query = useViewState((s) => s.overlayQuery);
  const cursor = useViewState((s) => s.overlayCursor);
  const lines = profiles?.lines ?? [];
  const figures = accountOverviewRows(accounts, profiles?.current, configs, now);
  const rows = useMemo(
    () =>
      profileItems(query, lines).map((l) => {
        const f = figures.find((r) => r.name === l.name);
        const equity = f ? ` · equity ${f.equity} (${f.age})` : '';
        return { key: l.name, label: l.name, current: l.name === profiles?.current, note: `${l.target} · ${l.account} · ${l.mode}${equity}${l.name === profiles?.current ? ' · current' : ''}` };
      }),
    [query, lines, figures, profiles?.current],
  );
  return (
    <PickerList
      screenWidth={screenWidth}
      screenHeight={screenHeight}
      title="Profile"
      info="switch account"
      width={96}
      total={lines.length}
      query={query}
      cursor={cursor}
      rows={rows}
      empty={{ none: 'no profiles in the config file', noMatch: 'no profile matches' }}
    />
  );
});
