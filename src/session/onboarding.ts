import { formatDecimal, NonceManager, parseDecimal, type SecretKeyInput } from '../protocol/index.js';
import type { ContractConfig } from '../protocol/wire/index.js';
import { ExchangeClient } from '../client/exchangeClient.js';
import { HttpTransport, type HttpOptions } from '../client/http.js';
import { InfoClient } from '../client/infoClient.js';
import { NonceFileStore } from '../client/nonceFileStore.js';
import { SignerSet } from '../client/signers.js';
import { describeError, type ClientError } from '../client/errors.js';
import type { JournalListener } from '../model/journalEntry.js';
import { JournalFile } from './journalFile.js';
import { approvedUntil, rememberApproval } from './agentApprovals.js';

/**
 * First-run steps against a deployment: register (invite code), wait for the test credit,
 * enroll in the contract's market deployer, lock collateral, approve the agent. Each step is
 * skipped when the exchange already shows it done, so running it again is harmless; it is
 * the only time the master key is needed. Embedded mode runs the same steps unattended.
 */
export interface OnboardingOptions {
  url: string;
  master: SecretKeyInput;
  /** The master's address (checksummed or lowercase). */
  address: string;
  agent?: { key: SecretKeyInput; address: string; name: string; validUntil: number };
  /** Contract whose market deployer to enroll in and fund; the first Active one when absent. */
  contractName?: string;
  inviteCode?: string;
  /** Transport settings (the embedded exchange's: EMBEDDED_HTTP and its in-process sender). */
  http?: Partial<Omit<HttpOptions, 'baseUrl'>>;
  /** Asks the user; embedded mode passes nothing and must not need to ask. */
  ask?: (question: string) => Promise<string>;
  log: (line: string) => void;
  /** Amount to lock into the market deployer, in the coin's smallest units; default: half the chain balance. */
  lockAmount?: (chainBalance: bigint) => bigint;
  nonces?: NonceManager;
  stateDir?: string;
  creditTimeoutMs?: number;
  /** Called once the agent is approved (or right after registration when there is none). */
  onAgentReady?: () => void;
  /**
   * The agent start-up approved earlier was revoked since, and is not approved again (no
   * `ask`, or the user said no): the reason in words. Onboarding goes on without it.
   */
  onAgentRevoked?: (why: string) => void;
  pollMs?: number;
}

/** The name perpdesk approves its agent keys under, and how long an approval lasts. */
export const AGENT_NAME = 'perpdesk';
export const AGENT_LIFETIME_MS = 7 * 24 * 3600 * 1000;

export class OnboardingError extends Error {
  constructor(step: string, detail: string) {
    super(`${step}: ${detail}`);
    this.name = 'OnboardingError';
  }
}

const USDC = 0;

/** Start-up approved this agent, still in time, and the account's list no longer has it. */
async function revokedSince(stateDir: string, master: string, agent: string): Promise<boolean> {
  const until = await approvedUntil(stateDir, master, agent);
  return until !== undefined && until > Date.now();
}

function fail(step: string, e: ClientError): never {
  throw new OnboardingError(step, describeError(e));
}

function rejection(data: unknown): string | undefined {
  const d = data as { errorCode?: number; errorMessage?: string };
  return d.errorCode ? (d.errorMessage ?? `errorCode ${d.errorCode}`) : undefined;
}

const INVITE_TRIES = 3;

/** The exchange refused the code itself (unknown, used, malformed), not the request. */
function isCodeRefusal(e: ClientError): boolean {
  return /INVITE|invite/.test(`${e.code ?? ''} ${e.message}`);
}

/** What a first run against a deployment is about to do, said once before anything is asked. */
export function firstRunPlan(address: string, url: string, marketDeployerId: number, withAgent: boolean): string {
  const steps = [
    'register it with an invite code (one signed request)',
    "wait for the exchange's test USDC credit to arrive",
    `enroll in market deployer ${marketDeployerId}, whose contracts you will trade`,
    'lock part of the credit as collateral in that deployer (you choose how much; it stays yours and can be unlocked)',
    ...(withAgent ? ['approve an agent key kept in the state directory, so later runs sign trades without the master key (valid 7 days)'] : []),
  ];
  return [
    `${address} has no account on ${url} yet. perpdesk will now:`,
    ...steps.map((s, i) => `  ${i + 1}. ${s}`),
    'None of these steps trades or pays a trading fee; each is skipped on later runs once done.',
  ].join('\n');
}

/**
 * The first run's collateral question. The amount is read by the forms' own reader
 * (parseDecimal, as every amount field: "1,5" is refused, never read as 15), then echoed
 * and asked about once more; only a yes (or Enter) locks it.
 */
export async function askLockAmount(
  ask: (q: string) => Promise<string>,
  log: (line: string) => void,
  chain: bigint,
  fallback: bigint,
  decimals: number,
  md: number,
): Promise<bigint> {
  const avail = formatDecimal(chain, decimals);
  for (let attempt = 1; ; attempt++) {
    const text = (await ask(`USDC to lock as collateral in deployer ${md} (${avail} available) [${formatDecimal(fallback, decimals)}]: `)).trim();
    let v: bigint;
    try {
      v = text === '' ? fallback : parseDecimal(text, decimals, 'amount');
      if (v <= 0n) throw new Error('must be above zero');
      if (v > chain) throw new Error(`only ${avail} USDC is available`);
    } catch (e) {
      if (attempt >= INVITE_TRIES) throw new OnboardingError('lock collateral', `not an amount: ${e instanceof Error ? e.message : String(e)}`);
      log(`${e instanceof Error ? e.message : String(e)}; type an amount such as 2500, or Enter for the default`);
      continue;
    }
    const sure = (await ask(`Lock ${formatDecimal(v, decimals)} USDC as collateral in deployer ${md}? [Y/n] `)).trim().toLowerCase();
    if (sure === '' || sure === 'y' || sure === 'yes') return v;
    if (attempt >= INVITE_TRIES) throw new OnboardingError('lock collateral', 'no amount was confirmed');
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Appends onboarding's signed requests to the state directory's journal, face 'onboarding':
 * the 'sent' line before each leaves, its answer after. A journal that cannot be written is
 * said once and left alone; onboarding goes on.
 */
function journalTo(stateDir: string, log: (line: string) => void): JournalListener {
  let file: JournalFile | undefined;
  let failed = false;
  return (entry) => {
    if (failed) return;
    try {
      file ??= new JournalFile(stateDir);
      file.append(entry, 'onboarding');
    } catch (e) {
      failed = true;
      log(`journal: not written (${e instanceof Error ? e.message : String(e)})`);
    }
  };
}

export async function runOnboarding(o: OnboardingOptions): Promise<{ accountId: number; contract: ContractConfig }> {
  const http = new HttpTransport({ baseUrl: o.url, ...o.http });
  try {
    const info = new InfoClient(http);
    const nonces = o.nonces ?? new NonceManager(o.stateDir ? { store: new NonceFileStore(o.stateDir) } : {});
    const signers = new SignerSet({ master: o.master });
    const exchange = new ExchangeClient({ http, info, signers, address: o.address, nonces });
    // What this key signs here (register, enroll, lock, approve) is journalled as any other signed request.
    if (o.stateDir) exchange.onJournal(journalTo(o.stateDir, o.log));
    const user = o.address.toLowerCase();

    const configs = await info.configs();
    if (!configs.ok) fail('configs', configs.error);
    const active = configs.value.contracts.filter((c) => c.status === 'Active');
    const contract = o.contractName ? active.find((c) => c.name === o.contractName) : active[0];
    if (!contract) throw new OnboardingError('contract', o.contractName ? `no Active contract named ${o.contractName}` : 'the exchange lists no Active contract');
    const md = contract.marketDeployerId;

    // An invite code given on the command line marks an unattended first run: nothing is asked.
    const ask = o.inviteCode === undefined ? o.ask : undefined;
    let account = await info.userAccount(user);
    // Registered now: nothing it had before (an agent revoked) can be read against it.
    const registered = !account.ok;
    if (!account.ok) {
      if (account.error.httpStatus !== 404) fail('account', account.error);
      if (ask) o.log(firstRunPlan(o.address, o.url, md, o.agent !== undefined));
      for (let attempt = 1; ; attempt++) {
        const code = o.inviteCode ?? (ask ? (await ask('Invite code (6 letters or digits): ')).trim() : undefined);
        if (!code) throw new OnboardingError('register', 'this address is not registered and no invite code was given (--invite-code)');
        o.log('registering the account…');
        const reg = await exchange.registerAccount(code);
        if (reg.ok) break;
        // A typo in a code the user typed is asked again; a code from the command line is not.
        if (!ask || attempt >= INVITE_TRIES || !isCodeRefusal(reg.error)) fail('register', reg.error);
        o.log(`that code was refused (${describeError(reg.error)}); ${INVITE_TRIES - attempt} more ${INVITE_TRIES - attempt === 1 ? 'try' : 'tries'}`);
      }
      account = await info.userAccount(user);
      if (!account.ok) fail('account', account.error);
    }

    // The agent first: it takes one request, and a dashboard signing its WebSocket in with the
    // agent key must not race the slower funding steps.
    if (o.agent) {
      const agents = await info.userAgents(String(account.value.accountId));
      if (!agents.ok) fail('agents', agents.error);
      const current = agents.value.find((a) => a.address.toLowerCase() === o.agent!.address.toLowerCase());
      const revoked = !current && !registered && o.stateDir ? await revokedSince(o.stateDir, o.address, o.agent.address) : false;
      let approve = !current || current.expired;
      if (revoked) {
        const question = `agent ${o.agent.address} was approved here and has been revoked since; approve it again? [y/N] `;
        approve = ask ? /^y(es)?$/i.test((await ask(question)).trim()) : false;
        if (!approve) o.onAgentRevoked?.(`agent ${o.agent.address} was revoked: not approved again, so orders are signed by the master key (approve it again with A to sign with it from the next start)`);
      }
      if (approve) {
        o.log(`approving agent ${o.agent.name}…`);
        const r = await exchange.approveAgent(o.agent.address, o.agent.name, o.agent.validUntil);
        if (!r.ok) fail('approve agent', r.error);
        const why = rejection(r.data);
        if (why) throw new OnboardingError('approve agent', why);
        if (o.stateDir) await rememberApproval(o.stateDir, o.address, o.agent.address, o.agent.validUntil);
      }
    }
    o.onAgentReady?.();

    const balanceOf = (a: typeof account) => (a.ok ? BigInt(a.value.chainBalances.find((b) => b.coinId === USDC)?.total ?? '0') : 0n);
    const poolOf = (a: typeof account) => (a.ok ? a.value.marketDeployers.find((m) => m.marketDeployerId === md) : undefined);
    const deadline = Date.now() + (o.creditTimeoutMs ?? 20_000);
    if (balanceOf(account) === 0n && !poolOf(account)?.balances.some((b) => BigInt(b.total) > 0n)) {
      o.log('waiting for the test USDC credit…');
      while (balanceOf(account) === 0n) {
        if (Date.now() > deadline) throw new OnboardingError('credit', 'no USDC arrived in time; the exchange credits new accounts after registration');
        await sleep(o.pollMs ?? 200);
        account = await info.userAccount(user);
        if (!account.ok) fail('account', account.error);
      }
    }

    const enrolled = await info.userMarketDeployers(user);
    if (!enrolled.ok) fail('enrollment', enrolled.error);
    if (!enrolled.value.includes(md)) {
      o.log(`enrolling in market deployer ${md}…`);
      const r = await exchange.enroll(md);
      if (!r.ok) fail('enroll', r.error);
      const why = rejection(r.data);
      if (why) throw new OnboardingError('enroll', why);
      account = await info.userAccount(user);
      if (!account.ok) fail('account', account.error);
    }

    const pool = poolOf(account);
    if (!pool || BigInt(pool.equity) === 0n) {
      const chain = balanceOf(account);
      const decimals = configs.value.coins.find((c) => c.coinId === USDC)?.decimals ?? 6;
      const half = chain / 2n;
      const amount = o.lockAmount ? o.lockAmount(chain) : ask ? await askLockAmount(ask, o.log, chain, half, decimals, md) : half;
      if (amount > 0n) {
        o.log(`locking ${formatDecimal(amount, decimals)} USDC as collateral…`);
        const r = await exchange.lockCollateral(md, USDC, amount.toString());
        if (!r.ok) fail('lock collateral', r.error);
        const why = rejection(r.data);
        if (why) throw new OnboardingError('lock collateral', why);
      }
    }

    return { accountId: account.value.accountId, contract };
  } finally {
    await http.close();
  }
}
