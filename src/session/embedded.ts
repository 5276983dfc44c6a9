import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { NonceManager } from '../protocol/index.js';
import { HttpTransport } from '../client/http.js';
import { InfoClient } from '../client/infoClient.js';
import { NonceFileStore } from '../client/nonceFileStore.js';
import { startExchange } from '../exchange/startExchange.js';
import type { PrivateKey } from '../wallet/index.js';
import { demoKey } from './demoKey.js';
import { removeEndpoint, writeEndpoint } from './endpointFile.js';
import type { InitialMarket } from './initialMarket.js';
import { AGENT_LIFETIME_MS, AGENT_NAME, runOnboarding } from './onboarding.js';

/**
 * `npm start` with no --url: the embedded exchange in-process on a free loopback port, demo
 * master and agent keys created once under the state directory and reused, and the account
 * onboarded in the background so the first frame does not wait for it.
 */
export interface EmbeddedOptions {
  stateDir: string;
  activity?: 'off' | 'calm' | 'normal' | 'busy' | 'stress';
  seed?: number;
  /** 0 (default): a free port. */
  port?: number;
  contractName?: string;
  onProgress?: (step: string) => void;
  /** Registration credit delay; short here so the account is funded within about a second. */
  creditDelayMs?: number;
  /** Record the address in the state directory while running, so commands reach this exchange. */
  advertise?: boolean;
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
  /** The contracts and every Active book, read as startEmbedded returns: createSession's `initial`. */
  initial?: InitialMarket;
  close(): Promise<void>;
}


/**
 * Starts the exchange, loads or creates the demo keys and onboards the account; resolves once
 * the agent is approved, with the market as it stands (`initial`).
 */
export async function startEmbedded(o: EmbeddedOptions): Promise<EmbeddedExchange> {
  const dir = path.join(o.stateDir, 'embedded');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const [master, agent] = await Promise.all([demoKey(path.join(dir, 'master.key')), demoKey(path.join(dir, 'agent.key'))]);
  const exchange = await startExchange({
    host: '127.0.0.1',
    port: o.port ?? 0,
    activity: o.activity ?? 'normal',
    seed: o.seed ?? 1,
    creditDelayMs: o.creditDelayMs ?? 300,
    inviteCount: 4,
  });
  const nonces = new NonceManager({ store: new NonceFileStore(o.stateDir) });
  const address = master.address.toLowerCase();
  const log = o.onProgress ?? (() => {});
  let agentReady!: () => void;
  const agentApproved = new Promise<void>((resolve) => (agentReady = resolve));
  const ready = runOnboarding({
    url: exchange.url,
    master,
    address,
    agent: { key: agent, address: agent.address, name: AGENT_NAME, validUntil: Date.now() + AGENT_LIFETIME_MS },
    ...(o.contractName ? { contractName: o.contractName } : {}),
    inviteCode: exchange.inviteCodes[0]!,
    log,
    nonces,
    pollMs: 100,
    onAgentReady: () => agentReady(),
  }).then(() => log('account ready: funded, collateral locked, agent approved'));
  // The caller awaits `ready`; this only keeps an early failure from being an unhandled rejection.
  ready.catch(() => {});
  // Registration and agent approval take a few in-process milliseconds: waiting for them means
  // the dashboard's first WebSocket sign-in with the agent key is accepted. Funding goes on after.
  await Promise.race([agentApproved, ready.catch(() => {})]);
  // Read last, so what the first frame shows is as fresh as the streams' first snapshot would be.
  const initial = await readMarket(exchange.url);
  if (o.advertise) writeEndpoint(o.stateDir, { url: exchange.url, wsUrl: exchange.wsUrl, pid: process.pid });
  return {
    ...(initial ? { initial } : {}),
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

/** Every Active contract and its book (a few in-process milliseconds); undefined if anything fails. */
async function readMarket(url: string): Promise<InitialMarket | undefined> {
  const http = new HttpTransport({ baseUrl: url });
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
