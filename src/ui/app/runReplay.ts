import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AlgoBoard } from '../../algo/algoBoard.js';
import { applyOverrides } from '../../keymap/index.js';
import { createSession } from '../../session/index.js';
import { loadRecording, recordedContract, RecordingError, REPLAY_SPEEDS, ReplayFeed } from '../../session/replayFeed.js';
import { pickContract, StartupError } from '../../session/target.js';
import { takeTerminal } from '../../startup/terminal.js';
import { createAppStore } from '../../state/store.js';
import { prepare } from '../main.js';
import { setClock } from '../panes/useNow.js';
import { installFastAssembly } from '../render/installFastAssembly.js';
import { applyColorLevel } from '../theme/applyColorLevel.js';
import { detectColorLevel } from '../theme/colorLevel.js';
import { DEFAULT_THEME, listThemes } from '../theme/loadTheme.js';
import { createViewStore, view } from '../view/viewStore.js';
import { mountDashboard, type DashboardCore } from './mountDashboard.js';
import { bounded, CANDLE_BASE_INTERVAL, DEFAULT_STALE_AFTER_MS } from './openCore.js';

/**
 * `perpdesk replay [PATH]` on a terminal (docs/recording.md): the dashboard over a recording
 * instead of an exchange. The session is a monitor-mode one with no network (createSession's
 * `replay`): the recording's lines go into its store through the coalescer, paced by their
 * receive times; the replay's keys play, pause, step, change the speed and seek, and the
 * status bar says REPLAY, the recorded time and the speed. Nothing can be signed, and nothing
 * is written to the state directory (the screen's own files go to a folder removed at exit).
 */

/** The replay's own words: PATH first, --from / --to / --speed anywhere; the rest are the dashboard's flags. */
function splitArgs(argv: readonly string[]): { path: string | undefined; from?: string; to?: string; speed?: string; rest: string[] } {
  const out: { path: string | undefined; from?: string; to?: string; speed?: string; rest: string[] } = { path: undefined, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const m = /^--(from|to|speed)(?:=(.*))?$/.exec(a);
    if (m) {
      const value = m[2] ?? argv[++i];
      if (value === undefined) throw new RecordingError(`--${m[1]} needs a value`);
      out[m[1] as 'from' | 'to' | 'speed'] = value;
    } else if (i === 0 && !a.startsWith('-')) out.path = a;
    else out.rest.push(a);
  }
  return out;
}

function speedOf(text: string | undefined): number {
  if (text === undefined) return 1;
  const n = text === 'max' ? Infinity : Number(text);
  if (!REPLAY_SPEEDS.includes(n)) throw new RecordingError(`--speed on the screen is one of ${REPLAY_SPEEDS.map((s) => (s === Infinity ? 'max' : s)).join(', ')}; got ${text}`);
  return n;
}

export async function replayMain(argv: readonly string[]): Promise<number> {
  let words;
  let speed;
  try {
    words = splitArgs(argv);
    speed = speedOf(words.speed);
  } catch (e) {
    process.stderr.write(`perpdesk: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const prepared = prepare(words.rest);
  if (typeof prepared === 'number') return prepared;
  const { args, config, themeDirs } = prepared;
  let lines;
  try {
    lines = await loadRecording(words.path ?? path.join(prepared.stateDir, 'recordings'), {
      ...(words.from !== undefined ? { from: words.from } : {}),
      ...(words.to !== undefined ? { to: words.to } : {}),
      onWarning: (w) => process.stderr.write(`perpdesk: ${w}\n`),
    });
  } catch (e) {
    if (!(e instanceof RecordingError)) throw e;
    process.stderr.write(`perpdesk: ${e.message}\n`);
    return 2;
  }
  const head = ReplayFeed.headOf(lines);
  if (!head.configs) {
    process.stderr.write('perpdesk: the recording has no header with the configs (docs/recording.md): not a perpdesk recording?\n');
    return 2;
  }
  let contractName: string;
  try {
    contractName = pickContract(head.configs.contracts, args.contract ?? recordedContract(lines, head.configs));
  } catch (e) {
    if (!(e instanceof StartupError)) throw e;
    process.stderr.write(`perpdesk: ${e.message} in the recording\n`);
    return 2;
  }

  const level = detectColorLevel(process.env, args.noColor ? ['--no-color'] : []);
  applyColorLevel(level);
  const store = createAppStore();
  const feed = new ReplayFeed(lines, store);
  // No network: the address is the recording's account, no key is loaded (monitor mode).
  const session = createSession(
    { url: 'http://127.0.0.1:9', venue: 'replay' },
    { address: head.account && /^0x[0-9a-fA-F]{40}$/.test(head.account) ? head.account : `0x${'0'.repeat(40)}` },
    { contractName, store, replay: feed, initial: { configs: head.configs, books: [] }, history: false, journalHistory: 0, candleInterval: CANDLE_BASE_INTERVAL },
  );
  await session.ready;
  // The screen's own state (algo lock, an agent folder) goes to a scratch folder: a replay writes nothing of the user's.
  const scratch = mkdtempSync(path.join(tmpdir(), 'perpdesk-replay-'));
  const keymap = applyOverrides(config.keymap);
  const core: DashboardCore = {
    session,
    settings: { confirm: config.confirm, guards: config.guards, alerts: config.alerts, defaultSize: config.defaultSize },
    bindings: keymap.bindings,
    level,
    themeNames: listThemes(themeDirs),
    themeDirs,
    staleAfterMs: { ...DEFAULT_STALE_AFTER_MS, ...config.staleAfterMs },
    stateDir: scratch,
    algos: AlgoBoard.open({ stateDir: scratch, noRunnerWhy: 'replay: nothing runs on a recording', home: { account: session.address, venue: 'replay' } }),
  };
  const viewStore = createViewStore({ chartInterval: CANDLE_BASE_INTERVAL, replay: true, contract: contractName });
  view.setTheme(viewStore, args.theme ?? config.theme ?? DEFAULT_THEME);
  // Ages and stale marks by the recorded time.
  setClock(() => feed.nowMs());
  const guard = takeTerminal();
  const fastAssembly = process.env['PERPDESK_RENDERER'] === 'ink' ? undefined : await installFastAssembly();
  const screen = mountDashboard(core, { stdin: process.stdin, stdout: process.stdout, viewStore, patchConsole: true });
  view.notify(viewStore, `replaying ${lines.length} lines · Space play/pause · . step · +/- speed · g go to a time`, 'info');
  feed.setSpeed(speed);
  feed.play();
  let code = 0;
  try {
    await screen.quit;
  } catch (e) {
    code = 70;
    guard.restore();
    process.stderr.write(`perpdesk stopped after an unexpected error: ${e instanceof Error ? e.message : String(e)}\n`);
  }
  screen.unmount();
  setClock(undefined);
  await bounded(core.algos.close('replay ended'));
  await bounded(session.close());
  rmSync(scratch, { recursive: true, force: true });
  if (fastAssembly?.installed) fastAssembly.restore();
  guard.restore();
  setTimeout(() => process.exit(process.exitCode ?? code), 1_000).unref();
  return code;
}
