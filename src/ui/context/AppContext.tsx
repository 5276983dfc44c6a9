import type { DeskAlerts } from '../alerts/deskAlerts.js';
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AgentHandover } from '../app/agentHandover.js';
import type { AlgoBoard } from '../../algo/algoBoard.js';
import type { AccountsWatch } from '../../session/accountsWatch.js';
import type { HistoryReader } from '../../session/historyReader.js';
import type { BookHeat } from '../panes/heatmap/bookHeat.js';
import type { Session } from '../../session/index.js';
import type { FormSettings } from '../../forms/context.js';
import type { AppState } from '../../state/types.js';
import type { AppStore } from '../../state/store.js';
import type { ViewState, ViewStore } from '../view/viewStore.js';

/**
 * What every pane and overlay may reach: the market/account store (read-only for panes),
 * the view store, the live session (null in component tests), and the run mode.
 */
export interface AppContextValue {
  store: AppStore;
  view: ViewStore;
  session: Session | null;
  mode: {
    readOnly: boolean;
    embedded: boolean;
    signer: 'agent' | 'master' | 'none';
    address: string | null;
    /** Why a write is refused, when it is not the session's own monitor mode (a read-only SSH key). */
    readOnlyWhy?: string;
  };
  /** Staleness thresholds per pane in ms (config file `staleAfterMs`). */
  staleAfterMs: Readonly<Record<string, number>>;
  /** Config file's confirm policy, guards, alerts and default sizes (the forms obey them). */
  settings?: FormSettings;
  /** Where generated agent keystores are saved (`<stateDir>/agents/`). */
  stateDir?: string;
  /**
   * Puts text on the clipboard of the terminal this dashboard draws to (OSC 52 on its output
   * stream; each SSH viewer gets its own); throws with the reason when it cannot. Absent where
   * no terminal is attached (component tests).
   */
  clipboard?: (text: string) => void;
  /** The account's alert rules, evaluated once for every screen of the process. */
  alerts?: DeskAlerts;
  /** The execution algos of the state directory: run by this process, or watched while another runs them. */
  algos?: AlgoBoard;
  /** The config file's profiles and the way to another one (the local dashboard only). */
  profiles?: ProfileChoice;
  /** Every profile's account at a glance (the accounts overview). */
  accounts?: AccountsWatch;
  /** A generated agent key on its way to signing this session (the local dashboard only). */
  agentSwitch?: AgentHandover;
  /** Quitting this screen ends the process, pausing the algos it runs (the local dashboard; a serve viewer's q leaves them running). */
  quitPausesAlgos?: boolean;
  /** This screen's reader of the session's history store (the History, Funding and PnL panes). */
  history?: HistoryReader;
  /** This screen's book over time, sampled off the render path (the Heatmap pane). */
  bookHeat?: BookHeat;
}

/** One profile as the switcher lists it: nothing here is a key. */
export interface ProfileLine {
  name: string;
  /** `embedded` or the deployment's host. */
  target: string;
  /** Shortened account address, or `demo account`. */
  account: string;
  mode: 'trading' | 'read-only';
}

export interface ProfileChoice {
  lines: readonly ProfileLine[];
  current: string | undefined;
  /** Closes this account's session and opens the named profile's; the refusal in words, when it cannot. */
  switchTo(name: string): string | undefined;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const ctx = useContext(AppContext);
  if (!ctx) throw new Error('useApp outside <AppContext.Provider>');
  return ctx;
}

/** Select from the app store; the selector must return a primitive or a stable reference. */
export function useAppState<T>(selector: (s: AppState) => T): T {
  return useStore(useApp().store, selector);
}

export function useViewState<T>(selector: (s: ViewState) => T): T {
  return useStore(useApp().view, selector);
}
