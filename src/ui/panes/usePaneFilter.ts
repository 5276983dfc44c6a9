import { useViewState } from '../context/AppContext.js';
import { filterQueryOf, isTypingFilter } from '../view/viewStore.js';
import type { PaneFilterState } from './filterTitle.js';
import type { FilterPane } from './selection.js';

/** The `/` filter narrowing a list pane now: the line being typed, else the one kept. */
export function usePaneFilter(pane: FilterPane): PaneFilterState {
  const query = useViewState((s) => filterQueryOf(s, pane));
  const typing = useViewState((s) => isTypingFilter(s, pane));
  return { query, typing };
}
