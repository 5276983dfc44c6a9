import type { AddressInfo } from 'node:net';
import { ExchangeCore, DEFAULT_RATE_LIMIT_PER_MIN, type ExchangeCoreOptions } from './core.js';
import { FaultInjector } from './http/faults.js';
import { createExchangeHttpServer } from './http/server.js';
import { BlockLoop, DEFAULT_BLOCK_MS, parseActivity } from './live/blockLoop.js';
import type { IndexFeed } from './live/indexFeed.js';
import type { OperatorInfo } from './operators.js';
import { openVenue, venueReadError, type OpenedVenue, type VenueSync } from './persist/sqliteVenue.js';
import { defaultMarketSetup } from './state/defaultMarket.js';
import type { MarketSetup } from './state/marketConfig.js';
import { attachWebSocket } from './streams/wsTransport.js';

/** Something started with the exchange (market bots, streams); the returned function runs at close. */
export type ExchangeExtension = (core: ExchangeCore, opts: StartExchangeOptions) => void | (() => void | Promise<void>);

export interface StartExchangeOptions extends ExchangeCoreOptions {
  /** Default 127.0.0.1 (open-points: loopback unless told otherwise). */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Serve POST /control from loopback peers. */
  control?: boolean;
  /** Market bots: off, calm, normal (default), busy or stress. Tests use off and place their own liquidity. */
  activity?: string;
  /** Block cadence of books, bots and settlement; default 100 ms. */
  blockMs?: number;
  extensions?: ExchangeExtension[];
  /**
   * The index of the contracts it prices follows this feed (`--replay-market`: a recording's
   * marks at a speed) instead of the random walk; the makers quote around it. Attached
   * before the bots start; closed with the exchange.
   */
  indexFeed?: IndexFeed;
  /**
   * The venue's state file (SQLite), created if missing and resumed if present; ':memory:'
   * or absent: the venue lives in memory and ends with the process.
   */
  db?: string;
  /** WAL sync of the state file: normal (default; survives the process dying) or full (also power loss). */
  dbSync?: VenueSync;
  /**
   * With `db`: move the file aside (renamed with the time, kept) and start a new venue. Only
   * once the venue is this process's own: one another process has open is refused, naming it.
   */
  fresh?: boolean;
}

/** What a stored venue must match to be resumed: its contracts. */
function marketIdentity(setup: MarketSetup): string {
  return setup.contracts.map((c) => `${c.contractId}:${c.name}`).join(',');
}

/** The core, on the state file when there is one. */
function createCore(opts: StartExchangeOptions): { core: ExchangeCore; movedAside?: string } {
  if (opts.db === undefined || opts.db === ':memory:') return { core: new ExchangeCore(opts) };
  const market = opts.market ?? defaultMarketSetup();
  const venue: OpenedVenue = openVenue(opts.db, {
    seed: opts.seed ?? 1,
    market: marketIdentity(market),
    ...(opts.dbSync ? { synchronous: opts.dbSync } : {}),
    ...(opts.fresh ? { fresh: true } : {}),
  });
  opts.log?.(venue.restored ? `${opts.db}: resuming the stored venue (it keeps its own seed)` : `${opts.db}: a new venue`);
  try {
    const core = new ExchangeCore({ ...opts, market, seed: venue.seed, clock: opts.clock ?? venue.clock, stores: venue.stores, persistence: venue.persistence });
    return venue.movedAside !== undefined ? { core, movedAside: venue.movedAside } : { core };
  } catch (e) {
    try {
      venue.persistence.close();
    } catch {
      // A damaged file may fail its last write too: the first error is the one to tell.
    }
    throw venueReadError(opts.db, e);
  }
}

export interface RunningExchange {
  /** http://host:port, the base of /exchange, /info and /control. */
  url: string;
  wsUrl: string;
  host: string;
  port: number;
  /** Codes still unused at start, one per registration. */
  inviteCodes: string[];
  operators: readonly OperatorInfo[];
  core: ExchangeCore;
  /** The block cadence: bots, settlement and per-block streams (tick() steps it by hand). */
  blocks: BlockLoop;
  /** With `fresh`: where the old venue file was moved (kept), if there was one. */
  movedAside?: string;
  close(): Promise<void>;
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the embedded exchange: the core plus HTTP and WebSocket on one port. */
export async function startExchange(opts: StartExchangeOptions = {}): Promise<RunningExchange> {
  const host = opts.host ?? '127.0.0.1';
  const activity = parseActivity(opts.activity, 'normal');
  const { core, movedAside } = createCore(opts);
  const feed = opts.indexFeed;
  if (feed) {
    try {
      await feed.attach(core);
    } catch (e) {
      feed.close();
      core.close();
      throw e;
    }
  }
  const blocks = new BlockLoop(core, { activity, blockMs: opts.blockMs ?? DEFAULT_BLOCK_MS, ...(feed ? { feed } : {}) });
  const faults = new FaultInjector();
  const server = createExchangeHttpServer(core, {
    faults,
    control: opts.control ?? false,
    rateLimitPerMin: opts.rateLimitPerMin ?? DEFAULT_RATE_LIMIT_PER_MIN,
  });
  const ws = attachWebSocket(server, core.hub);
  const disposers: (() => void | Promise<void>)[] = [];
  try {
    for (const extension of opts.extensions ?? []) {
      const dispose = extension(core, opts);
      if (dispose) disposers.push(dispose);
    }
    // The first block now rather than a block from now: the bots' first quotes are on the
    // book before the first request can read it.
    if (activity !== 'off') blocks.tick();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    for (const dispose of disposers.reverse()) await dispose();
    blocks.stop();
    feed?.close();
    core.close();
    await ws.close();
    throw e;
  }
  // After listen, a server error (e.g. EMFILE on accept) is reported, never thrown into the void.
  // Running out of descriptors is reported once per interval by the connection shedder, not once per failed accept.
  server.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EMFILE' && e.code !== 'ENFILE') opts.log?.(`http server: ${e.message}`);
  });
  blocks.start();
  const port = (server.address() as AddressInfo).port;
  const base = `${hostForUrl(host)}:${port}`;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      blocks.stop();
      feed?.close();
      for (const dispose of disposers.reverse()) await dispose();
      core.close();
      await ws.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    })());

  return {
    url: `http://${base}`,
    wsUrl: `ws://${base}/ws`,
    host,
    port,
    inviteCodes: core.invites.available(),
    operators: core.operators,
    core,
    blocks,
    ...(movedAside !== undefined ? { movedAside } : {}),
    close,
  };
}
