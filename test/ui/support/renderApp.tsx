import { render, type Instance } from 'ink';
import { DEFAULT_BINDINGS, type Binding } from '../../../src/keymap/index.js';
import type { Session } from '../../../src/session/index.js';
import type { AppStore } from '../../../src/state/store.js';
import { App } from '../../../src/ui/app/App.js';
import type { DeskAlerts } from '../../../src/ui/alerts/deskAlerts.js';
import type { HistoryReader } from '../../../src/session/historyReader.js';
import type { AppContextValue } from '../../../src/ui/context/AppContext.js';
import { listThemes } from '../../../src/ui/theme/loadTheme.js';
import { createViewStore, type ViewState, type ViewStore } from '../../../src/ui/view/viewStore.js';
import { fullStore } from './paneFixtures.js';
import { createVirtualTerminal, type VirtualTerminal } from './virtualTerminal.js';
import { screenStore } from '../../../src/ui/view/screenStore.js';

export interface RenderedApp {
  vt: VirtualTerminal;
  store: AppStore;
  view: ViewStore;
  instance: Instance;
  quits: () => number;
  unmount(): void;
}

export interface RenderAppOptions {
  cols: number;
  rows: number;
  store?: AppStore;
  view?: Partial<ViewState>;
  mode?: Partial<AppContextValue['mode']>;
  /** The screen's history reader (the History, Funding and PnL panes); without it they say nothing is recorded. */
  history?: HistoryReader;
  bindings?: readonly Binding[];
  session?: Session | null;
  /** The account's alert rules (the Alerts pane, the alert keys and forms). */
  alerts?: DeskAlerts;
  /** The stream ink draws to, made from the virtual terminal's (as runDashboard wraps its own). */
  stdout?: (s: VirtualTerminal['stdout']) => VirtualTerminal['stdout'];
}

/** The whole dashboard in a virtual terminal, over a store filled from fixtures. */
export function renderApp(o: RenderAppOptions): RenderedApp {
  const vt = createVirtualTerminal(o.cols, o.rows);
  const store = o.store ?? fullStore();
  const view = createViewStore(o.view);
  let quits = 0;
  const ctx: AppContextValue = {
    // The session's store as this screen sees it (its own contract in view), as mountDashboard builds it.
    store: screenStore(store, view),
    view,
    session: o.session ?? null,
    mode: { readOnly: false, embedded: true, signer: 'agent', address: '0x1111111111111111111111111111111111111111', ...o.mode },
    staleAfterMs: {},
    ...(o.history ? { history: o.history } : {}),
    ...(o.alerts ? { alerts: o.alerts, stateDir: o.alerts.stateDir } : {}),
  };
  const instance = render(
    <App ctx={ctx} bindings={o.bindings ?? DEFAULT_BINDINGS} level="truecolor" themeNames={listThemes()} onQuit={() => (quits += 1)} />,
    { stdout: o.stdout ? o.stdout(vt.stdout) : vt.stdout, stdin: vt.stdin, stderr: vt.stdout, exitOnCtrlC: false, patchConsole: false, maxFps: 30 },
  );
  return {
    vt,
    store,
    view,
    instance,
    quits: () => quits,
    unmount() {
      instance.unmount();
      instance.cleanup();
      vt.dispose();
    },
  };
}
