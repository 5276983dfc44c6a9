import { randomInt } from 'node:crypto';
import path from 'node:path';
import { NonceManager } from '../protocol/index.js';
import { HttpTransport, type HttpOptions } from '../client/http.js';
import { EMBEDDED_HTTP } from './embeddedHttp.js';
import { inProcessSender } from './embeddedDirect.js';
import { InfoClient } from '../client/infoClient.js';
import { NonceFileStore } from '../client/nonceFileStore.js';
import { startExchange } from '../exchange/startExchange.js';
import { errCode, readSecretFile, writeFileAtomic } from '../wallet/fsutil.js';
import { KeySourceError, type PrivateKey } from '../wallet/index.js';
import { demoKey } from './demoKey.js';
import { marketReplay } from './marketReplay.js';
import { removeEndpoint, writeEndpoint } from './endpointFile.js';
import type { InitialMarket } from './initialMarket.js';
import { AGENT_LIFETIME_MS, AGENT_NAME, runOnboarding } from './onboarding.js';
import { prepareStateDir } from './stateDir.js';

/**
 * `npm start` with no --url: the embedded exchange in-process on a free loopback port, demo
 * master and agent keys created once under the state directory and reused, and the account
 * onboarded in the background so the first frame does not wait for it.
 */
export interface EmbeddedOptions {
  stateDir: string;
  activity?: 'off' | 'calm' | 'normal' | 'busy' | 'stress';
  /** The exchange's seed (tests, benchmarks); default the state directory's own (embeddedSeed). */
  seed?: number;
  /** 0 (default): a free port. */
  port?: number;
  contractName?: string;
  onProgress?: (step: string) => void;
  /**
   * Registration credit delay. 0 by default: a paper venue has no reason to make its only
   * user wait, and a start is ready to trade sooner (docs/performance.md, start-up).
   */
  creditDelayMs?: number;
  /** Record the address in the state directory while running, so commands reach this exchange. */
  advertise?: boolean;
  /**
   * The venue's state file. Default `embedded/exchange.sqlite` in the state directory, so
   * accounts, orders, positions, fills and candles outlive the process; with an explicit
   * `seed` (a replayable market for tests and benchmarks) the default is ':memory:'.
   */
  db?: string;
  /** Move the state file aside (kept, renamed with the time) and start a new venue. */
  fresh?: boolean;
  /** The agent to approve and sign with instead of the state directory's own (one generated on the dashboard). */
  agent?: PrivateKey;
  /**
   * `--replay-market`: the index follows this recording at `speed` (as typed, default 1), on a
   * venue in memory (the stored one is left as it was); `onProgress` says what is followed
   * and when the recording ends.
   */
  replayMarket?: { path: string; speed?: string };
}

/** The embedded venue's state file under a state directory. */
export function embeddedVenueFile(stateDir: string): string {
  return path.join(stateDir, 'embedded', 'exchange.sqlite');
}

export interface EmbeddedExchange {
  url: string;
  wsUrl: string;
  master: PrivateKey;
  agent: PrivateKey;
  /** The master's address, lowercase. */
  address: string;
  /** One nonce sequence for onboarding and the session, so their signatures never collide. */
  nonces: NonceManager;
  /** Settles when the account is registered, funded, enrolled, collateralised and the agent approved. */
  ready: Promise<void>;
  /** Set when the demo agent was revoked since start-up approved it: not approved again, and why. */
  agentRevoked?: string;
  /** The contracts and every Active book, read as startEmbedded returns: createSession's `initial`. */
  initial?: InitialMarket;
  close(): Promise<void>;
}


/**
 * Starts the exchange, loads or creates the demo keys and onboards the account; resolves once
 * the agent is approved, with the market as it stands (`initial`).
 */
export async function startEmbedded(o: EmbeddedOptions): Promise<EmbeddedExchange> {
  prepareStateDir(o.stateDir);
  const dir = path.join(o.stateDir, 'embedded');
  // The keys are not needed until onboarding: on a first start their files are written (and
  // fsynced) while the seed is drawn and the exchange starts, rather than before.
  const keys = Promise.all([demoKey(path.join(dir, 'master.key')), o.agent ?? demoKey(path.join(dir, 'agent.key'))]);
  // Awaited below; a start that fails before then must not leave it unhandled.
  keys.catch(() => {});
  const log = o.onProgress ?? (() => {});
  const db = o.db ?? (o.seed !== undefined || o.replayMarket ? ':memory:' : embeddedVenueFile(o.stateDir));
  const indexFeed = o.replayMarket ? marketReplay({ ...o.replayMarket, log }) : undefined;
  // --fresh is done inside, after the venue is this process's own: never on one another has open.
  const exchange = await startExchange({
    host: '127.0.0.1',
    port: o.port ?? 0,
    activity: o.activity ?? 'normal',
    seed: o.seed ?? (await embeddedSeed(o.stateDir)),
    creditDelayMs: o.creditDelayMs ?? 0,
    inviteCount: 4,
    db,
    ...(o.fresh && db !== ':memory:' ? { fresh: true } : {}),
    ...(indexFeed ? { indexFeed } : {}),
  });
  let master: PrivateKey;
  let agent: PrivateKey;
  try {
    [master, agent] = await keys;
  } catch (e) {
    await exchange.close();
    throw e;
  }
  if (indexFeed) log(indexFeed.describe());
  if (exchange.movedAside) log(`a new venue: the old one is kept as ${exchange.movedAside}`);
  const nonces = new NonceManager({ store: new NonceFileStore(o.stateDir) });
  // Onboarding and the first market read are this process's own requests: answered in-process.
  const http = { ...EMBEDDED_HTTP, sender: inProcessSender(exchange.core) };
  const address = master.address.toLowerCase();
  let agentReady!: () => void;
  let agentRevoked: string | undefined;
  const agentApproved = new Promise<void>((resolve) => (agentReady = resolve));
  const ready = runOnboarding({
    url: exchange.url,
    master,
    address,
    agent: { key: agent, address: agent.address, name: AGENT_NAME, validUntil: Date.now() + AGENT_LIFETIME_MS },
    ...(o.contractName ? { contractName: o.contractName } : {}),
    // A resumed venue may have handed out its codes; the demo account is then registered already.
    inviteCode: exchange.inviteCodes[0] ?? exchange.core.invites.issue(1)[0]!,
    http,
    log,
    nonces,
    stateDir: o.stateDir,
    pollMs: 100,
    onAgentReady: () => agentReady(),
    onAgentRevoked: (why) => (agentRevoked = why),
  }).then(() => log('account ready: funded, collateral locked, agent approved'));
  // The caller awaits `ready`; this only keeps an early failure from being an unhandled rejection.
  ready.catch(() => {});
  // Registration and agent approval take a few in-process milliseconds: waiting for them means
  // the dashboard's first WebSocket sign-in with the agent key is accepted. Funding goes on after.
  await Promise.race([agentApproved, ready.catch(() => {})]);
  // Read last, so what the first frame shows is as fresh as the streams' first snapshot would be.
  const initial = await readMarket(exchange.url, http);
  if (o.advertise) writeEndpoint(o.stateDir, { url: exchange.url, wsUrl: exchange.wsUrl, pid: process.pid });
  return {
    ...(initial ? { initial } : {}),
    ...(agentRevoked !== undefined ? { agentRevoked } : {}),
    url: exchange.url,
    wsUrl: exchange.wsUrl,
    master,
    agent,
    address,
    nonces,
    ready,
    close: () => {
      if (o.advertise) removeEndpoint(o.stateDir);
      return exchange.close();
    },
  };
}

/** Largest seed drawn: randomInt's limit, and well inside the integers the exchange's arithmetic keeps exact. */
const SEED_LIMIT = 2 ** 48;

/**
 * The embedded exchange's seed for a state directory: drawn from the system's CSPRNG on first
 * use and kept in `embedded/seed` (0600). The seed derives the exchange's invite codes,
 * operator keys and bot accounts, so a fixed one would let any local user who can reach the
 * loopback port register, or change fees, on this user's exchange; kept, it replays the same
 * market on every start from this directory.
 */
export async function embeddedSeed(stateDir: string): Promise<number> {
  const file = path.join(stateDir, 'embedded', 'seed');
  for (;;) {
    try {
      const { data } = await readSecretFile(file, 'seed', 64, 'refuse');
      const text = data.toString('utf8').trim();
      const seed = Number(text);
      if (!/^\d{1,15}$/.test(text) || !Number.isSafeInteger(seed)) {
        throw new KeySourceError('format', `seed file '${file}' does not hold a whole number; remove it and a new seed is drawn`);
      }
      return seed;
    } catch (e) {
      if (!(e instanceof KeySourceError) || e.kind !== 'not-found') throw e;
    }
    const seed = randomInt(1, SEED_LIMIT);
    try {
      await writeFileAtomic(file, new TextEncoder().encode(`${seed}\n`), false);
      return seed;
    } catch (e) {
      // Another process on this state directory drew one first: use theirs.
      if (!(e instanceof KeySourceError && e.kind === 'exists') && errCode(e) !== 'EEXIST') throw e;
    }
  }
}

/** Every Active contract and its book (a few in-process milliseconds); undefined if anything fails. */
async function readMarket(url: string, options: Partial<Omit<HttpOptions, 'baseUrl'>>): Promise<InitialMarket | undefined> {
  const http = new HttpTransport({ baseUrl: url, ...options });
  try {
    const info = new InfoClient(http);
    const configs = await info.configs();
    if (!configs.ok) return undefined;
    const active = configs.value.contracts.filter((c) => c.status === 'Active');
    const books = await Promise.all(active.map((c) => info.l2Book(c.contractId)));
    return { configs: configs.value, books: books.flatMap((b) => (b.ok ? [b.value] : [])) };
  } catch {
    return undefined;
  } finally {
    await http.close();
  }
}
