import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandName, COMMANDS } from '../../src/command/commands.js';
import { outputSchemas } from '../../src/command/outputSchemas.js';
import { addressOf } from '../../src/protocol/index.js';
import { build, type UserAccount } from '../../src/protocol/wire/index.js';
import { exchangeData, newKey, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { one, trader } from '../exchange/traders.js';
import { startCapturingProxy, type CapturingProxy } from './support/capturingProxy.js';
import { conforms, type JsonSchema } from './support/jsonSchema.js';
import { centsText, markCents } from './support/cliTrader.js';
import { runCli, tempHome, type CliResult } from './support/runCli.js';

/**
 * Every command record that signs, walked in an order that gives each what it acts on (an
 * open order, a position, a trigger, an algo): each runs first with --dry-run against a
 * capturing proxy in front of the embedded exchange, which must see no /exchange request at
 * all, then with --yes, and the envelope that went out must be the dry run's, field by
 * field but for the nonce and the signature (the cloids are given through the test hook
 * PERPDESK_TEST_CLOID_BASE, so both runs draw the same ones). --force takes both runs past
 * the client's own checks: the exchange may refuse what it is sent; what is compared is
 * what was signed. A new signing command without a step here fails the walk.
 */
let ex: TestExchange;
let proxy: CapturingProxy;
let home: string;
let acct: Registered;
let keyFile: string;
let base: string[];

const ETH1 = 3;
const envelopes = () => proxy.posts.filter((b) => typeof b['action'] === 'object');
const unsigned = (e: Record<string, unknown>) => {
  const { nonce: _n, signature: _s, ...rest } = e;
  return rest;
};

beforeAll(async () => {
  // No market bots: the mark stays where it is, so a price taken from it is the same in both runs.
  ex = await startTestExchange({ activity: 'off' });
  proxy = await startCapturingProxy(ex.url);
  home = tempHome();
  const key = newKey();
  acct = await ex.registerFunded(key);
  keyFile = path.join(home, 'master.key');
  writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
  base = ['--url', proxy.url, '--key-file', keyFile, '--contract', 'ETH1'];
  exchangeData(await ex.signedPost(build.enroll(1), key));
  operatorFile = path.join(home, 'operator.key');
  writeFileSync(operatorFile, `${ex.running.operators.find((o) => o.marketDeployerId === 2)!.privateKey}\n`, { mode: 0o600 });
  // Liquidity on ETH1 both sides of the mark, for the market order, reverse and flatten.
  const maker = await trader(ex, 5_000n, 2);
  const mark = await markCents(ex, ETH1, 100n);
  for (let i = 1n; i <= 5n; i++) {
    await one(ex, maker, { contractId: ETH1, isBuy: false, price: centsText(mark + i * 5n), size: '2' });
    await one(ex, maker, { contractId: ETH1, isBuy: true, price: centsText(mark - i * 5n), size: '2' });
  }
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await ex?.close();
});

let operatorFile: string;
const cli = (args: string[], env: NodeJS.ProcessEnv = {}, input?: string, operator = false) =>
  runCli([...(operator ? base.map((w) => (w === keyFile ? operatorFile : w)) : base), ...args], { home, env, ...(input === undefined ? {} : { input }) });

async function account(): Promise<UserAccount> {
  return (await ex.info<UserAccount>({ type: 'userAccount', user: acct.address })).body;
}

async function openOrders(): Promise<{ oid: number; cloid?: string }[]> {
  return (await ex.info<{ oid: number; cloid?: string }[]>({ type: 'userOrders', user: acct.address, marketDeployerId: 2 })).body;
}

interface Step {
  /** The command's name as its record has it. */
  name: string;
  words: () => Promise<string[]> | string[];
  input?: string;
  /** Algo commands run more than one request (or none yet): what their dry run promises is checked here. */
  algo?: (dry: CliResult, sent: Record<string, unknown>[]) => void;
  /** Only the dry run (the real run would not end by itself, or sends nothing at once). */
  dryOnly?: boolean;
  /** Signed by deployer 2's operator (fees), not the trader. */
  operator?: boolean;
}

const restingBuy = async () => centsText(await markCents(ex, ETH1, 80n));
let cloidBase = 8_100_000;
const agent = addressOf(newKey()).toLowerCase();
let algoId = '';

const STEPS: Step[] = [
  { name: 'enroll', words: () => ['enroll', '--deployer', '2'] },
  { name: 'collateral lock', words: () => ['collateral', 'lock', '3000', '--deployer', '2'] },
  { name: 'collateral unlock', words: () => ['collateral', 'unlock', '10', '--deployer', '2'] },
  { name: 'collateral transfer', words: () => ['collateral', 'transfer', '10', '--from', '2', '--to', '1'] },
  { name: 'leverage', words: () => ['leverage', '5'] },
  { name: 'order', words: async () => ['order', 'buy', '0.1', '@', await restingBuy()] },
  { name: 'orders batch', words: () => ['orders', 'batch'], input: 'buy 0.1 @ 2000\nbuy 0.1 @ 2001 alo\n' },
  { name: 'modify', words: async () => ['modify', String((await openOrders())[0]!.oid), '--price', centsText(await markCents(ex, ETH1, 78n))] },
  { name: 'cancel', words: async () => ['cancel', String((await openOrders())[0]!.oid)] },
  { name: 'cancel', words: async () => ['cancel', '--cloid', (await openOrders()).find((o) => o.cloid !== undefined)!.cloid!] },
  { name: 'cancel-all', words: () => ['cancel-all'] },
  { name: 'margin-mode', words: () => ['margin-mode', 'isolated'] },
  { name: 'order', words: () => ['order', 'buy', '0.5', '--market'] },
  { name: 'isolated-margin', words: () => ['isolated-margin', 'add', '5'] },
  {
    name: 'tpsl',
    words: async () => ['tpsl', '--tp-px', centsText(await markCents(ex, ETH1, 130n)), '--sl-px', centsText(await markCents(ex, ETH1, 70n))],
  },
  {
    name: 'conditional cancel',
    words: async () => {
      const p = (await account()).marketDeployers.find((m) => m.marketDeployerId === 2)!.positions.find((x) => x.contractId === ETH1)!;
      return ['conditional', 'cancel', String(p.sl!.id)];
    },
  },
  { name: 'tpsl cancel', words: () => ['tpsl', 'cancel'] },
  { name: 'reverse', words: () => ['reverse'] },
  { name: 'flatten', words: () => ['flatten'] },
  { name: 'margin-mode', words: () => ['margin-mode', 'cross'] },
  { name: 'margin-share-type', words: () => ['margin-share-type', 'PORTFOLIO'] },
  { name: 'group lock', words: () => ['group', 'lock', '30', '--group', '1'] },
  { name: 'group unlock', words: () => ['group', 'unlock', '10', '--group', '1'] },
  { name: 'group deposit', words: () => ['group', 'deposit', '5', '--group', '1', '--deployer', '1'] },
  { name: 'group withdraw', words: () => ['group', 'withdraw', '2', '--group', '1', '--deployer', '1'] },
  { name: 'margin-share-type', words: () => ['margin-share-type', 'UNIFIED'] },
  // An expiry counts from the moment the form is built: 0 (never) is the same in both runs.
  { name: 'agent approve', words: () => ['agent', 'approve', agent, '--name', 'walk', '--days', '0'] },
  { name: 'agent revoke', words: () => ['agent', 'revoke', agent] },
  { name: 'fees set', words: () => ['fees', 'set', '--user', acct.address, '--taker', '0.0003', '--maker', '0.0001', '--deployer', '2'], operator: true },
  {
    name: 'algo scale',
    words: async () => ['algo', 'scale', 'buy', '0.3', 'ETH1', '--orders', '3', '--from', await restingBuy(), '--to', centsText(await markCents(ex, ETH1, 75n))],
    algo: (dry, sent) => {
      const planned = (dry.json as { orders: { size: string; price: string }[] }).orders;
      const placed = sent.flatMap((e) => (e['action'] as { orders: { s: string; p: string }[] }).orders);
      expect(placed.map((o) => [o.s, o.p])).toEqual(planned.map((o) => [o.size, o.price]));
    },
  },
  {
    name: 'algo twap',
    words: () => ['algo', 'twap', 'buy', '0.2', 'ETH1', '--duration', '2s', '--slices', '2', '--band', '1%', '--seed', '3'],
    algo: (dry, sent) => {
      const planned = (dry.json as { schedule: { size: string; price: string }[] }).schedule;
      const placed = sent.flatMap((e) => (e['action'] as { orders: { s: string; p: string }[] }).orders);
      expect(placed.map((o) => [o.s, o.p])).toEqual(planned.map((o) => [o.size, o.price]));
    },
  },
  { name: 'algo chase', words: () => ['algo', 'chase', 'buy', '0.1', 'ETH1', '--max-distance', '5'], dryOnly: true },
  { name: 'algo trail', words: () => ['algo', 'trail', 'ETH1', '--distance', '50'], dryOnly: true },
  { name: 'algo resume', words: () => ['algo', 'resume', algoId], dryOnly: true },
  { name: 'algo pause', words: () => ['algo', 'pause', algoId], dryOnly: true },
  { name: 'algo cancel', words: () => ['algo', 'cancel', algoId], dryOnly: true },
];

describe('every signing command keeps the write contract', () => {
  it('covers every command record that signs', () => {
    const signing = COMMANDS.filter((c) => c.writes).map(commandName);
    expect([...new Set(STEPS.map((s) => s.name)), 'register'].sort()).toEqual([...signing].sort());
  });

  it('--dry-run sends nothing, and what it signed is what --yes then sends; both outputs conform to perpdesk schema', async () => {
    const schemas = outputSchemas() as Record<string, JsonSchema>;
    /** Each JSON document (or NDJSON line) a run printed, checked against its command's entry. */
    const conformsAll = (name: string, r: CliResult) => {
      const docs = r.json !== undefined ? [r.json] : r.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown);
      expect(docs.length, name).toBeGreaterThan(0);
      for (const d of docs) expect(conforms(schemas[name]!, d), name).toEqual([]);
    };
    for (const step of STEPS) {
      const words = await step.words();
      const env = { PERPDESK_TEST_CLOID_BASE: String((cloidBase += 100)) };
      proxy.clear();
      const dry = await cli([...words, '--dry-run', '--force'], env, step.input, step.operator);
      expect(dry.code, `${words.join(' ')} --dry-run: ${dry.stderr}`).toBe(0);
      expect(dry.json, words.join(' ')).toMatchObject({ dryRun: true });
      expect(envelopes(), `${words.join(' ')} --dry-run posted to /exchange`).toEqual([]);
      conformsAll(step.name, dry);
      if (step.dryOnly) continue;
      const sent = await cli([...words, '--yes', '--force'], env, step.input, step.operator);
      expect([0, 1], `${words.join(' ')} --yes: ${sent.stderr}`).toContain(sent.code);
      const posted = envelopes();
      conformsAll(step.name, sent);
      if (step.algo) {
        step.algo(dry, posted);
        algoId ||= (JSON.parse(sent.stdout.trim().split('\n')[0]!) as { algo: { id: string } }).algo.id;
        continue;
      }
      expect(posted, words.join(' ')).toHaveLength(1);
      expect(unsigned(posted[0]!), words.join(' ')).toEqual(unsigned((dry.json as { request: Record<string, unknown> }).request));
    }
  }, 400_000);
});
