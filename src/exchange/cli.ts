import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { describeSecpBackend } from '../protocol/index.js';
import { terminalSafe } from '../protocol/safeText.js';
import { VenueFileError } from './persist/venueFileError.js';
import { IndexFeedError, type IndexFeed } from './live/indexFeed.js';
import { startExchange, type RunningExchange, type StartExchangeOptions } from './startExchange.js';
import { INVITE_CODE_RE } from './state/inviteCodes.js';
import { defaultActiveCount, largeMarket, MAX_CONTRACTS } from './state/largeMarket.js';
import { DEFAULT_WS_LIMITS, type WsLimits } from './streams/wsLimits.js';

export const EXCHANGE_USAGE = `usage: perpdesk exchange [options]
  --host HOST              listen address (default 127.0.0.1)
  --port N                 port, 0 picks a free one (default 0)
  --invite-codes A1B2C3,.. invite codes to accept (6 letters or digits each)
  --invite-count N         invite codes to generate (default 10, or 0 when --invite-codes is given)
  --seed N                 seed for invite codes, operator keys and the market (default random)
  --credit-delay-ms N      delay of the 10,000 USDC registration credit (default 2000)
  --rate-limit N           requests per minute per IP and per signer, 0 = off (default 1200)
  --control                serve POST /control to loopback clients (test hooks)
  --activity LEVEL         market bots: off, calm, normal, busy, stress (default normal)
  --block-ms N             block cadence of books, bots and settlement (default 100)
  --contracts N            list N Active contracts: the default ones, then generated GEN05...
                           (3 to 200; default 3); the bots quote the first 10, the rest are
                           quiet books that only accounts trade on (for measuring big listings)
  --operator-keys-file P   write the market deployers' operator keys to P (mode 0600)
  --db FILE                keep the venue in this SQLite file (mode 0600), resumed on the next
                           start; :memory: (default) keeps it in memory only
  --db-sync normal|full    normal (default): what was answered survives the process dying;
                           full: also a power cut, at an fsync per request
  --fresh                  with --db: move an existing FILE aside (renamed with the time) and
                           start a new venue
  --ws-rate-limit N        WebSocket message weight per minute per connection, 0 = off
                           (default ${DEFAULT_WS_LIMITS.messagesPerMin}; off with --rate-limit 0)
  --ws-ip-rate-limit N     the same per client IP, upgrades included (default ${DEFAULT_WS_LIMITS.messagesPerMinPerIp}; off with --rate-limit 0)
  --ws-auth-limit N        WebSocket auth attempts per minute per client IP (default ${DEFAULT_WS_LIMITS.authPerMinPerIp}; off with --rate-limit 0)
  --ws-max-per-ip N        WebSocket connections per client IP (default ${DEFAULT_WS_LIMITS.maxConnectionsPerIp} of ${DEFAULT_WS_LIMITS.maxConnections})
  --ws-outbound-kib N      outbound bytes not yet read by WebSocket clients, all together, in KiB
                           (default ${DEFAULT_WS_LIMITS.outboundBudgetBytes / 1024})
  --ws-drain-ms N          how long a WebSocket client may stay behind before it is closed (default ${DEFAULT_WS_LIMITS.drainMs})
  --replay-market PATH     paper trading a past session: the index of each contract a recording
                           prices (perpdesk record, --record) follows its marks (its trades where
                           no mark was recorded), the makers quoting around it; at its end the
                           index holds the last price (docs/recording.md)
  --speed S                the replay's pace, 0.5 to 50 times real time (default 1)
  -h, --help               this text`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Resolves when the process is asked to stop (SIGINT / SIGTERM). */
  stopSignal: () => Promise<string>;
  /**
   * `--replay-market PATH [--speed S]`: the feed that reads the recording (src/cli.ts gives
   * src/session/marketReplay.ts's, which the exchange's layer may not import). A mistake in
   * PATH or S is thrown as an Error whose message is for the user.
   */
  replayMarket?: (path: string, speed: string | undefined, log: (line: string) => void) => IndexFeed;
}

export const defaultIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stopSignal: () =>
    new Promise((resolve) => {
      const on = (signal: string): void => {
        process.off('SIGINT', on);
        process.off('SIGTERM', on);
        resolve(signal);
      };
      process.on('SIGINT', on);
      process.on('SIGTERM', on);
    }),
};

class UsageError extends Error {}

function integer(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} expects a whole number from ${min} to ${max}, got "${text}"`);
  }
  return Number(text);
}

type ParsedExchangeArgs = StartExchangeOptions & { operatorKeysFile?: string; replayMarket?: { path: string; speed?: string } };

export function parseExchangeArgs(argv: string[]): ParsedExchangeArgs | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'invite-codes': { type: 'string' },
        'invite-count': { type: 'string' },
        seed: { type: 'string' },
        'credit-delay-ms': { type: 'string' },
        'rate-limit': { type: 'string' },
        control: { type: 'boolean' },
        activity: { type: 'string' },
        'block-ms': { type: 'string' },
        contracts: { type: 'string' },
        'operator-keys-file': { type: 'string' },
        db: { type: 'string' },
        'db-sync': { type: 'string' },
        fresh: { type: 'boolean' },
        'ws-rate-limit': { type: 'string' },
        'ws-ip-rate-limit': { type: 'string' },
        'ws-auth-limit': { type: 'string' },
        'ws-max-per-ip': { type: 'string' },
        'ws-outbound-kib': { type: 'string' },
        'ws-drain-ms': { type: 'string' },
        'replay-market': { type: 'string' },
        speed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const o = parsed.values;
  if (o.help) return 'help';
  const codes = o['invite-codes']
    ?.split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  for (const code of codes ?? []) {
    if (!INVITE_CODE_RE.test(code)) throw new UsageError(`--invite-codes: "${code}" is not 6 letters or digits`);
  }
  const activity = o.activity;
  if (activity !== undefined && !['off', 'calm', 'normal', 'busy', 'stress'].includes(activity)) {
    throw new UsageError(`--activity expects off, calm, normal, busy or stress, got "${activity}"`);
  }
  const dbSync = o['db-sync'];
  if (dbSync !== undefined && dbSync !== 'normal' && dbSync !== 'full') throw new UsageError(`--db-sync expects normal or full, got "${dbSync}"`);
  if (o.db === '') throw new UsageError('--db expects a file name (or :memory:)');
  const memory = o.db === undefined || o.db === ':memory:';
  if (memory && (o.fresh || dbSync !== undefined)) throw new UsageError(`--${o.fresh ? 'fresh' : 'db-sync'} needs --db FILE`);
  if (o['replay-market'] === '') throw new UsageError('--replay-market expects a recording (a file or a folder)');
  if (o.speed !== undefined && o['replay-market'] === undefined) throw new UsageError('--speed goes with --replay-market PATH');
  const opts: ParsedExchangeArgs = {
    host: o.host ?? '127.0.0.1',
    port: integer('port', o.port, 0, 65535) ?? 0,
    seed: integer('seed', o.seed, 0, 2 ** 32 - 1) ?? randomBytes(4).readUInt32BE(0),
    control: o.control ?? false,
  };
  if (codes) opts.inviteCodes = codes;
  const count = integer('invite-count', o['invite-count'], 0, 10_000);
  if (count !== undefined) opts.inviteCount = count;
  const delay = integer('credit-delay-ms', o['credit-delay-ms'], 0, 3_600_000);
  if (delay !== undefined) opts.creditDelayMs = delay;
  const rate = integer('rate-limit', o['rate-limit'], 0, 1_000_000);
  if (rate !== undefined) opts.rateLimitPerMin = rate;
  if (activity !== undefined) opts.activity = activity;
  const blockMs = integer('block-ms', o['block-ms'], 1, 60_000);
  if (blockMs !== undefined) opts.blockMs = blockMs;
  const contracts = integer('contracts', o.contracts, defaultActiveCount(), MAX_CONTRACTS);
  if (contracts !== undefined && contracts > defaultActiveCount()) {
    const { market, listQuiet } = largeMarket(contracts);
    opts.market = market;
    opts.extensions = [listQuiet];
  }
  if (o['operator-keys-file'] !== undefined) opts.operatorKeysFile = o['operator-keys-file'];
  if (!memory) opts.db = o.db;
  if (dbSync !== undefined) opts.dbSync = dbSync;
  if (o.fresh) opts.fresh = true;
  const ws: Partial<WsLimits> = {};
  const set = <K extends keyof WsLimits>(key: K, value: number | undefined): void => {
    if (value !== undefined) ws[key] = value;
  };
  set('messagesPerMin', integer('ws-rate-limit', o['ws-rate-limit'], 0, 1_000_000));
  set('messagesPerMinPerIp', integer('ws-ip-rate-limit', o['ws-ip-rate-limit'], 0, 1_000_000));
  set('authPerMinPerIp', integer('ws-auth-limit', o['ws-auth-limit'], 0, 1_000_000));
  set('maxConnectionsPerIp', integer('ws-max-per-ip', o['ws-max-per-ip'], 1, DEFAULT_WS_LIMITS.maxConnections));
  const kib = integer('ws-outbound-kib', o['ws-outbound-kib'], 64, 4 * 1024 * 1024);
  set('outboundBudgetBytes', kib === undefined ? undefined : kib * 1024);
  set('drainMs', integer('ws-drain-ms', o['ws-drain-ms'], 100, 60_000));
  if (Object.keys(ws).length > 0) opts.wsLimits = ws;
  if (o['replay-market'] !== undefined) opts.replayMarket = { path: o['replay-market'], ...(o.speed !== undefined ? { speed: o.speed } : {}) };
  return opts;
}

/** Keys go to a file only the user can read, never to the terminal or a log. */
async function writeOperatorKeys(file: string, exchange: RunningExchange): Promise<void> {
  const target = path.resolve(file);
  const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  const body = exchange.operators.map((op) => ({ marketDeployerId: op.marketDeployerId, address: op.address, privateKey: op.privateKey }));
  try {
    await fsp.writeFile(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    await fsp.rename(tmp, target);
  } catch (e) {
    await fsp.rm(tmp, { force: true }).catch(() => undefined);
    throw new Error(`cannot write --operator-keys-file ${file}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

/** `perpdesk exchange ...`: runs until SIGINT/SIGTERM; the exit code is the result. */
export async function exchangeMain(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let opts;
  try {
    opts = parseExchangeArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`perpdesk exchange: ${e.message}\n${EXCHANGE_USAGE}\n`);
    return 2;
  }
  if (opts === 'help') {
    io.stdout(`${EXCHANGE_USAGE}\n`);
    return 0;
  }
  const { operatorKeysFile, replayMarket, ...startOpts } = opts;
  // A file name, a database's or an OS error text: made safe for the terminal, as every banner.
  const log = (line: string): void => io.stderr(`perpdesk exchange: ${terminalSafe(line)}\n`);
  if (replayMarket) {
    if (!io.replayMarket) {
      log('--replay-market is not available here');
      return 2;
    }
    try {
      startOpts.indexFeed = io.replayMarket(replayMarket.path, replayMarket.speed, log);
    } catch (e) {
      log(e instanceof Error ? e.message : String(e));
      return 2;
    }
  }
  let exchange: RunningExchange;
  try {
    // --fresh moves the old file aside inside, once the venue is this process's own.
    exchange = await startExchange({ ...startOpts, log });
    if (exchange.movedAside) log(`--fresh: the old venue is kept as ${exchange.movedAside}`);
  } catch (e) {
    if (e instanceof VenueFileError) {
      log(e.message);
      return 1;
    }
    if (e instanceof IndexFeedError) {
      log(`--replay-market: ${e.message}`);
      return 2;
    }
    const code = (e as NodeJS.ErrnoException).code;
    // Only the socket's own errors are about listening; anything else says what it is.
    const listening = (e as NodeJS.ErrnoException).syscall === 'listen' || code === 'EADDRINUSE' || code === 'EADDRNOTAVAIL';
    const why = code === 'EADDRINUSE' ? 'the port is in use' : code === 'EACCES' ? 'permission denied' : e instanceof Error ? e.message : String(e);
    log(listening ? `cannot listen on ${startOpts.host}:${startOpts.port}: ${why}` : `cannot start: ${why}`);
    return 1;
  }
  try {
    if (operatorKeysFile !== undefined) await writeOperatorKeys(operatorKeysFile, exchange);
  } catch (e) {
    log(e instanceof Error ? e.message : String(e));
    await exchange.close();
    return 1;
  }
  const stopped = io.stopSignal();
  // On stderr with the other notes: stdout stays the listening line and the codes that scripts read.
  log(`signatures verified with ${describeSecpBackend()}`);
  io.stdout(`perpdesk exchange listening on ${exchange.url} (${exchange.wsUrl})\n`);
  // Labelled, one a line: a person reads what each line is, a script still reads the codes with a simple pattern.
  for (const code of exchange.inviteCodes) io.stdout(`invite code: ${code}\n`);
  if (startOpts.indexFeed) log(startOpts.indexFeed.describe());
  await stopped;
  await exchange.close();
  return 0;
}
