import { ArgsError, parseServeArgs, SERVE_HELP, type ServeArgs } from '../../startup/args.js';
import { homedir } from 'node:os';
import path from 'node:path';
import { AuthorizedKeysError, readAuthorizedKeys } from '../../serve/authorizedKeys.js';
import { loadHostKey } from '../../serve/hostKey.js';
import { openServeLog } from '../../serve/serveLog.js';
import { startSshServer, type SshServer } from '../../serve/sshServer.js';
import type { MountViewer, ViewerIo } from '../../serve/viewer.js';
import { mountDashboard, type DashboardCore } from '../app/mountDashboard.js';
import { CANDLE_BASE_INTERVAL, closeCore, openCore, recoveryNotices } from '../app/openCore.js';
import { fail as failRaw, prepareFrom } from '../prepareFrom.js';
import { installFastAssembly } from '../render/installFastAssembly.js';
import { applyColorLevel } from '../theme/applyColorLevel.js';
import { detectColorLevel } from '../theme/colorLevel.js';
import { glyphSetFor, vgaStream } from '../theme/consoleGlyphs.js';
import { DEFAULT_THEME } from '../theme/loadTheme.js';
import { createViewStore, view, type ConnectedViewer, type ViewStore } from '../view/viewStore.js';
import { startTheme } from '../view/rememberedView.js';
import { ScreenTurns } from './screenTurns.js';
import { viewerSession } from './viewerSession.js';
import { WatchGroups } from './watchGroups.js';
import type { ColorLevel } from '../theme/tokens.js';
import { terminalSafe } from '../../protocol/safeText.js';

/**
 * `perpdesk serve`: one session (one set of streams to the exchange, one algo board) and an
 * SSH server that mounts a dashboard of its own for each viewer: its own size, focus, forms,
 * theme and keys over the shared store. A read-only key gets monitor mode's rules; a trading
 * key signs with the server's agent key and the journal names that key's fingerprint.
 */

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** An error line on stderr: its text may be a deployment's or a file's, so it is made terminal-safe. */
const fail = (message: string, code?: number): number => failRaw(terminalSafe(message), code);

const ENTER = '\x1b[?1049h\x1b[?25l';
const LEAVE = '\x1b[?25h\x1b[?1049l';

/** Why an algo a server ran is paused once the server stops. */
const SERVER_CLOSED = 'paused: the perpdesk serve running it stopped; resume it in the Algos pane or with perpdesk algo resume';

export async function serveMain(argv: string[]): Promise<number> {
  let args: ServeArgs;
  try {
    args = parseServeArgs(argv);
  } catch (e) {
    return fail(e instanceof ArgsError ? e.message : String(e));
  }
  if (args.help) {
    process.stdout.write(SERVE_HELP);
    return 0;
  }
  const p = prepareFrom(args);
  if (typeof p === 'number') return p;
  // Viewers' terminals are not this process's: chalk may write every colour, and each
  // screen's theme is resolved for what its client said of its terminal.
  applyColorLevel('truecolor');
  const noColor = args.noColor || (process.env['NO_COLOR'] ?? '') !== '';
  const viewers = new Set<ViewStore>();
  const say = (text: string, tone: 'info' | 'warning' | 'error' = 'info') => {
    process.stderr.write(`perpdesk serve: ${terminalSafe(text)}\n`);
    for (const v of viewers) view.notify(v, text, tone);
  };

  let hostKey;
  let keysFile: string;
  try {
    hostKey = await loadHostKey({ ...(args.hostKey ? { file: path.resolve(args.hostKey) } : {}), stateDir: p.stateDir });
    keysFile = path.resolve(args.authorizedKeys ?? path.join(homedir(), '.ssh', 'authorized_keys'));
    const keys = await readAuthorizedKeys(keysFile);
    for (const problem of keys.problems) process.stderr.write(`perpdesk serve: warning: ${terminalSafe(`${keysFile} line ${problem.line}: ${problem.message}`)}\n`);
    const trading = keys.keys.filter((k) => k.trading).length;
    process.stderr.write(`perpdesk serve: ${terminalSafe(`${keys.keys.length} key(s) in ${keysFile}: ${trading} trading, ${keys.keys.length - trading} read-only`)}\n`);
  } catch (e) {
    if (e instanceof AuthorizedKeysError) return fail(e.message);
    return fail(e instanceof Error ? e.message : String(e));
  }

  const opened = await openCore(p, {
    face: 'serve',
    level: noColor ? 'none' : 'truecolor',
    onProgress: (step) => process.stderr.write(`perpdesk serve: ${terminalSafe(step)}\n`),
    onRecovery: (r) => {
      for (const n of recoveryNotices(r)) say(n.text, n.tone);
    },
  });
  if (!('core' in opened)) return fail(opened.message, opened.code);
  const { core, contractName } = opened;
  for (const w of opened.warnings) process.stderr.write(`perpdesk serve: warning: ${terminalSafe(w)}\n`);
  const fastAssembly = process.env['PERPDESK_RENDERER'] === 'ink' ? undefined : await installFastAssembly();
  const themeName = startTheme({ flag: args.theme, remembered: undefined, config: p.config.theme }, core.themeNames, DEFAULT_THEME);
  let viewerCount = 0;
  // Who is connected, for `:` `viewers` on every screen.
  let connected: readonly ConnectedViewer[] = [];
  const setConnected = (list: readonly ConnectedViewer[]) => {
    connected = list;
    for (const v of viewers) view.setViewerList(v, list);
  };
  const newView = () => {
    const viewStore = createViewStore({ chartInterval: CANDLE_BASE_INTERVAL });
    view.setTheme(viewStore, themeName);
    view.setViewers(viewStore, viewerCount);
    view.setViewerList(viewStore, connected);
    return viewStore;
  };
  const onView = (v: ViewStore, live: boolean) => void (live ? viewers.add(v) : viewers.delete(v));
  // Every screen hears the store on a turn of its own, so a key waits behind one screen's render, not all of them.
  const turns = new ScreenTurns();
  const mountOwn = (io: ViewerIo, v: ViewStore, level: ColorLevel) => {
    onView(v, true);
    return ownScreen(core, io, v, level, turns, () => onView(v, false));
  };
  // Viewers who only watch share a screen (watchGroups.ts) unless PERPDESK_SERVE_SHARE=0 (the
  // bench's baseline) or ink writes its own frames (PERPDESK_RENDERER=ink: no changed-cells
  // screen to draw a late joiner from).
  const groups =
    process.env['PERPDESK_SERVE_SHARE'] === '0' || process.env['PERPDESK_RENDERER'] === 'ink'
      ? undefined
      : new WatchGroups({ core, newView, onView, turns, mountOwn: (io, v) => mountOwn(io, v, viewerLevel(io, noColor)) });
  const mountViewer: MountViewer = (channelIo) => {
    // A viewer on a Linux console gets the glyphs its font has: its writes are rewritten, so it
    // shares a screen with other watchers all the same.
    const io = glyphSetFor({ TERM: channelIo.terminal.term }) === 'vga' ? { ...channelIo, stdout: vgaStream(channelIo.stdout) } : channelIo;
    const level = viewerLevel(io, noColor);
    const me: ConnectedViewer = { name: io.who.comment || io.who.fingerprint, fingerprint: io.who.fingerprint, address: io.who.address, readOnly: io.readOnly, since: Date.now() };
    setConnected([...connected, me]);
    const shown = viewerScreen(io, () => (groups ? groups.join(io, level) : mountOwn(io, newView(), level)));
    void shown.closed.finally(() => setConnected(connected.filter((c) => c !== me)));
    return shown;
  };

  const log = openServeLog(p.stateDir);
  let server: SshServer;
  try {
    server = await startSshServer({
      host: args.ssh.host,
      port: args.ssh.port,
      hostKey: hostKey.privateKey,
      authorizedKeysFile: keysFile,
      mountViewer,
      ...(args.maxViewers !== undefined ? { maxViewers: args.maxViewers } : {}),
      ...(args.idleTimeoutMs !== undefined ? { idleTimeoutMs: args.idleTimeoutMs } : {}),
      log,
      onViewerCount: (n) => {
        viewerCount = n;
        for (const v of viewers) view.setViewers(v, n);
      },
    });
  } catch (e) {
    await closeCore(core, SERVER_CLOSED);
    log.close();
    return fail(`cannot listen on ${args.ssh.host}:${args.ssh.port}: ${e instanceof Error ? e.message : String(e)}`, 1);
  }
  const where = server.host.includes(':') ? `[${server.host}]` : server.host;
  // The contract's name is the deployment's, the url and paths a config file's: each line made
  // safe for the terminal (terminalSafe), so no escape sequence of theirs reaches it.
  const banner = [
    `listening on ${where}:${server.port} (${contractName}, ${core.session.embedded ? 'embedded exchange' : (p.args.url ?? p.config.url ?? 'deployment')})`,
    `host key ${hostKey.type} ${hostKey.fingerprint}${hostKey.created ? ` (new: ${hostKey.file})` : ''}`,
    `viewers connect with: ssh -p ${server.port} ${where}`,
  ];
  process.stdout.write(banner.map((line) => `perpdesk serve: ${terminalSafe(line)}\n`).join(''));

  const stop = await new Promise<NodeJS.Signals>((resolve) => {
    for (const s of STOP_SIGNALS) process.once(s, () => resolve(s));
  });
  process.stderr.write(`perpdesk serve: ${stop}: closing the viewers and the session\n`);
  await server.close();
  groups?.close();
  log.close();
  if (fastAssembly?.installed) fastAssembly.restore();
  await closeCore(core, SERVER_CLOSED);
  setTimeout(() => process.exit(0), 1_000).unref();
  return 0;
}

/** The colours a viewer's terminal takes, from what its client said of it. */
function viewerLevel(io: ViewerIo, noColor: boolean): ColorLevel {
  return noColor ? 'none' : detectColorLevel({ TERM: io.terminal.term, COLORTERM: io.terminal.colorTerm }, []);
}

/**
 * One viewer on its SSH channel, whatever screen it shows (its group's or its own): the
 * alternate screen while it runs, given back before the channel ends.
 */
function viewerScreen(io: ViewerIo, show: () => { closed: Promise<void>; close(): void }): { closed: Promise<void>; close(): void } {
  io.stdout.write(ENTER);
  // ink hooks every instance to signal-exit, which re-raises a signal (ending the process at
  // once) when the process has no more listeners for it than signal-exit has exit hooks: with
  // n viewers that is up to n hooks against the server's one listener. One listener per viewer
  // keeps SIGTERM for the server's own orderly close.
  const hold = () => {};
  for (const s of STOP_SIGNALS) process.on(s, hold);
  const shown = show();
  const closed = shown.closed.then(() => {
    for (const s of STOP_SIGNALS) process.off(s, hold);
    io.stdout.write(LEAVE);
  });
  return { closed, close: () => shown.close() };
}

/** A viewer's own dashboard (its first key or resize took it out of its watch group, or sharing is off). */
function ownScreen(core: DashboardCore, io: ViewerIo, viewStore: ViewStore, level: ColorLevel, turns: ScreenTurns, gone: () => void): { closed: Promise<void>; close(): void } {
  const screen = mountDashboard(
    { ...core, level },
    {
      stdin: io.stdin,
      stdout: io.stdout,
      stderr: io.stderr,
      viewStore,
      readOnly: io.readOnly,
      readOnlyWhy: `read-only SSH key ${io.who.fingerprint}: its authorized_keys line has no environment="PERPDESK_TRADE=1"`,
      session: viewerSession(core.session, `ssh ${io.who.fingerprint}`, turns),
    },
  );
  let done = false;
  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const finish = () => {
    if (done) return;
    done = true;
    screen.unmount();
    gone();
    resolveClosed();
  };
  screen.quit.then(finish, finish);
  return { closed, close: finish };
}
