import { memo, useMemo } from 'react';
import { useApp, useViewState } from '../context/AppContext.js';
import { profileItems } from './overlayLists.js';
import { PickerList } from './PickerList.js';

/** `P` — the config file's profiles: target, account, trading or read-only; Enter switches to one. */
export const ProfilePicker = memo(function ProfilePicker({ screenWidth, screenHeight }: { screenWidth: number; screenHeight: number }) {
  const profiles = useApp().profiles;
  const query = useViewState((s) => s.overlayQuery);
  const cursor = useViewState((s) => s.overlayCursor);
  const lines = profiles?.lines ?? [];
  const rows = useMemo(
    () =>
      profileItems(query, lines).map((l) => ({
        key: l.name,
        label: l.name,
        current: l.name === profiles?.current,
        note: `${l.target} · ${l.account} · ${l.mode}${l.name === profiles?.current ? ' (current)' : ''}`,
      })),
    [query, lines, profiles?.current],
  );
  return (
    <PickerList
      screenWidth={screenWidth}
      screenHeight={screenHeight}
      title="Profile"
      info="switch account"
      width={72}
      total={lines.length}
      query={query}
      cursor={cursor}
      rows={rows}
      empty={{ none: 'no profiles in the config file', noMatch: 'no profile matches' }}
    />
  );
});
