import type { Instance } from 'ink';
import { takeTerminal } from '../../startup/terminal.js';
import { mouseEnabled } from '../../startup/config.js';
import { MouseStdin } from '../input/mouseStdin.js';
import { installFastAssembly } from '../render/installFastAssembly.js';
import type { Prepared } from '../prepared.js';
import { applyColorLevel } from '../theme/applyColorLevel.js';
import { detectColorLevel } from '../theme/colorLevel.js';
import { DEFAULT_THEME } from '../theme/loadTheme.js';
import { loadRememberedView, rememberView, startTheme, type RememberedView } from '../view/rememberedView.js';
import { createViewStore, view } from '../view/viewStore.js';
import { mountDashboard, showEvents } from './mountDashboard.js';
import { bounded, CANDLE_BASE_INTERVAL, closeCore, openCore, recoveryNotices } from './openCore.js';

/**
 * The dashboard's life on the process's own terminal: the core (target, session, algos),
 * one screen until the user quits, and the terminal given back on every way out.
 */

/** Test hook: throw an uncaught error this many ms after the dashboard is up (checks the crash path). */
export const CRASH_HOOK_ENV = 'PERPDESK_CRASH_AFTER_MS';

function fail(message: string, code: number): number {
  process.stderr.write(`perpdesk: ${message}\n`);
  return code;
}

/** Why an algo this dashboard ran is paused after a quit. */
const DASHBOARD_CLOSED = 'paused: the dashboard running it was closed; resume it in the Algos pane or with perpdesk algo resume';

export async function runDashboard(p: Prepared): Promise<number> {
  const { args, config, stateDir } = p;
  const level = detectColorLevel(process.env, args.noColor ? ['--no-color'] : []);
  applyColorLevel(level);
  const viewStore = createViewStore({ chartInterval: CANDLE_BASE_INTERVAL });
  let remembered: ReturnType<typeof loadRememberedView> | undefined;
  const opened = await openCore(p, {
    face: 'dashboard',
    level,
    onProgress: (step) => view.setProgress(viewStore, step),
    rememberedContract: () => {
      remembered = loadRememberedView(stateDir);
      return remembered.view.contract;
    },
    onRecovery: (r) => {
      for (const n of recoveryNotices(r)) view.notify(viewStore, n.text, n.tone);
    },
  });
  if (!('core' in opened)) return fail(opened.message, opened.code);
  const { core, contractName } = opened;
  const session = core.session;
  const rememberedView: RememberedView = remembered?.view ?? {};
  const themeName = startTheme({ flag: args.theme, remembered: rememberedView.theme, config: config.theme }, core.themeNames, DEFAULT_THEME);
  view.setTheme(viewStore, themeName);
  // Subscribed at once: the embedded exchange's onboarding speaks before the screen is up.
  const stopEvents = showEvents(session, viewStore);
  const warnings = [...opened.warnings, ...(remembered?.warnings ?? [])];
  if (warnings.length > 0) {
    // Also on the plain terminal, where it stays in the scrollback after the screen is gone.
    for (const w of warnings) process.stderr.write(`perpdesk: warning: ${w}\n`);
    view.notify(viewStore, warnings.join(' · '), 'warning');
  }

  const remembering = rememberView({
    stateDir,
    store: session.store,
    view: viewStore,
    initial: { theme: themeName, contract: contractName },
    onError: (message) => view.notify(viewStore, message, 'warning'),
  });
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
  // Same cells as ink's own frame assembly, a fraction of the CPU; ink's stays on failure.
  const fastAssembly = process.env['PERPDESK_RENDERER'] === 'ink' ? undefined : await installFastAssembly();
  const screen = mountDashboard(core, {
    stdin: mouseIn ? (mouseIn as unknown as NodeJS.ReadStream) : process.stdin,
    stdout: process.stdout,
    viewStore,
    patchConsole: true,
    sessionEvents: false,
  });
  instanceRef = screen.instance;

  const crashAfter = Number(process.env[CRASH_HOOK_ENV]);
  if (Number.isFinite(crashAfter) && crashAfter > 0) {
    setTimeout(() => {
      throw new Error(`crash requested by ${CRASH_HOOK_ENV} (test hook)`);
    }, crashAfter);
  }

  let code = 0;
  try {
    await screen.quit;
  } catch (e) {
    // A render error: ink has unmounted; say what happened once the screen is back.
    code = 70;
    guard.restore();
    process.stderr.write(`perpdesk stopped after an unexpected error: ${e instanceof Error ? e.message : String(e)}\n`);
  }
  screen.unmount();
  if (fastAssembly?.installed) fastAssembly.restore();
  process.off('uncaughtException', stopDrawing);
  process.off('unhandledRejection', stopDrawing);
  stopEvents();
  remembering.stop();
  await bounded(remembering.flush());
  // Running algos are paused by name, so the next start says why rather than "interrupted".
  await closeCore(core, DASHBOARD_CLOSED);
  guard.restore();
  // Anything still holding the event loop (a half-closed socket) must not keep a quit from exiting.
  setTimeout(() => process.exit(process.exitCode ?? code), 1_000).unref();
  return code;
}
