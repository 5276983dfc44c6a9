import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { HttpTransport, type HttpOptions } from '../client/http.js';
import { InfoClient } from '../client/infoClient.js';
import { defaultWsUrl } from '../client/wsUrl.js';
import { KeySourceError, loadKeyFile, loadKeyFromEnv, loadKeystoreFile, type LoadedKey, type PrivateKey } from '../wallet/index.js';
import type { ContractConfig } from '../protocol/wire/index.js';
import type { SessionKeys, SessionTarget } from './createSession.js';
import { demoKey } from './demoKey.js';
import type { EmbeddedOptions } from './embedded.js';
import { AGENT_LIFETIME_MS, AGENT_NAME, OnboardingError, runOnboarding } from './onboarding.js';
import { prepareStateDir } from './stateDir.js';

/**
 * Where a session connects and with which keys: the embedded exchange (demo keys,
 * onboarding in the background), a deployment given by --url (keys from files, first-run
 * onboarding on the plain terminal before any screen is taken), or monitor mode.
 */
export interface TargetSpec {
  url?: string | undefined;
  ws?: string | undefined;
  keystore?: string | undefined;
  keyFile?: string | undefined;
  agentKeystore?: string | undefined;
  agentKeyFile?: string | undefined;
  passwordFile?: string | undefined;
  /** An agent key already in memory (one generated and approved from the dashboard): before any file. */
  agentKey?: PrivateKey | undefined;
  readOnly: boolean;
  address?: string | undefined;
  contract?: string | undefined;
  inviteCode?: string | undefined;
  /** Embedded exchange only. */
  activity?: string | undefined;
  seed?: number | undefined;
  port?: number | undefined;
  /** Embedded only: record its address in the state directory so commands trade on it. */
  advertise?: boolean | undefined;
  /** Embedded only: start a new paper venue, the old file moved aside. */
  fresh?: boolean | undefined;
  /** Embedded only: the index follows this recording (`--replay-market`), at `speed` (as typed). */
  replayMarket?: string | undefined;
  speed?: string | undefined;
}

export interface Target {
  target: SessionTarget;
  keys: SessionKeys;
  /** The watched / trading account (master address), lowercase. */
  address: string;
  /** Things the user should read once the session is up (key warnings). */
  warnings: string[];
}

/** A start-up problem the user can fix; printed as one line, exit code 2 unless said otherwise. */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'StartupError';
  }
}

export interface OpenTargetHooks {
  /** Background onboarding steps of the embedded exchange. */
  onProgress: (step: string) => void;
  /** First-run onboarding lines against a deployment (the plain terminal). */
  log: (line: string) => void;
}

/** The embedded exchange unless a deployment URL is given (flag first, then config file). */
export function openTarget(spec: TargetSpec, stateDir: string, hooks: OpenTargetHooks): Promise<Target> {
  try {
    prepareStateDir(stateDir);
  } catch (e) {
    return Promise.reject(e);
  }
  if (!spec.url) return startEmbeddedTarget(spec, stateDir, hooks.onProgress);
  return startRemoteTarget(spec, spec.url, spec.ws, stateDir, hooks.log);
}

export async function startEmbeddedTarget(spec: TargetSpec, stateDir: string, onProgress: (step: string) => void): Promise<Target> {
  // Loaded only here: a session on a deployment never loads the exchange.
  const { startEmbedded } = await import('./embedded.js');
  const embedded = await startEmbedded({
    stateDir,
    ...(spec.activity ? { activity: spec.activity as NonNullable<EmbeddedOptions['activity']> } : {}),
    ...(spec.seed !== undefined ? { seed: spec.seed } : {}),
    ...(spec.port !== undefined ? { port: spec.port } : {}),
    ...(spec.contract ? { contractName: spec.contract } : {}),
    ...(spec.advertise ? { advertise: true } : {}),
    ...(spec.fresh ? { fresh: true } : {}),
    ...(spec.agentKey ? { agent: spec.agentKey } : {}),
    ...(spec.replayMarket !== undefined ? { replayMarket: { path: spec.replayMarket, ...(spec.speed !== undefined ? { speed: spec.speed } : {}) } } : {}),
    onProgress,
  }).catch(async (e: unknown) => {
    const { replayError } = await import('./marketReplay.js');
    const replay = replayError(e);
    throw replay ? new StartupError(replay.message) : e;
  });
  const target: SessionTarget = { url: embedded.url, wsUrl: embedded.wsUrl, embedded };
  if (spec.readOnly) {
    // Monitor mode on the embedded market: watch the demo account (or --address) with no key loaded.
    const address = (spec.address ?? embedded.address).toLowerCase();
    return { target, keys: { address }, address, warnings: [] };
  }
  // A revoked demo agent stays revoked: the master signs, and the screen says why.
  if (embedded.agentRevoked !== undefined) return { target, keys: { master: embedded.master, address: embedded.address }, address: embedded.address, warnings: [embedded.agentRevoked] };
  return { target, keys: { master: embedded.master, agent: embedded.agent, address: embedded.address }, address: embedded.address, warnings: [] };
}

/** One line from the user on the plain terminal (before the dashboard takes it). */
export async function askLine(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

async function loadKey(kind: 'keystore' | 'key file', file: string | undefined, passwordFile: string | undefined, who: string): Promise<LoadedKey | undefined> {
  if (!file) return undefined;
  return kind === 'keystore'
    ? loadKeystoreFile(file, { ...(passwordFile ? { passwordFile } : {}), promptQuestion: `Password for the ${who} keystore ${file}: ` })
    : loadKeyFile(file);
}

/** A file-system-safe name for a deployment, so each one gets its own agent key. */
function deploymentSlug(url: string): string {
  const u = new URL(url);
  return `${u.hostname}-${u.port || (u.protocol === 'https:' ? '443' : '80')}`.replace(/[^A-Za-z0-9.-]/g, '_');
}

export interface DeploymentKeys {
  master?: PrivateKey;
  agent?: PrivateKey;
  /** The master account's address, lowercase. */
  address: string;
  warnings: string[];
  /**
   * Set when the agent is the one file an earlier version kept for the whole deployment: it
   * becomes this account's own once onboarding finds it approved here.
   */
  sharedAgentFile?: string;
}

/**
 * The agent key perpdesk keeps for one account on a deployment when the user names none. One
 * per account: the exchange lets an agent serve a single master.
 */
export function deploymentAgentFile(stateDir: string, url: string, address: string): string {
  return path.join(stateDir, 'agents', `${deploymentSlug(url)}-${address.toLowerCase()}.key`);
}

function isAgentRefusal(e: unknown): boolean {
  return e instanceof OnboardingError && e.message.startsWith('approve agent');
}

/** The shared file becomes the account's own, now that the exchange says it serves this account. */
function adoptSharedAgent(shared: string, own: string): void {
  if (!existsSync(own)) renameSync(shared, own);
}

/** Where versions before profiles kept that key: one per deployment, whatever the account. */
function sharedDeploymentAgentFile(stateDir: string, url: string): string {
  return path.join(stateDir, 'agents', `${deploymentSlug(url)}.key`);
}

async function loadIfPresent(file: string): Promise<LoadedKey | undefined> {
  return loadKeyFile(file).catch((e: unknown) => {
    if (e instanceof KeySourceError && e.kind === 'not-found') return undefined;
    throw e;
  });
}

/**
 * The keys named by the flags (or PERPDESK_PRIVATE_KEY) for a deployment. With a master and
 * no agent, perpdesk's own agent key for that account: its file, else the shared file of an
 * earlier version, else a new one when `createAgent` (the dashboard's first run approves it).
 */
export async function loadDeploymentKeys(args: TargetSpec, url: string, stateDir: string, o: { createAgent: boolean }): Promise<DeploymentKeys> {
  const warnings: string[] = [];
  const masterLoaded = (await loadKey('keystore', args.keystore, args.passwordFile, 'master')) ?? (await loadKey('key file', args.keyFile, undefined, 'master')) ?? loadKeyFromEnv();
  let agentLoaded = args.agentKey
    ? { key: args.agentKey, warnings: [] }
    : ((await loadKey('keystore', args.agentKeystore, args.passwordFile, 'agent')) ?? (await loadKey('key file', args.agentKeyFile, undefined, 'agent')));
  for (const k of [masterLoaded, agentLoaded]) if (k) warnings.push(...k.warnings);
  const master = masterLoaded?.key;
  if (!master && !agentLoaded) {
    throw new StartupError('no key loaded: use --keystore FILE, --key-file FILE or PERPDESK_PRIVATE_KEY (or --read-only --address 0x... to watch an account)');
  }
  if (!master && !args.address) throw new StartupError('with only an agent key, --address 0x... must name the master account');
  const address = (master?.address ?? args.address!).toLowerCase();
  let sharedAgentFile: string | undefined;
  if (master && !agentLoaded) {
    const own = deploymentAgentFile(stateDir, url, address);
    const shared = sharedDeploymentAgentFile(stateDir, url);
    agentLoaded = await loadIfPresent(own);
    if (!agentLoaded) {
      agentLoaded = await loadIfPresent(shared);
      if (agentLoaded) sharedAgentFile = shared;
    }
    if (!agentLoaded && o.createAgent) agentLoaded = { key: await demoKey(own), warnings: [] };
  }
  const agent = agentLoaded?.key;
  return { ...(master ? { master } : {}), ...(agent ? { agent } : {}), address, warnings, ...(sharedAgentFile ? { sharedAgentFile } : {}) };
}

export async function startRemoteTarget(args: TargetSpec, url: string, ws: string | undefined, stateDir: string, log: (line: string) => void): Promise<Target> {
  const wsUrl = ws ?? defaultWsUrl(url);
  if (args.readOnly) {
    if (!args.address) throw new StartupError('--read-only needs --address 0x... (the account to watch)');
    const address = args.address.toLowerCase();
    return { target: { url, wsUrl }, keys: { address }, address, warnings: [] };
  }
  const loaded = await loadDeploymentKeys(args, url, stateDir, { createAgent: true });
  const { master, address, warnings } = loaded;
  let agent = loaded.agent;
  let revoked: string | undefined;
  if (master && agent) {
    // Trading is signed by an agent, so the master key is only needed for this first run.
    const onboard = (key: PrivateKey) =>
      runOnboarding({
        url,
        master,
        address,
        agent: { key, address: key.address, name: AGENT_NAME, validUntil: Date.now() + AGENT_LIFETIME_MS },
        ...(args.contract ? { contractName: args.contract } : {}),
        ...(args.inviteCode ? { inviteCode: args.inviteCode } : {}),
        // Asked only of a person: a script gives --invite-code and takes the default collateral.
        ...(process.stdin.isTTY ? { ask: askLine } : {}),
        log,
        stateDir,
        onAgentRevoked: (why) => (revoked = why),
      });
    try {
      try {
        await onboard(agent);
      } catch (e) {
        // The shared key of an earlier version may serve another account: this one gets its own.
        if (!loaded.sharedAgentFile || !isAgentRefusal(e)) throw e;
        agent = await demoKey(deploymentAgentFile(stateDir, url, address));
        await onboard(agent);
        loaded.sharedAgentFile = undefined;
      }
      if (loaded.sharedAgentFile) adoptSharedAgent(loaded.sharedAgentFile, deploymentAgentFile(stateDir, url, address));
      if (revoked !== undefined) {
        warnings.push(revoked);
        agent = undefined;
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      // Everything else is done: without an approved agent the master signs, with a warning.
      if (!isAgentRefusal(e)) throw new StartupError(`first-run setup failed: ${message}`, 1);
      warnings.push(`agent not approved (${message}); orders are signed by the master key`);
      agent = undefined;
    }
  }
  return { target: { url, wsUrl }, keys: { ...(master ? { master } : {}), ...(agent ? { agent } : {}), address }, address, warnings };
}

/**
 * The contract to open: the one asked for when it is Active, else the first Active one.
 * Asking for an unknown or inactive contract is a user error, named with the choices.
 */
export function pickContract(contracts: readonly Pick<ContractConfig, 'name' | 'status'>[], wanted: string | undefined): string {
  const active = contracts.filter((c) => c.status === 'Active').map((c) => c.name);
  if (wanted !== undefined) {
    if (active.includes(wanted)) return wanted;
    // Any case, where that names one contract only (sol1 is SOL1).
    const folded = active.filter((n) => n.toLowerCase() === wanted.toLowerCase());
    if (folded.length === 1) return folded[0]!;
    throw new StartupError(`--contract ${wanted}: no Active contract by that name (Active: ${active.join(', ') || 'none'})`);
  }
  const first = active[0];
  if (!first) throw new StartupError('the exchange lists no Active contract', 1);
  return first;
}

/** pickContract over the contracts the exchange at `url` lists now. */
export async function resolveContract(url: string, wanted: string | undefined, httpOptions: Partial<Omit<HttpOptions, 'baseUrl'>> = {}): Promise<string> {
  const http = new HttpTransport({ baseUrl: url, ...httpOptions });
  try {
    const r = await new InfoClient(http).configs();
    if (!r.ok) throw new StartupError(`cannot read the exchange's contracts at ${url}: ${r.error.message}`, 1);
    return pickContract(r.value.contracts, wanted);
  } finally {
    await http.close();
  }
}
