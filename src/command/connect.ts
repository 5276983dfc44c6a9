import path from 'node:path';
import { defaultWsUrl } from '../client/wsUrl.js';
import type { SessionKeys, SessionTarget } from '../session/createSession.js';
import type { EmbeddedExchange } from '../session/embedded.js';
import { readEndpoint } from '../session/endpointFile.js';
import { readFile } from 'node:fs/promises';
import { KeySourceError, loadKeyFile, loadKeyFromEnv } from '../wallet/index.js';
import type { CommandRun } from './commandSpec.js';
import { EMBEDDED_VENUE } from '../history/historyPath.js';
import { CommandError, EXIT } from './exitCodes.js';

/**
 * Where a command connects and as whom. With --url (or the config's url): that deployment,
 * with the keys the flags name. Without: the embedded exchange of the state directory: the
 * one a running dashboard recorded there (so a command trades on the market the screen
 * shows, with the same demo keys), else one started in this process.
 */
export interface Connection {
  target: SessionTarget;
  keys: SessionKeys;
  /** The account reads and writes are about, lowercase; absent for market reads without one. */
  address: string | undefined;
  /** Which exchange: a deployment, a running dashboard's, or one of this process. */
  source: 'url' | 'dashboard' | 'in-process';
  warnings: string[];
  embedded?: EmbeddedExchange;
}

export type Need = 'market' | 'account' | 'write';

async function demoKeys(stateDir: string): Promise<SessionKeys & { address: string }> {
  const dir = path.join(stateDir, 'embedded');
  try {
    const [master, agent] = await Promise.all([loadKeyFile(path.join(dir, 'master.key')), loadKeyFile(path.join(dir, 'agent.key'))]);
    return { master: master.key, agent: agent.key, address: master.key.address.toLowerCase() };
  } catch (e) {
    if (e instanceof KeySourceError) throw new CommandError(EXIT.usage, `the embedded exchange's demo keys in ${dir} are not usable: ${e.message}`);
    throw e;
  }
}

/** The embedded exchange's demo account of the state directory (its master key file's address). */
export async function demoAddress(stateDir: string): Promise<string> {
  return (await demoKeys(stateDir)).address;
}

export async function connect(r: CommandRun, need: Need): Promise<Connection> {
  const a = r.args;
  const url = a.url ?? r.config.url;
  if (url !== undefined) {
    const wsUrl = a.ws ?? r.config.ws ?? defaultWsUrl(url);
    const target = { url, wsUrl };
    // A read signs nothing, so it never opens a key: the account is --address, else the address a key names without its password.
    if (a.readOnly || need !== 'write') {
      if (need === 'write') throw new CommandError(EXIT.usage, 'read-only: this command signs; drop --read-only and name a key');
      const address = a.address?.toLowerCase() ?? (hasKeyFlag(r) ? await addressWithoutPassword(r) : undefined);
      if (need === 'account' && address === undefined) throw new CommandError(EXIT.usage, 'this read needs an account: --address 0x... or a key flag');
      return { target, keys: address ? { address } : {}, address, source: 'url', warnings: [] } as Connection;
    }
    // Loaded only for a write to a deployment: a read never loads the client's onboarding.
    const { loadDeploymentKeys, StartupError } = await import('../session/target.js');
    try {
      const k = await loadDeploymentKeys({ ...a, url }, url, r.stateDir, { createAgent: false });
      return { target, keys: { ...(k.master ? { master: k.master } : {}), ...(k.agent ? { agent: k.agent } : {}), address: k.address }, address: k.address, source: 'url', warnings: k.warnings };
    } catch (e) {
      if (e instanceof StartupError || e instanceof KeySourceError) throw new CommandError(EXIT.usage, e.message);
      throw e;
    }
  }

  const running = readEndpoint(r.stateDir);
  if (running) {
    const target = { url: running.url, wsUrl: running.wsUrl, venue: EMBEDDED_VENUE };
    if (a.readOnly || need === 'market') {
      const address = a.address?.toLowerCase() ?? (need === 'market' ? undefined : (await demoKeys(r.stateDir)).address);
      return { target, keys: address ? { address } : {}, address, source: 'dashboard', warnings: [] } as Connection;
    }
    const keys = await demoKeys(r.stateDir);
    return { target, keys, address: keys.address, source: 'dashboard', warnings: [] };
  }

  // Loaded only here: a command against a deployment or a dashboard never loads the exchange.
  const { startEmbedded } = await import('../session/embedded.js');
  const embedded = await startEmbedded({
    stateDir: r.stateDir,
    activity: (a.activity as 'off' | 'calm' | 'normal' | 'busy' | 'stress' | undefined) ?? 'normal',
    ...(a.seed !== undefined ? { seed: a.seed } : {}),
    ...(a.port !== undefined ? { port: a.port } : {}),
    ...(a.contract ? { contractName: a.contract } : {}),
  });
  // A write needs the account funded and its collateral locked, which the background onboarding does.
  if (need !== 'market') await embedded.ready;
  const target = { url: embedded.url, wsUrl: embedded.wsUrl, embedded };
  if (a.readOnly || need === 'market') {
    const address = a.address?.toLowerCase() ?? (need === 'market' ? undefined : embedded.address);
    return { target, keys: address ? { address } : {}, address, source: 'in-process', warnings: [], embedded } as Connection;
  }
  return { target, keys: { master: embedded.master, agent: embedded.agent, address: embedded.address }, address: embedded.address, source: 'in-process', warnings: [], embedded };
}

/**
 * The account a read is about when only key flags name it: a keystore's `address` field (no
 * password needed), a key file's or PERPDESK_PRIVATE_KEY's key (plain, no password). An
 * agent key alone does not say which account it trades for: --address does.
 */
export async function addressWithoutPassword(r: CommandRun): Promise<string> {
  const a = r.args;
  try {
    if (a.keystore) {
      const ks = JSON.parse(await readFile(a.keystore, 'utf8')) as { address?: unknown };
      if (typeof ks.address === 'string' && /^(0x)?[0-9a-fA-F]{40}$/.test(ks.address)) return `0x${ks.address.replace(/^0x/, '')}`.toLowerCase();
      throw new CommandError(EXIT.usage, `${a.keystore} names no address; a read takes --address 0x... (it opens no key)`);
    }
    if (a.keyFile) return (await loadKeyFile(a.keyFile)).key.address.toLowerCase();
    const env = loadKeyFromEnv(process.env);
    if (env) return env.key.address.toLowerCase();
  } catch (e) {
    if (e instanceof CommandError) throw e;
    if (e instanceof KeySourceError) throw new CommandError(EXIT.usage, e.message);
    if (e instanceof SyntaxError || (e as NodeJS.ErrnoException).code !== undefined) throw new CommandError(EXIT.usage, `cannot read ${a.keystore}: ${(e as NodeJS.ErrnoException).code ?? 'not JSON'}`);
    throw e;
  }
  throw new CommandError(EXIT.usage, 'this read needs an account: --address 0x... (an agent key does not name the account it trades for)');
}

export function hasKeyFlag(r: CommandRun): boolean {
  const a = r.args;
  return Boolean(a.keystore || a.keyFile || a.agentKeystore || a.agentKeyFile || process.env['PERPDESK_PRIVATE_KEY']);
}
