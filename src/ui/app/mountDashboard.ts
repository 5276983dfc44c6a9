import { HistoryReader } from '../../session/historyReader.js';
import { BookHeat } from '../panes/heatmap/bookHeat.js';
import { createElement } from 'react';
import { render, type Instance } from 'ink';
import type { AlgoBoard } from '../../algo/algoBoard.js';
import type { FormSettings } from '../../forms/context.js';
import type { Binding } from '../../keymap/index.js';
import type { Session } from '../../session/index.js';
import type { SessionEvent } from '../../session/createSession.js';
import type { AccountsWatch } from '../../session/accountsWatch.js';
import { startAlerts } from '../alerts/alerts.js';
import { screenAlerts, type DeskAlerts } from '../alerts/deskAlerts.js';
import { osc52Clipboard } from '../clipboard/osc52.js';
import type { AppContextValue, ProfileChoice } from '../context/AppContext.js';
import { DiffingStdout } from '../render/DiffingStdout.js';
import { frameBudgetFps, inputFrames } from '../render/frameBudget.js';
import type { ColorLevel } from '../theme/tokens.js';
import { whileAgentNotRevoked } from '../view/noticeHolds.js';
import { screenContract, screenStore } from '../view/screenStore.js';
import { view, type ViewStore } from '../view/viewStore.js';
import { App } from './App.js';
import type { AgentHandover } from './agentHandover.js';

/**
 * One screen of the dashboard over a session: its own view (the contract in view, focus,
 * forms, theme, filters), keys and terminal, over the session's shared store and algo
 * board. The local dashboard mounts one on the process's terminal; `perpdesk serve` mounts
 * one per SSH viewer.
 */

/** What every screen of one process shares: the session and the settings it was started with. */
export interface DashboardCore {
  session: Session;
  settings: FormSettings;
  bindings: readonly Binding[];
  level: ColorLevel;
  themeNames: readonly string[];
  themeDirs: readonly string[];
  staleAfterMs: Readonly<Record<string, number>>;
  stateDir: string;
  algos: AlgoBoard;
  /** The account's alert rules, evaluated once for every screen (none in tests that build a core by hand). */
  alerts?: DeskAlerts;
}

export interface ScreenIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  viewStore: ViewStore;
  /** This screen may not trade (a read-only SSH key), whatever keys the session holds; `readOnlyWhy` says so on a refused key. */
  readOnly?: boolean;
  readOnlyWhy?: string;
  /** The session as this screen signs through it (an SSH viewer's journal lines name its key). */
  session?: Session;
  /** Where the bell and OSC 52 go: the terminal this screen draws to (default `stdout`). */
  terminalWrite?: (data: string) => void;
  /** Route console.* above the frame (the process's own terminal only). */
  patchConsole?: boolean;
  /** Show the session's notices (default): false where the caller subscribed before the screen was up. */
  sessionEvents?: boolean;
  /** The config's profiles and the way to another (the local dashboard). */
  profiles?: ProfileChoice;
  accounts?: AccountsWatch;
  /** Where a generated and approved agent key goes to sign this session (the local dashboard). */
  agentSwitch?: AgentHandover;
  /** Quitting this screen ends the process and pauses its running algos (the local dashboard): q asks first. */
  quitPausesAlgos?: boolean;
}

export interface MountedScreen {
  instance: Instance;
  /** The changed-cells writer in front of `stdout`, unless PERPDESK_RENDERER=ink. */
  diffOut: DiffingStdout | undefined;
  /** Resolves when the user quits this screen (q), `end()` is called, or ink ends it. */
  quit: Promise<void>;
  /** Ends the screen as a quit does (a profile switch). */
  end(): void;
  /** Unmounts and stops what the screen started (its alerts and notices); the session stays. */
  unmount(): void;
}

/**
 * ink renders at most this often. ink's throttle (30 a second by default) is there to merge
 * bursts of updates, which the feed's coalescer already merges (a batch every 100 ms at
 * most), so here it only delayed keys: one pressed just after a data frame waited up to
 * 33 ms for its own. A frame costs a few ms; the bench's keypress row shows the effect.
 * A key's frame does not wait for the throttle at all (`inputFrames`, frameBudget.ts).
 */
const MAX_FPS = 250;

/**
 * A screen's frames a second: MAX_FPS, less for a big screen so that the cells it draws a
 * second stay within src/ui/render/frameBudget.ts's budget (a 500x200 SSH viewer draws at
 * most 6 frames a second, a 120x40 one 125). ink asks at every render (`frameRate`, added
 * to ink by scripts/patchInk.mjs), so a screen that opens small and then grows draws at the
 * rate of its new size.
 */
function screenFps(stdout: NodeJS.WriteStream): number {
  return frameBudgetFps(stdout.columns || 80, stdout.rows || 24, MAX_FPS);
}

/** What a session's notice does to a screen's status bar. */
export function eventsTo(viewStore: ViewStore): (e: SessionEvent) => void {
  return (e) => {
    if (e.type === 'progress') view.setProgress(viewStore, e.step);
    else view.notify(viewStore, e.text, e.tone, Date.now(), e.agent ? whileAgentNotRevoked(e.agent) : undefined);
  };
}

/** Session notices on a screen's status bar (each screen shows them on its own). */
function showEvents(session: Session, viewStore: ViewStore): () => void {
  return session.onEvent(eventsTo(viewStore));
}

/**
 * Keeps the session subscribed to what this screen shows: the contract in view and the one
 * its open form is on (they differ once the screen moves on under a form). Held while the
 * screen is mounted, released as it moves on or goes; a contract not Active yet (configs
 * still loading) is held once it is.
 */
function holdShown(session: Session, viewStore: ViewStore): () => void {
  const holds = new Map<string, () => void>();
  const sync = () => {
    const wanted = new Set<string>();
    const inView = screenContract(session.store, viewStore);
    if (inView !== null) wanted.add(inView);
    const onForm = viewStore.getState().form?.captured.contract;
    if (onForm !== undefined) wanted.add(onForm);
    for (const [name, release] of holds) {
      if (wanted.has(name)) continue;
      release();
      holds.delete(name);
    }
    for (const name of wanted) {
      if (holds.has(name)) continue;
      const r = session.holdContract(name);
      if (r.ok) holds.set(name, r.value.release);
    }
  };
  sync();
  const stopView = viewStore.subscribe((v, prev) => {
    if (v.contract !== prev.contract || v.form?.captured.contract !== prev.form?.captured.contract) sync();
  });
  const stopStore = session.store.subscribe((s, prev) => {
    if (s.market.contracts !== prev.market.contracts || s.market.selected !== prev.market.selected) sync();
  });
  return () => {
    stopView();
    stopStore();
    for (const release of holds.values()) release();
    holds.clear();
  };
}

export function mountDashboard(core: DashboardCore, io: ScreenIo): MountedScreen {
  const session = io.session ?? core.session;
  const viewStore = io.viewStore;
  const write = io.terminalWrite ?? ((data: string) => void io.stdout.write(data));
  const readOnly = core.session.readOnly || io.readOnly === true;
  const stopHolding = holdShown(core.session, viewStore);
  // Read on timers and after fills, never in a render; one per screen, closed with it.
  const history = new HistoryReader(session.history?.store, session.store);
  // The screen's contract in view.
  const store = screenStore(session.store, viewStore);
  // The heatmap's columns: sampled on book changes and the clock's tick, kept while the pane is behind a tab.
  const bookHeat = new BookHeat(store);
  const ctx: AppContextValue = {
    // The session's store with this screen's own contract in view.
    store,
    view: viewStore,
    session,
    mode: {
      readOnly,
      embedded: session.embedded,
      signer: readOnly ? 'none' : session.signer,
      address: session.address,
      ...(readOnly && !core.session.readOnly && io.readOnlyWhy ? { readOnlyWhy: io.readOnlyWhy } : {}),
    },
    staleAfterMs: core.staleAfterMs,
    settings: core.settings,
    stateDir: core.stateDir,
    // OSC 52 moves no cursor either: it goes to the terminal between two frames, like the bell.
    clipboard: osc52Clipboard(write),
    algos: core.algos,
    ...(core.alerts ? { alerts: core.alerts } : {}),
    ...(io.profiles ? { profiles: io.profiles } : {}),
    ...(io.accounts ? { accounts: io.accounts } : {}),
    ...(io.agentSwitch && !readOnly ? { agentSwitch: io.agentSwitch } : {}),
    ...(io.quitPausesAlgos ? { quitPausesAlgos: true } : {}),
    history,
    bookHeat,
  };
  const stopEvents = io.sessionEvents === false ? () => {} : showEvents(core.session, viewStore);
  // BEL between frames moves no cursor, so it cannot disturb ink's drawing.
  const stopAlerts = startAlerts({ store: session.store, view: viewStore, settings: core.settings.alerts, bell: () => write('\x07'), algos: core.algos });
  // The account's rules: in this screen's status bar, and OSC 9 / 777 on its own terminal.
  const stopRuleAlerts = core.alerts
    ? screenAlerts(core.alerts, { viewStore, write })
    : () => {};
  // Changed-cells output (src/ui/render) unless PERPDESK_RENDERER=ink asks for ink's own
  // full-frame writes, the benchmark's baseline (docs/performance.md).
  const diffOut = process.env['PERPDESK_RENDERER'] === 'ink' ? undefined : new DiffingStdout(io.stdout);
  // A key's frame is drawn at once, not when ink's throttle next allows (frameBudget.ts).
  const keyFrames = diffOut ? inputFrames(io.stdin, () => screenFps(io.stdout)) : undefined;
  let quit: () => void = () => {};
  const quitting = new Promise<void>((resolve) => (quit = resolve));
  const instance = render(
    createElement(App, { ctx, bindings: core.bindings, level: core.level, themeNames: core.themeNames, themeDirs: core.themeDirs, onQuit: () => quit() }),
    {
      stdin: io.stdin,
      ...(io.stderr ? { stderr: io.stderr } : {}),
      exitOnCtrlC: false,
      patchConsole: io.patchConsole ?? false,
      maxFps: diffOut ? screenFps(io.stdout) : 30,
      ...(keyFrames ? { frameRate: () => screenFps(io.stdout), frameNow: keyFrames.frameNow } : {}),
      stdout: diffOut ? (diffOut as unknown as NodeJS.WriteStream) : io.stdout,
    },
  );
  let unmounted = false;
  return {
    instance,
    diffOut,
    quit: Promise.race([quitting, instance.waitUntilExit().then(() => undefined)]),
    end: () => quit(),
    unmount() {
      if (unmounted) return;
      unmounted = true;
      try {
        instance.unmount();
      } catch {
        // Already unmounted or half torn down: what follows still has to run.
      }
      keyFrames?.stop();
      diffOut?.flush();
      diffOut?.detach();
      stopEvents();
      stopAlerts();
      stopRuleAlerts();
      stopHolding();
      history.close();
      bookHeat.close();
    },
  };
}
