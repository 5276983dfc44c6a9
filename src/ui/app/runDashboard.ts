import type { Instance } from 'ink';
import { takeTerminal } from '../../startup/terminal.js';
import { mouseEnabled } from '../../startup/config.js';
import { MouseStdin } from '../input/mouseStdin.js';
import { installFastAssembly } from '../render/installFastAssembly.js';
import type { Prepared } from '../prepared.js';
import { applyColorLevel } from '../theme/applyColorLevel.js';
import { detectColorLevel } from '../theme/colorLevel.js';
import { glyphSetFor, vgaStream } from '../theme/consoleGlyphs.js';
import { DEFAULT_THEME } from '../theme/loadTheme.js';
import { loadRememberedView, rememberView, startTheme, type RememberedView } from '../view/rememberedView.js';
import { createViewStore, view } from '../view/viewStore.js';
import { eventsTo, mountDashboard } from './mountDashboard.js';
import { bounded, CANDLE_BASE_INTERVAL, closeCore, openCore, recoveryNotices } from './openCore.js';
import { profileLines, switchRefusal, watchedAccounts } from './profileChoice.js';
import { AccountsWatch } from '../../session/accountsWatch.js';
import type { DashboardArgs } from '../../startup/args.js';
import type { TerminalGuard } from '../../startup/terminal.js';
import type { FastAssemblyResult } from '../render/installFastAssembly.js';
import { prepareFrom } from '../prepareFrom.js';
import type { PrivateKey } from '../../wallet/index.js';
import { AgentHandover } from './agentHandover.js';

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

/** The command line's flags without those that name an account or a target: what a switch keeps. */
function keptFlags(args: DashboardArgs): DashboardArgs {
  const { url: _u, ws: _w, keystore: _k, keyFile: _kf, agentKeystore: _a, agentKeyFile: _af, passwordFile: _p, address: _ad, vault: _v, readOnly: _r, profile: _pr, ...rest } = args;
  return { ...rest, readOnly: false };
}

/**
 * The dashboard's life: a core (target, session, algos) and one screen on it, the terminal
 * taken once; `P` closes this core and opens another profile's under the same terminal, with a
 * fresh store, so nothing of one account is ever drawn under another's header.
 */
export async function runDashboard(first: Prepared): Promise<number> {
  const level = detectColorLevel(process.env, first.args.noColor ? ['--no-color'] : []);
  applyColorLevel(level);
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
  let terminal: { guard: TerminalGuard; mouseIn: MouseStdin | undefined; fastAssembly: FastAssemblyResult | undefined } | undefined;
  let p = first;
  let previous: Prepared | undefined;
  // What the next screen keeps of the last: its theme, why a switch failed, what a switch did.
  let carried: { theme: string; notice?: string; done?: string } | undefined;
  let code = 0;
  for (;;) {
    const { args, config, stateDir } = p;
    const viewStore = createViewStore({ chartInterval: CANDLE_BASE_INTERVAL });
    if (carried?.notice) view.notify(viewStore, carried.notice, 'warning');
    let remembered: ReturnType<typeof loadRememberedView> | undefined;
    const opened = await openCore(p, {
      face: 'dashboard',
      level,
      desktop: true,
      // A market replay's lines (what is followed, its end) come at any time: notices that stay to be read.
      onProgress: (step) => (step.startsWith('market replay:') ? view.notify(viewStore, step, 'info') : view.setProgress(viewStore, step)),
      rememberedContract: () => {
        remembered = loadRememberedView(stateDir);
        return remembered.view.contract;
      },
      onRecovery: (r) => {
        for (const n of recoveryNotices(r)) view.notify(viewStore, n.text, n.tone);
      },
      onEvent: eventsTo(viewStore),
    });
    if (!('core' in opened)) {
      // A switch that fails goes back to the account it left, saying why.
      if (terminal && previous) {
        const what = p.agentKey && p.agentKey !== previous.agentKey ? 'not signing with the new agent key' : `not switched to profile ${p.args.profile ?? ''}`;
        carried = { theme: carried?.theme ?? DEFAULT_THEME, notice: `${what}: ${opened.message}` };
        p = previous;
        previous = undefined;
        continue;
      }
      terminal?.guard.restore();
      return fail(opened.message, opened.code);
    }
    const { core, contractName } = opened;
    if (carried?.done) view.notify(viewStore, carried.done, 'success');
    const session = core.session;
    const rememberedView: RememberedView = remembered?.view ?? {};
    const themeName = carried?.theme ?? startTheme({ flag: args.theme, remembered: rememberedView.theme, config: config.theme }, core.themeNames, DEFAULT_THEME);
    view.setTheme(viewStore, themeName);
    const stopEvents = opened.stopEvents;
    const warnings = [...opened.warnings, ...(remembered?.warnings ?? [])];
    if (warnings.length > 0) {
      // Also on the plain terminal, where it stays in the scrollback after the screen is gone.
      if (!terminal) for (const w of warnings) process.stderr.write(`perpdesk: warning: ${w}\n`);
      view.notify(viewStore, warnings.join(' · '), 'warning');
    }
    const remembering = rememberView({
      stateDir,
      store: session.store,
      view: viewStore,
      initial: { theme: themeName, contract: contractName },
      onError: (message) => view.notify(viewStore, message, 'warning'),
    });
    if (!terminal) {
      process.on('uncaughtException', stopDrawing);
      process.on('unhandledRejection', stopDrawing);
      const guard = takeTerminal();
      // Mouse reports are taken out of stdin before ink parses keys. Reporting is on while ink's
      // input is in raw mode, so a report is read, never echoed; the guard turns it off on exit.
      const mouseIn = mouseEnabled(config, args) ? new MouseStdin(process.stdin, { onRawMode: (raw) => guard.setMouse(raw) }) : undefined;
      // Same cells as ink's own frame assembly, a fraction of the CPU; ink's stays on failure.
      const fastAssembly = process.env['PERPDESK_RENDERER'] === 'ink' ? undefined : await installFastAssembly();
      terminal = { guard, mouseIn, fastAssembly };
    }
    const embedded = opened.target.target.embedded;
    const accounts = config.profiles
      ? new AccountsWatch(watchedAccounts(config, { embeddedUrl: embedded?.url, demoAddress: embedded?.address }), () => session.store.getState().market.configs)
      : undefined;
    accounts?.start();
    let next: string | undefined;
    let nextAgent: PrivateKey | undefined;
    const agentSwitch = new AgentHandover((key) => {
      nextAgent = key;
      view.notify(viewStore, `agent ${key.address.toLowerCase()} approved: opening the session again to sign with it…`, 'info');
      screen.end();
    });
    const screen = mountDashboard(core, {
      stdin: terminal.mouseIn ? (terminal.mouseIn as unknown as NodeJS.ReadStream) : process.stdin,
      // On the Linux console, glyphs its fonts have.
      stdout: glyphSetFor(process.env) === 'vga' ? vgaStream(process.stdout) : process.stdout,
      viewStore,
      patchConsole: true,
      sessionEvents: false,
      // This process ends with this screen: q asks before it pauses running algos.
      quitPausesAlgos: true,
      ...(accounts ? { accounts } : {}),
      agentSwitch,
      profiles: {
        lines: profileLines(config),
        current: args.profile,
        switchTo: (name) => {
          const refused = switchRefusal(config, name, process.env);
          if (refused !== undefined) return refused;
          next = name;
          view.notify(viewStore, `switching to profile ${name}…`, 'info');
          screen.end();
          return undefined;
        },
      },
    });
    instanceRef = screen.instance;
    if (first === p && previous === undefined) armCrashHook();
    try {
      await screen.quit;
    } catch (e) {
      // A render error: ink has unmounted; say what happened once the screen is back.
      code = 70;
      terminal.guard.restore();
      process.stderr.write(`perpdesk stopped after an unexpected error: ${e instanceof Error ? e.message : String(e)}\n`);
      next = undefined;
      nextAgent?.wipe();
      nextAgent = undefined;
    }
    agentSwitch.dispose();
    screen.unmount();
    stopEvents();
    await bounded(accounts?.close() ?? Promise.resolve());
    remembering.stop();
    await bounded(remembering.flush());
    // Running algos are paused by name, so the next start says why rather than "interrupted".
    await closeCore(core, closedWhy(next, nextAgent));
    if (nextAgent) {
      // The same account and target, signed by the key just approved; a failure goes back to this one.
      previous = p;
      p = { ...p, agentKey: nextAgent };
      carried = { theme: viewStore.getState().themeName, done: `now signing with agent ${nextAgent.address.toLowerCase()}; the agent before it stays approved until revoked (A)` };
      continue;
    }
    if (next === undefined) break;
    const nextPrepared = prepareFrom({ ...keptFlags(first.args), profile: next });
    if (typeof nextPrepared === 'number') {
      carried = { theme: viewStore.getState().themeName, notice: `not switched to profile ${next}: its settings did not load (see the config file)` };
      continue;
    }
    previous = p;
    p = nextPrepared;
    carried = { theme: viewStore.getState().themeName };
  }
  if (terminal?.fastAssembly?.installed) terminal.fastAssembly.restore();
  process.off('uncaughtException', stopDrawing);
  process.off('unhandledRejection', stopDrawing);
  terminal?.guard.restore();
  // Anything still holding the event loop (a half-closed socket) must not keep a quit from exiting.
  setTimeout(() => process.exit(process.exitCode ?? code), 1_000).unref();
  return code;
}

/** Why algos this dashboard ran are paused as its session closes. */
function closedWhy(profile: string | undefined, agent: PrivateKey | undefined): string {
  if (agent) return `paused: the dashboard opened its session again to sign with agent ${agent.address.toLowerCase()}; resume it in the Algos pane or with perpdesk algo resume`;
  if (profile !== undefined) return `paused: the dashboard switched to profile ${profile}; resume it from this account's dashboard or with perpdesk algo resume`;
  return DASHBOARD_CLOSED;
}

/** Test hook: an uncaught error PERPDESK_CRASH_AFTER_MS ms after the first screen is up (checks the crash path). */
function armCrashHook(): void {
  const crashAfter = Number(process.env[CRASH_HOOK_ENV]);
  if (Number.isFinite(crashAfter) && crashAfter > 0) {
    setTimeout(() => {
      throw new Error(`crash requested by ${CRASH_HOOK_ENV} (test hook)`);
    }, crashAfter);
  }
}
