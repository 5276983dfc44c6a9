import { createServer, type AddressInfo, type Socket } from 'node:net';
import ssh2 from 'ssh2';
import type { AuthContext, ClientInfo, Connection, ServerChannel, Session } from 'ssh2';
import { findKey, readAuthorizedKeys, type AuthorizedKey, type AuthorizedKeys } from './authorizedKeys.js';
import { sshFingerprint } from './fingerprint.js';
import type { ServeLog, ServeLogEvent, ServeLogFields } from './serveLog.js';
import type { MountViewer } from './viewer.js';
import { viewerStreams, type ViewerStreams } from './viewerStreams.js';

export const DEFAULT_MAX_VIEWERS = 16;
/** Long: a monitoring viewer may watch for an hour without a key. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60 * 60_000;
export const DEFAULT_OUTPUT_BUFFER_BYTES = 1024 * 1024;
/** sshd's LoginGraceTime is 120 s; a person with a key needs far less. */
const LOGIN_GRACE_MS = 30_000;
/**
 * Connections not yet authenticated, as sshd's `MaxStartups start:rate:full` bounds them:
 * below `start` every one is taken; from `start` on a new one is dropped at once with
 * probability `rate`, rising linearly to certainty at `full`.
 */
export const MAX_STARTUPS = { start: 16, rate: 0.3, full: 64 } as const;
/**
 * Of those, at most this many from one source (an IPv4 address, an IPv6 /64), as sshd's
 * `PerSourceMaxStartups`: one source cannot hold the others out.
 */
export const PER_SOURCE_MAX_STARTUPS = 8;
/**
 * Logged-in connections beyond `--max-viewers`: room for a viewer being turned away or
 * reconnecting. Each must open its shell within the login grace too.
 */
export const SPARE_CONNECTIONS = 4;
/** Authentication requests per connection, as sshd's MaxAuthTries (a client offering keys one by one uses one each). */
const MAX_AUTH_TRIES = 10;
/** How long a closing viewer may take to restore its screen, and a closing socket to flush. */
const CLOSE_GRACE_MS = 2_000;
/**
 * The largest screen a viewer gets, whatever its client asks for (a pty request or a
 * `window-change` of 10000x10000 would otherwise cost gigabytes of cells): a bigger
 * terminal shows a 500x200 dashboard in its top-left corner.
 */
export const MAX_SCREEN = { cols: 500, rows: 200 } as const;

/** A client's terminal size as the viewer gets it: 80x24 for 0 (unknown), at most MAX_SCREEN. */
export function screenSize(cols: number, rows: number): { cols: number; rows: number } {
  const clamp = (n: number, fallback: number, max: number) => (Number.isSafeInteger(n) && n > 0 ? Math.min(n, max) : fallback);
  return { cols: clamp(cols, 80, MAX_SCREEN.cols), rows: clamp(rows, 24, MAX_SCREEN.rows) };
}

export interface SshServerOptions {
  /** Where to listen (`--ssh HOST:PORT`); port 0 picks a free one. */
  host: string;
  port: number;
  /** The host private key (loadHostKey). */
  hostKey: Buffer | string;
  /**
   * The authorized_keys file (`--authorized-keys`). Read again for each connection, as sshd
   * does, so a key removed from it stops working without a restart.
   */
  authorizedKeysFile: string;
  mountViewer: MountViewer;
  /** `--max-viewers`, default 16. */
  maxViewers?: number;
  /** No input for this long ends a viewer, with a message; 0 never. Default 60 minutes. */
  idleTimeoutMs?: number;
  /** Unsent output a viewer may hold before it is dropped. Default 1 MiB. */
  outputBufferBytes?: number;
  log?: ServeLog;
  /** Called whenever the number of viewers changes, for the status bar. */
  onViewerCount?(count: number): void;
  /** How long a connection has to log in, then to open its shell. Default 30 s. */
  loginGraceMs?: number;
  /** Draws the early drop of MaxStartups (tests). Default Math.random. */
  random?(): number;
}

export interface SshServer {
  host: string;
  port: number;
  viewerCount(): number;
  /** Stops listening, tells each viewer the server is going, and ends every connection. */
  close(): Promise<void>;
}

interface Peer {
  socket: Socket;
  /** `ip:port` (`[ip]:port` for IPv6), as logged. */
  address: string;
  ip: string;
  /** Whose share of MAX_STARTUPS this connection uses (sourceOf). */
  source: string;
  authenticated: boolean;
  /** The last reason a login attempt failed, logged if the connection ends unauthenticated. */
  refusal: string;
  user: string;
  key?: AuthorizedKey;
  keys?: Promise<AuthorizedKeys>;
  tries: number;
  /** One session channel per connection: a second is refused. */
  session: boolean;
  /** A shell was asked for (a viewer started or was turned away). */
  shell?: boolean;
  /** Why the viewer ended, for the disconnect line. */
  endReason?: string;
  viewer?: Viewer;
  conn?: Connection;
}

interface Viewer {
  /** Ends the viewer: restores its screen, then prints `message` if given. */
  end(reason: string, message?: string): Promise<void>;
  done: Promise<void>;
}

/**
 * `perpdesk serve`'s SSH server: public keys from an authorized_keys file, one session
 * channel with a pty and a shell per connection, and that shell is a dashboard mounted by
 * `mountViewer`. Nothing else is served: no exec, subsystem, forwarding, agent or X11.
 */
export async function startSshServer(o: SshServerOptions): Promise<SshServer> {
  const maxViewers = o.maxViewers ?? DEFAULT_MAX_VIEWERS;
  const idleTimeoutMs = o.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const outputBufferBytes = o.outputBufferBytes ?? DEFAULT_OUTPUT_BUFFER_BYTES;
  const loginGraceMs = o.loginGraceMs ?? LOGIN_GRACE_MS;
  const random = o.random ?? Math.random;
  const maxConnections = maxViewers + SPARE_CONNECTIONS;
  const peers = new Map<string, Peer>();
  let viewers = 0;
  let closing = false;

  const log = (event: ServeLogEvent, fields: ServeLogFields) => {
    try {
      o.log?.write(event, fields);
    } catch {
      // A full disk must not take the viewers down with it.
    }
  };
  const setViewers = (n: number) => {
    viewers = n;
    o.onViewerCount?.(n);
  };

  const ssh = new ssh2.Server({ hostKeys: [o.hostKey], ident: 'perpdesk' }, (conn, info) => onConnection(conn, info));
  ssh.on('error', () => undefined);

  const tcp = createServer((socket) => {
    const ip = plainIp(socket.remoteAddress);
    const address = formatAddress(socket.remoteAddress, socket.remotePort);
    socket.on('error', () => undefined);
    const source = sourceOf(ip);
    let pending = 0;
    let fromSource = 0;
    for (const p of peers.values()) {
      if (p.authenticated) continue;
      pending++;
      if (p.source === source) fromSource++;
    }
    const refused = closing ? 'server closing' : admitStartup(pending, fromSource, random);
    if (refused) {
      log('refuse', { address, reason: refused });
      socket.destroy();
      return;
    }
    const peer: Peer = { socket, address, ip, source, authenticated: false, refusal: 'no key offered', user: '', tries: 0, session: false };
    peers.set(address, peer);
    const grace = setTimeout(() => {
      if (peer.authenticated) return;
      peer.refusal = `not logged in within ${duration(loginGraceMs)}`;
      socket.destroy();
    }, loginGraceMs);
    socket.once('close', () => {
      clearTimeout(grace);
      peers.delete(address);
      if (!peer.authenticated) log('refuse', { address, user: peer.user || undefined, reason: peer.refusal });
    });
    ssh.injectSocket(socket);
  });

  function onConnection(conn: Connection, info: ClientInfo): void {
    const peer = peers.get(formatAddress(info.ip, info.port));
    if (!peer) {
      conn.end();
      return;
    }
    peer.conn = conn;
    // Frames are small writes answering keys: without TCP_NODELAY, Nagle's algorithm holds a
    // frame until the client acknowledges the last one, which it may delay (sshd sets it for
    // every interactive session too).
    (conn as Connection & { setNoDelay?(on: boolean): void }).setNoDelay?.(true);
    conn.on('error', () => undefined);
    conn.on('authentication', (ctx) => void authenticate(peer, ctx));
    conn.on('ready', () => {
      peer.authenticated = true;
      const loggedIn = [...peers.values()].filter((p) => p.authenticated).length;
      if (loggedIn > maxConnections) {
        // Counted before anything is opened: logged-in connections are not a free resource either.
        peer.endReason = `turned away: more than ${maxConnections} connections logged in (--max-viewers ${maxViewers} and ${SPARE_CONNECTIONS} more)`;
        log('refuse', { fingerprint: peer.key?.fingerprint, address: peer.address, reason: peer.endReason });
        conn.end();
        setTimeout(() => peer.socket.destroy(), CLOSE_GRACE_MS).unref();
        return;
      }
      log('connect', { fingerprint: peer.key?.fingerprint, address: peer.address, user: peer.user, access: access(peer) });
      // A connection is for a viewer: one that opens no shell within the grace is closed.
      const noShell = setTimeout(() => {
        if (peer.shell) return;
        peer.endReason = `no shell opened within ${duration(loginGraceMs)}`;
        conn.end();
        setTimeout(() => peer.socket.destroy(), CLOSE_GRACE_MS).unref();
      }, loginGraceMs);
      peer.socket.once('close', () => clearTimeout(noShell));
      conn.on('session', (accept, reject) => {
        if (peer.session || closing) return reject();
        peer.session = true;
        onSession(peer, accept());
      });
      conn.on('tcpip', (_accept, reject) => refuse(peer, 'port forwarding refused', reject));
      conn.on('openssh.streamlocal', (_accept, reject) => refuse(peer, 'socket forwarding refused', reject));
      conn.on('request', (_accept, reject, name) => refuse(peer, `${name} refused`, reject));
    });
    conn.on('close', () => {
      if (!peer.authenticated) return;
      void peer.viewer?.end('client closed the connection');
      log('disconnect', { fingerprint: peer.key?.fingerprint, address: peer.address, reason: peer.endReason ?? 'client closed the connection' });
    });
  }

  async function authenticate(peer: Peer, ctx: AuthContext): Promise<void> {
    peer.user = ctx.username;
    if (++peer.tries > MAX_AUTH_TRIES) {
      peer.refusal = `more than ${MAX_AUTH_TRIES} login attempts`;
      ctx.reject([]);
      peer.conn?.end();
      return;
    }
    if (ctx.method !== 'publickey') {
      // 'none' is every client's opening question, not an attempt worth reporting.
      if (ctx.method !== 'none') peer.refusal = `${ctx.method} authentication not accepted`;
      return ctx.reject(['publickey']);
    }
    const offered = sshFingerprint(ctx.key.data);
    let key: AuthorizedKey | undefined;
    try {
      peer.keys ??= readAuthorizedKeys(o.authorizedKeysFile);
      key = findKey((await peer.keys).keys, ctx.key.data);
    } catch (e) {
      peer.refusal = `authorized keys unusable: ${(e as Error).message}`;
      return ctx.reject(['publickey']);
    }
    if (!key) {
      peer.refusal = `unknown key ${offered}`;
      return ctx.reject(['publickey']);
    }
    const why = key.refusal(peer.ip, new Date());
    if (why) {
      peer.refusal = `${offered}: ${why}`;
      return ctx.reject(['publickey']);
    }
    // Without a signature the client only asks whether the key would do.
    if (!ctx.signature || !ctx.blob) return ctx.accept();
    if (key.key.verify(ctx.blob, ctx.signature, ctx.hashAlgo) !== true) {
      peer.refusal = `bad signature for ${offered}`;
      return ctx.reject(['publickey']);
    }
    peer.key = key;
    ctx.accept();
  }

  function refuse(peer: Peer, reason: string, reject: (() => void) | undefined): void {
    reject?.();
    log('refuse', { fingerprint: peer.key?.fingerprint, address: peer.address, reason });
  }

  function onSession(peer: Peer, session: Session): void {
    let pty: { cols: number; rows: number; term: string } | undefined;
    let colorTerm: string | undefined;
    let streams: ViewerStreams | undefined;
    /** The shell's channel once open: ssh2 then answers no request on it, so refusals are sent here. */
    let open: ServerChannel | undefined;
    const no = (reject: (() => void) | undefined): (() => void) | undefined => (open && reject ? () => refuseOnChannel(open!) : reject);
    session.on('pty', (accept, _reject, info) => {
      // TERM is the client's word: kept only if it looks like a terminal name.
      pty = { ...screenSize(info.cols, info.rows), term: /^[\w.+-]{1,64}$/.test(info.term) ? info.term : 'xterm' };
      accept?.();
    });
    session.on('window-change', (accept, _reject, info) => {
      if (pty && info.cols > 0 && info.rows > 0) {
        const size = screenSize(info.cols, info.rows);
        pty.cols = size.cols;
        pty.rows = size.rows;
        // Coalesced there: a storm of window-changes redraws once a frame, at the last size.
        streams?.resize(size.cols, size.rows);
      }
      accept?.();
    });
    session.on('env', (accept, reject, info) => {
      if (info.key === 'COLORTERM' && /^[\w-]{1,32}$/.test(info.val)) {
        colorTerm = info.val;
        accept?.();
      } else reject?.();
    });
    session.on('exec', (_accept, reject) => refuse(peer, 'exec refused', no(reject)));
    session.on('subsystem', (_accept, reject, info) => refuse(peer, `subsystem ${info.name} refused`, no(reject)));
    session.on('sftp', (_accept, reject) => refuse(peer, 'subsystem sftp refused', no(reject)));
    session.on('x11', (_accept, reject) => refuse(peer, 'x11 forwarding refused', no(reject)));
    session.on('auth-agent', (_accept, reject) => refuse(peer, 'agent forwarding refused', no(reject)));
    session.on('signal', (_accept, reject) => no(reject)?.());
    session.on('shell', (accept) => {
      peer.shell = true;
      const channel = accept();
      open = channel;
      channel.on('error', () => undefined);
      if (!pty) return turnAway(peer, channel, 'no terminal requested', 'perpdesk serve draws a dashboard and needs a terminal: connect with ssh -t, not -T.');
      if (closing) return turnAway(peer, channel, 'server closing', 'perpdesk serve is shutting down.');
      if (viewers >= maxViewers) {
        return turnAway(
          peer,
          channel,
          `max viewers (${maxViewers}) reached`,
          `perpdesk serve already has ${maxViewers} viewers, the most it takes (--max-viewers). Try again later.`,
        );
      }
      const size = pty;
      startViewer(peer, channel, size, colorTerm, (s) => (streams = s));
    });
  }

  function turnAway(peer: Peer, channel: ServerChannel, reason: string, message: string): void {
    log('refuse', { fingerprint: peer.key?.fingerprint, address: peer.address, reason });
    peer.endReason = `turned away: ${reason}`;
    channel.write(`\r\n${message}\r\n`);
    channel.exit(1);
    channel.end();
    // The connection may carry nothing else.
    channel.once('close', () => peer.conn?.end());
  }

  function startViewer(
    peer: Peer,
    channel: ServerChannel,
    pty: { cols: number; rows: number; term: string },
    colorTerm: string | undefined,
    setStreams: (s: ViewerStreams) => void,
  ): void {
    const key = peer.key!;
    setViewers(viewers + 1);
    let ended = false;
    /** The face said it is done (q), so there is nothing to ask it to close. */
    let quit = false;
    /** The client closed the channel: nothing more can be sent on it. */
    let channelGone = false;
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    let idle: NodeJS.Timeout | undefined;
    let mounted: ReturnType<MountViewer> | undefined;

    const finish = (exitCode: number, message?: string) => {
      if (!channelGone && channel.writable) {
        if (message) channel.write(`\r\n${message}\r\n`);
        channel.exit(exitCode);
        channel.end();
        channel.once('close', () => peer.conn?.end());
      } else peer.conn?.end();
      // A client that reads nothing never lets the socket drain: cut it.
      setTimeout(() => peer.socket.destroy(), CLOSE_GRACE_MS).unref();
    };

    const end = async (reason: string, message?: string, exitCode = 0): Promise<void> => {
      if (ended) return done;
      ended = true;
      clearTimeout(idle);
      if (!quit) mounted?.close();
      if (mounted) await Promise.race([mounted.closed.catch(() => undefined), delay(CLOSE_GRACE_MS)]);
      streams.dispose();
      setViewers(viewers - 1);
      peer.endReason = reason;
      finish(exitCode, message);
      resolveDone();
    };

    const streams = viewerStreams(channel, {
      cols: pty.cols,
      rows: pty.rows,
      outputBufferBytes,
      onBackedUp: () => {
        // Nothing more can reach this client; stop its dashboard and close the channel unflushed.
        if (ended) return;
        ended = true;
        clearTimeout(idle);
        streams.dispose();
        // Called from inside the face's own write: let it finish the frame before unmounting.
        setImmediate(() => mounted?.close());
        setViewers(viewers - 1);
        peer.endReason = 'dropped: output backed up';
        log('drop', { fingerprint: key.fingerprint, address: peer.address, reason: `output backed up past ${outputBufferBytes} bytes` });
        channel.close();
        peer.conn?.end();
        setTimeout(() => peer.socket.destroy(), CLOSE_GRACE_MS).unref();
        resolveDone();
      },
      onInput: () => idle?.refresh(),
    });
    setStreams(streams);
    peer.viewer = { end: (reason, message) => end(reason, message), done };
    channel.once('close', () => {
      channelGone = true;
      void end('client closed the channel');
    });

    if (idleTimeoutMs > 0) {
      idle = setTimeout(() => void end('idle timeout', `perpdesk serve: closed after ${duration(idleTimeoutMs)} without input.`), idleTimeoutMs);
    }

    try {
      mounted = o.mountViewer({
        stdin: streams.stdin,
        stdout: streams.stdout,
        stderr: streams.stderr,
        readOnly: !key.trading,
        who: { fingerprint: key.fingerprint, address: peer.address, comment: key.comment },
        terminal: colorTerm === undefined ? { term: pty.term } : { term: pty.term, colorTerm },
      });
    } catch (e) {
      log('refuse', { fingerprint: key.fingerprint, address: peer.address, reason: `dashboard failed to start: ${(e as Error).message}` });
      void end('dashboard failed to start', 'perpdesk serve could not start a dashboard; see the server log.', 1);
      return;
    }
    mounted.closed.then(
      () => {
        quit = true;
        void end('viewer quit');
      },
      () => void end('dashboard failed', undefined, 1),
    );
  }

  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(o.port, o.host, () => {
      tcp.off('error', reject);
      resolve();
    });
  });
  tcp.on('error', () => undefined);
  const bound = tcp.address() as AddressInfo;
  log('listen', { address: formatAddress(bound.address, bound.port), maxViewers, idleTimeoutMs, outputBufferBytes });

  return {
    host: bound.address,
    port: bound.port,
    viewerCount: () => viewers,
    async close() {
      if (closing) return;
      closing = true;
      const closed = new Promise<void>((r) => tcp.close(() => r()));
      const ending = [...peers.values()].map(async (p) => {
        await p.viewer?.end('server closing', 'perpdesk serve is shutting down.');
        p.conn?.end();
      });
      await Promise.all(ending);
      // Whatever has not closed by now (a client that reads nothing) is cut.
      await Promise.race([Promise.all([...peers.values()].map((p) => new Promise((r) => p.socket.once('close', r)))), delay(CLOSE_GRACE_MS)]);
      for (const p of peers.values()) p.socket.destroy();
      await closed;
      log('close', {});
    },
  };
}

/**
 * Whether one more connection may start logging in, given how many are logging in and how
 * many of those are from its source: undefined when it may, else why not (MaxStartups and
 * PerSourceMaxStartups, as sshd applies them).
 */
export function admitStartup(pending: number, fromSource: number, random: () => number): string | undefined {
  if (fromSource >= PER_SOURCE_MAX_STARTUPS) return `more than ${PER_SOURCE_MAX_STARTUPS} connections logging in from one source`;
  const { start, rate, full } = MAX_STARTUPS;
  if (pending >= full) return `${full} connections logging in, the most taken`;
  if (pending < start) return undefined;
  const p = rate + ((1 - rate) * (pending - start)) / (full - start);
  return random() < p ? `${pending} connections logging in: dropped early (${Math.round(p * 100)} %)` : undefined;
}

/** A source for PER_SOURCE_MAX_STARTUPS: the IPv4 address, or the /64 of an IPv6 one (one host's whole share, as sshd's PerSourceNetBlockSize 32:64). */
function sourceOf(ip: string): string {
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g === '' ? '0' : g.toLowerCase().replace(/^0+(?=.)/, '')))
    .join(':')}::/64`;
}

/**
 * Answers a request on an open shell channel with CHANNEL_FAILURE: ssh2 answers nothing once
 * a channel has started (its reject() does nothing then), and a client waiting on a reply would
 * wait for ever.
 */
function refuseOnChannel(channel: ServerChannel): void {
  const c = channel as unknown as { outgoing?: { id?: number; state?: string }; _client?: { _protocol?: { channelFailure?(id: number): void } } };
  if (c.outgoing?.state !== 'open' || c.outgoing.id === undefined) return;
  try {
    c._client?._protocol?.channelFailure?.(c.outgoing.id);
  } catch {
    // The connection is going; nothing to answer.
  }
}

function access(peer: Peer): string {
  return peer.key?.trading ? 'trading' : 'read-only';
}

/** An IPv4 client on a dual-stack socket shows as `::ffff:a.b.c.d`; people and from= patterns write `a.b.c.d`. */
function plainIp(ip: string | undefined): string {
  return (ip ?? '?').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

function formatAddress(ip: string | undefined, port: number | undefined): string {
  const host = plainIp(ip);
  return host.includes(':') ? `[${host}]:${port ?? '?'}` : `${host}:${port ?? '?'}`;
}

function duration(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (ms % 60_000 === 0) return plural(ms / 60_000, 'minute');
  return plural(Math.round(ms / 100) / 10, 'second');
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}
