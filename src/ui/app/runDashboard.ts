import { createElement } from 'react';
import { render, type Instance } from 'ink';
import { applyOverrides } from '../../keymap/index.js';
import { createSession, openTarget, resolveContract, StartupError, type Session, type Target } from '../../session/index.js';
import { pickContract } from '../../session/target.js';
import { takeTerminal } from '../../startup/terminal.js';
import { mouseEnabled } from '../../startup/config.js';
import { MouseStdin } from '../input/mouseStdin.js';
import { DiffingStdout } from '../render/DiffingStdout.js';
import { installFastAssembly } from '../render/installFastAssembly.js';
import { KeySourceError } from '../../wallet/index.js';
import type { FormSettings } from '../../forms/context.js';
import { startAlerts } from '../alerts/alerts.js';
import type { Prepared } from '../prepared.js';
import { applyColorLevel } from '../theme/applyColorLevel.js';
import { detectColorLevel } from '../theme/colorLevel.js';
import { DEFAULT_THEME, listThemes } from '../theme/loadTheme.js';
import { osc52Clipboard } from '../clipboard/osc52.js';
import { loadRememberedView, rememberView, startContract, startTheme } from '../view/rememberedView.js';
import { whileAgentNotRevoked } from '../view/noticeHolds.js';
import { createViewStore, view, type ViewStore } from '../view/viewStore.js';
import { App } from './App.js';
import type { AppContextValue } from '../context/AppContext.js';

/**
 * The dashboard's life: the target (embedded exchange, --url deployment or monitor mode),
 * the session, the full screen until the user quits, and the terminal given back on every
 * way out.
 */

/** Data older than this (ms) marks a pane stale unless the config file says otherwise. */
export const DEFAULT_STALE_AFTER_MS: Readonly<Record<string, number>> = { book: 10_000, candles: 180_000, account: 10_000, agents: 60_000 };

/** Test hook: throw an uncaught error this many ms after the dashboard is up (checks the crash path). */
export const CRASH_HOOK_ENV = 'PERPDESK_CRASH_AFTER_MS';

const CANDLE_BASE_INTERVAL = '1m';

/**
 * ink renders at most this often. ink's throttle (30 a second by default) is there to merge
 * bursts of updates, which the feed's coalescer already merges (a batch every 100 ms at
 * most), so here it only delayed keys: one pressed just after a data frame waited up to
 * 33 ms for its own. A frame costs a few ms; the bench's keypress row shows the effect.
 */
const MAX_FPS = 250;

function fail(message: string, code: number): number {
  process.stderr.write(`perpdesk: ${message}\n`);
  return code;
}

function userError(e: unknown): { message: string; code: number } | undefined {
  if (e instanceof StartupError) return { message: e.message, code: e.exitCode };
  if (e instanceof KeySourceError) return { message: e.message, code: 2 };
  return undefined;
}

/**
 * `PERPDESK_FLUSH_MS` sets the coalescer's flush interval; 0 is the benchmark's naive baseline
 * (one store update per WebSocket message). Documented in docs/performance.md.
 */
function benchSwitches(env: NodeJS.ProcessEnv): { flushMs?: number } {
  const flush = env['PERPDESK_FLUSH_MS'];
  return flush !== undefined && /^\d{1,5}$/.test(flush) ? { flushMs: Number(flush) } : {};
}

/** Waits at most `ms` for a clean-up step, so a stuck socket cannot keep the terminal hostage. */
async function bounded(p: Promise<unknown>, ms = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p.catch(() => {}), new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

/** Session notices on the status bar: the embedded exchange's onboarding ends there. */
function showEvents(session: Session, viewStore: ViewStore): () => void {
  return session.onEvent((e) => {
    if (e.type === 'progress') view.setProgress(viewStore, e.step);
    else view.notify(viewStore, e.text, e.tone, Date.now(), e.agent ? whileAgentNotRevoked(e.agent) : undefined);
  });
}

export async function runDashboard(p: Prepared): Promise<number> {
  const { args, config, stateDir, themeDirs } = p;
  const level = detectColorLevel(process.env, args.noColor ? ['--no-color'] : []);
  applyColorLevel(level);
  const keymap = applyOverrides(config.keymap);
  const viewStore = createViewStore({ chartInterval: CANDLE_BASE_INTERVAL });

  let opened: Target;
  let contractName: string;
  try {
    opened = await openTarget({ ...args, url: args.url ?? config.url, ws: args.ws ?? config.ws, advertise: true }, stateDir, {
      onProgress: (step) => view.setProgress(viewStore, step),
      log: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (e) {
    const u = userError(e);
    if (!u) throw e;
    return fail(u.message, u.code);
  }
  // Read once openTarget has found the state directory private, as every state file is.
  const remembered = loadRememberedView(stateDir);
  const themeName = startTheme({ flag: args.theme, remembered: remembered.view.theme, config: config.theme }, listThemes(themeDirs), DEFAULT_THEME);
  view.setTheme(viewStore, themeName);
  try {
    const url = opened.target.url;
    // The embedded exchange's contracts were read as it started: no request for them again.
    const known = opened.target.embedded?.initial?.configs.contracts;
    const resolve = async (wanted: string | undefined) => (known ? pickContract(known, wanted) : resolveContract(url, wanted));
    contractName = await startContract(resolve, { flag: args.contract, remembered: remembered.view.contract, config: config.contract });
  } catch (e) {
    await bounded(opened.target.embedded?.close() ?? Promise.resolve());
    const u = userError(e);
    if (!u) throw e;
    return fail(u.message, u.code);
  }

  const session = createSession(opened.target, opened.keys, {
    contractName,
    stateDir,
    face: 'dashboard',
    candleInterval: CANDLE_BASE_INTERVAL,
    ...(config.poll ? { poll: config.poll } : {}),
    ...benchSwitches(process.env),
  });
  const stopEvents = showEvents(session, viewStore);
  const warnings = [...opened.warnings, ...keymap.errors, ...remembered.warnings];
  if (warnings.length > 0) {
    // Also on the plain terminal, where it stays in the scrollback after the screen is gone.
    for (const w of warnings) process.stderr.write(`perpdesk: warning: ${w}\n`);
    view.notify(viewStore, warnings.join(' · '), 'warning');
  }

  const settings: FormSettings = { confirm: config.confirm, guards: config.guards, alerts: config.alerts, defaultSize: config.defaultSize };
  const ctx: AppContextValue = {
    store: session.store,
    view: viewStore,
    session,
    mode: { readOnly: session.readOnly, embedded: session.embedded, signer: session.signer, address: session.address },
    staleAfterMs: { ...DEFAULT_STALE_AFTER_MS, ...config.staleAfterMs },
    settings,
    stateDir,
    // OSC 52 moves no cursor either: it goes to the terminal between two frames, like the bell.
    clipboard: osc52Clipboard((data) => process.stdout.write(data)),
  };
  const remembering = rememberView({
    stateDir,
    store: session.store,
    view: viewStore,
    initial: { theme: themeName, contract: contractName },
    onError: (message) => view.notify(viewStore, message, 'warning'),
  });
  // BEL between frames moves no cursor, so it cannot disturb ink's drawing.
  const stopAlerts = startAlerts({ store: session.store, view: viewStore, settings: config.alerts, bell: () => process.stdout.write('\x07') });

  // Registered before takeTerminal's crash handler, so ink stops drawing before the screen is
  // given back: ink's own exit hook would otherwise paint its last frame over the message.
  let instanceRef: Instance | undefined;
  const stopDrawing = () => {
    try {
      instanceRef?.unmount();
    } catch {
      // Already unmounted or half torn down: the terminal restore still matters.
    }
  };
  process.on('uncaughtException', stopDrawing);
  process.on('unhandledRejection', stopDrawing);
  const guard = takeTerminal();
  // Mouse reports are taken out of stdin before ink parses keys. Reporting is on while ink's
  // input is in raw mode, so a report is read, never echoed; the guard turns it off on exit.
  const mouseIn = mouseEnabled(config, args) ? new MouseStdin(process.stdin, { onRawMode: (raw) => guard.setMouse(raw) }) : undefined;
  // Changed-cells output (src/ui/render) unless PERPDESK_RENDERER=ink asks for ink's own
  // full-frame writes, the benchmark's baseline (docs/performance.md).
  const diffOut = process.env['PERPDESK_RENDERER'] === 'ink' ? undefined : new DiffingStdout(process.stdout);
  // Same cells as ink's own frame assembly, a fraction of the CPU; ink's stays on failure.
  const fastAssembly = diffOut ? await installFastAssembly() : undefined;
  let quit: () => void = () => {};
  const quitting = new Promise<void>((resolve) => (quit = resolve));
  const instance = render(
    createElement(App, {
      ctx,
      bindings: keymap.bindings,
      level,
      themeNames: listThemes(themeDirs),
      themeDirs,
      onQuit: () => quit(),
    }),
    {
      exitOnCtrlC: false,
      patchConsole: true,
      maxFps: diffOut ? MAX_FPS : 30,
      ...(diffOut ? { stdout: diffOut as unknown as NodeJS.WriteStream } : {}),
      ...(mouseIn ? { stdin: mouseIn as unknown as NodeJS.ReadStream } : {}),
    },
  );
  instanceRef = instance;

  const crashAfter = Number(process.env[CRASH_HOOK_ENV]);
  if (Number.isFinite(crashAfter) && crashAfter > 0) {
    setTimeout(() => {
      throw new Error(`crash requested by ${CRASH_HOOK_ENV} (test hook)`);
    }, crashAfter);
  }

  let code = 0;
  try {
    await Promise.race([quitting, instance.waitUntilExit()]);
  } catch (e) {
    // A render error: ink has unmounted; say what happened once the screen is back.
    code = 70;
    guard.restore();
    process.stderr.write(`perpdesk stopped after an unexpected error: ${e instanceof Error ? e.message : String(e)}\n`);
  }
  instance.unmount();
  diffOut?.flush();
  diffOut?.detach();
  if (fastAssembly?.installed) fastAssembly.restore();
  process.off('uncaughtException', stopDrawing);
  process.off('unhandledRejection', stopDrawing);
  stopEvents();
  stopAlerts();
  remembering.stop();
  await bounded(remembering.flush());
  await bounded(session.close());
  guard.restore();
  // Anything still holding the event loop (a half-closed socket) must not keep a quit from exiting.
  setTimeout(() => process.exit(process.exitCode ?? code), 1_000).unref();
  return code;
}
