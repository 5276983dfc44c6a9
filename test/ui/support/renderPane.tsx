import type { ComponentType } from 'react';
import { render } from 'ink-testing-library';
import { AppContext, type AppContextValue } from '../../../src/ui/context/AppContext.js';
import { createViewStore, type ViewState, type ViewStore } from '../../../src/ui/view/viewStore.js';
import type { AppStore } from '../../../src/state/store.js';
import type { HistoryReader } from '../../../src/session/historyReader.js';
import type { PaneProps } from '../../../src/ui/panes/paneProps.js';

export interface RenderedPane {
  frame(): string;
  lines(): string[];
  rerender(props: Partial<PaneProps>): void;
  view: ViewStore;
  store: AppStore;
  unmount(): void;
}

/** Mounts one pane over a store, as the app shell would. ink-testing-library is 100 columns wide. */
export function renderPane(
  Pane: ComponentType<PaneProps>,
  store: AppStore,
  props: PaneProps,
  opts: { view?: Partial<ViewState>; staleAfterMs?: Record<string, number>; history?: HistoryReader } = {},
): RenderedPane {
  const view = createViewStore(opts.view);
  const ctx: AppContextValue = {
    store,
    view,
    session: null,
    mode: { readOnly: false, embedded: true, signer: 'agent', address: null },
    staleAfterMs: opts.staleAfterMs ?? {},
    ...(opts.history ? { history: opts.history } : {}),
  };
  let current = props;
  const tree = (p: PaneProps) => (
    <AppContext.Provider value={ctx}>
      <Pane {...p} />
    </AppContext.Provider>
  );
  const r = render(tree(current));
  return {
    frame: () => r.lastFrame() ?? '',
    lines: () => (r.lastFrame() ?? '').split('\n'),
    rerender(p) {
      current = { ...current, ...p };
      r.rerender(tree(current));
    },
    view,
    store,
    unmount: r.unmount,
  };
}

/** Lets ink flush a store update into a new frame. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
