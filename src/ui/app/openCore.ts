import { AlgoBoard } from '../../algo/algoBoard.js';
import type { Recovery } from '../../algo/algoRunner.js';
import { venueId } from '../../algo/algoVenue.js';
import { algoHostOf, AlgoRunner } from '../../algo/index.js';
import type { FormSettings } from '../../forms/context.js';
import { applyOverrides } from '../../keymap/index.js';
import { createSession, openTarget, resolveContract, StartupError, type Target } from '../../session/index.js';
import type { SessionEvent } from '../../session/createSession.js';
import { pickContract } from '../../session/target.js';
import { KeySourceError } from '../../wallet/index.js';
import { recordingOf } from '../../startup/config.js';
import type { Prepared } from '../prepared.js';
import { loadedConfigFile } from '../../startup/config.js';
import { startDeskAlerts } from '../alerts/deskAlerts.js';
import { listThemes } from '../theme/loadTheme.js';
import type { ColorLevel } from '../theme/tokens.js';
import { startContract } from '../view/rememberedView.js';
import type { DashboardCore } from './mountDashboard.js';

/**
 * What a process's screens stand on, opened once: the target (embedded exchange, --url
 * deployment or monitor mode), the contract to start on, the session and the algo board.
 * The local dashboard opens it for its one screen, `perpdesk serve` for all its viewers.
 */

/** Data older than this (ms) marks a pane stale unless the config file says otherwise. */
export const DEFAULT_STALE_AFTER_MS: Readonly<Record<string, number>> = { book: 10_000, candles: 180_000, account: 10_000, agents: 60_000 };

export const CANDLE_BASE_INTERVAL = '1m';

export interface OpenedCore {
  core: DashboardCore;
  target: Target;
  contractName: string;
  /** Flags, keymap overrides and the target's own warnings, for the screen and stderr. */
  warnings: string[];
  /** Stops `onEvent`. */
  stopEvents: () => void;
}

export interface OpenCoreOptions {
  face: string;
  level: ColorLevel;
  /**
   * The contract the last run ended on (the local dashboard remembers it), read once the
   * target has found the state directory private, as every state file is.
   */
  rememberedContract?: () => string | undefined;
  onProgress(step: string): void;
  onRecovery(r: Recovery): void;
  /**
   * The session's notices, heard from its creation: an embedded venue already onboarded
   * says "ready" (and clears the progress it showed) in the very next turn.
   */
  onEvent?(e: SessionEvent): void;
  /** notify-send may reach this machine's desktop: the local dashboard (not `perpdesk serve`, whose viewers are elsewhere). */
  desktop?: boolean;
}

/** A user's mistake (a bad flag's consequence, a key that will not open): one line and an exit code. */
export function userError(e: unknown): { message: string; code: number } | undefined {
  if (e instanceof StartupError) return { message: e.message, code: e.exitCode };
  if (e instanceof KeySourceError) return { message: e.message, code: 2 };
  return undefined;
}

/** Waits at most `ms` for a clean-up step, so a stuck socket cannot keep the terminal hostage. */
export async function bounded(p: Promise<unknown>, ms = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p.catch(() => {}), new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

/**
 * `PERPDESK_FLUSH_MS` sets the coalescer's flush interval; 0 is the benchmark's naive baseline
 * (one store update per WebSocket message). Documented in docs/performance.md.
 */
function benchSwitches(env: NodeJS.ProcessEnv): { flushMs?: number } {
  const flush = env['PERPDESK_FLUSH_MS'];
  return flush !== undefined && /^\d{1,5}$/.test(flush) ? { flushMs: Number(flush) } : {};
}

/** Opens everything or gives back what it opened; a user error is `{ message, code }`. */
export async function openCore(p: Prepared, o: OpenCoreOptions): Promise<OpenedCore | { message: string; code: number }> {
  const { args, config, stateDir, themeDirs } = p;
  const keymap = applyOverrides(config.keymap);
  let target: Target;
  try {
    target = await openTarget({ ...args, url: args.url ?? config.url, ws: args.ws ?? config.ws, advertise: true, ...(p.agentKey ? { agentKey: p.agentKey } : {}) }, stateDir, {
      onProgress: o.onProgress,
      log: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (e) {
    const u = userError(e);
    if (!u) throw e;
    return u;
  }
  let contractName: string;
  try {
    const url = target.target.url;
    // The embedded exchange's contracts were read as it started: no request for them again.
    const known = target.target.embedded?.initial?.configs.contracts;
    const resolve = async (wanted: string | undefined) => (known ? pickContract(known, wanted) : resolveContract(url, wanted));
    contractName = await startContract(resolve, { flag: args.contract, remembered: o.rememberedContract?.(), config: config.contract });
  } catch (e) {
    await bounded(target.target.embedded?.close() ?? Promise.resolve());
    const u = userError(e);
    if (!u) throw e;
    return u;
  }
  // Acting for a vault (--vault or a profile's): the session watches the vault's account.
  const keys = args.vault ? { ...target.keys, address: args.vault.toLowerCase() } : target.keys;
  const recording = recordingOf(config, args);
  const session = createSession(target.target, keys, {
    contractName,
    ...(args.vault ? { vaultAddress: args.vault } : {}),
    stateDir,
    face: o.face,
    candleInterval: CANDLE_BASE_INTERVAL,
    ...(config.poll ? { poll: config.poll } : {}),
    ...(recording ? { record: recording } : {}),
    ...benchSwitches(process.env),
  });
  const stopEvents = o.onEvent ? session.onEvent(o.onEvent) : () => {};
  const settings: FormSettings = { confirm: config.confirm, guards: config.guards, alerts: config.alerts, defaultSize: config.defaultSize };
  const venue = venueId({ embedded: session.embedded, stateDir, url: target.target.url });
  const algos = AlgoBoard.open({
    stateDir,
    ...(session.readOnly
      ? { noRunnerWhy: 'monitor mode: no key to trade with' }
      : { makeRunner: () => new AlgoRunner({ host: algoHostOf(session), stateDir, settings, venue }) }),
    onRecovery: o.onRecovery,
    home: { account: session.address, venue },
  });
  const core: DashboardCore = {
    session,
    settings,
    bindings: keymap.bindings,
    level: o.level,
    themeNames: listThemes(themeDirs),
    themeDirs,
    staleAfterMs: { ...DEFAULT_STALE_AFTER_MS, ...config.staleAfterMs },
    stateDir,
    algos,
    alerts: startDeskAlerts({
      session,
      stateDir,
      config: config.alerts,
      configFile: loadedConfigFile() ?? 'config file',
      algos,
      desktop: o.desktop === true,
    }),
  };
  return { core, target, contractName, warnings: [...target.warnings, ...keymap.errors], stopEvents };
}

/** Pauses what runs (saying why), then closes the session; each step bounded. */
export async function closeCore(core: DashboardCore, reason: string): Promise<void> {
  core.alerts?.stop();
  await bounded(core.algos.close(reason));
  await bounded(core.session.close());
}

/** What the algo runner found on start, in words: algos the last process left running, children it could not read back. */
export function recoveryNotices(r: Recovery): { text: string; tone: 'warning' | 'error' }[] {
  const out: { text: string; tone: 'warning' | 'error' }[] = [];
  if (r.interrupted.length > 0) {
    const n = r.interrupted.length;
    out.push({ text: `${n} algo${n === 1 ? ' was' : 's were'} running when the last perpdesk ended: now paused (interrupted); resume or cancel in the Algos pane`, tone: 'warning' });
  }
  if (r.unsettled.length > 0) out.push({ text: `algos: ${r.unsettled.length} child order(s) could not be read back (${r.unsettled[0]!.error}); resume reads them first`, tone: 'error' });
  if (r.malformed > 0) out.push({ text: `algos: ${r.malformed} line(s) of the algo file are not records; skipped`, tone: 'warning' });
  if (r.repeated.length > 0) out.push({ text: `algos: a plan line repeated in the algo file (${r.repeated.join(', ')}) was ignored, never re-run`, tone: 'warning' });
  return out;
}
