import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandMain } from '../../src/command/commandMain.js';
import { commandName, COMMANDS } from '../../src/command/commands.js';
import { outputSchemas } from '../../src/command/outputSchemas.js';
import { READ_COMMANDS } from '../../src/command/readCommands.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { oidOf, one, trader, type Trader } from '../exchange/traders.js';
import { conforms, keywordsOf, KEYWORDS, type JsonSchema } from './support/jsonSchema.js';

/**
 * `perpdesk schema`: one JSON Schema (draft-07) per command, converted from the wire
 * schemas. No JSON Schema validator is installed, so the few keywords the converter emits
 * are checked by `conforms` below, which refuses any keyword it does not know rather than
 * pass it; each read's real output (commandMain in this process, against the embedded
 * exchange) must conform to its entry, and outputs broken on purpose must not.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

let ex: TestExchange;
let home: string;
let me: Trader;
let oid: number;
let ethMaker: Trader;
let ethTaker: Trader;

const env = () => ({ HOME: home, XDG_STATE_HOME: path.join(home, 'state'), XDG_CONFIG_HOME: path.join(home, 'config') });

/** A command in this process, as cli.ts runs it, with stdout and stderr captured. */
async function inProcess(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await commandMain(argv, { stdout: { write: (t) => void (stdout += t), isTTY: false }, stderr: { write: (t) => void (stderr += t) }, stdinIsTTY: false, env: env() });
  return { code, stdout, stderr };
}

/** ETH1 trades between two accounts of their own, every 200 ms until `stop` says so. */
async function tradeUntil(stop: () => boolean): Promise<void> {
  while (!stop()) {
    await one(ex, ethMaker, { contractId: 3, isBuy: false, price: '3000.05', size: '0.01' });
    await one(ex, ethTaker, { contractId: 3, isBuy: true, price: '3000.05', size: '0.01', tif: 'Ioc' });
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  home = mkdtempSync(path.join(tmpdir(), 'perpdesk-schema-'));
  chmodSync(home, 0o700);
  ex = await startTestExchange();
  const maker = await trader(ex);
  me = await trader(ex);
  await one(ex, maker, { contractId: 1, isBuy: false, price: '151', size: '5' });
  await one(ex, maker, { contractId: 1, isBuy: true, price: '149', size: '5' });
  await one(ex, me, { contractId: 1, isBuy: true, price: '151', size: '2', tif: 'Ioc' });
  oid = oidOf(await one(ex, me, { contractId: 1, isBuy: true, price: '140', size: '1', cloid: '77' }));
  ethMaker = await trader(ex, 1_000n, 2);
  ethTaker = await trader(ex, 1_000n, 2);
}, 30_000);

afterAll(async () => {
  await ex?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('perpdesk schema', () => {
  it('prints a draft-07 schema per read, per write, per watch line and for errors, the same as outputSchemas()', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), 'schema', '--json'], { cwd: ROOT, env: { ...process.env, ...env() } });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const schemas = JSON.parse(stdout) as Record<string, JsonSchema>;

    expect(schemas).toEqual(JSON.parse(JSON.stringify(outputSchemas())));
    const names = COMMANDS.filter((c) => c.hasSchema || c.writes).map(commandName);
    const watches = COMMANDS.filter((c) => c.watch).map((c) => `${commandName(c)} --watch`);
    expect(Object.keys(schemas).sort()).toEqual([...names, ...watches, 'error'].sort());
    for (const c of READ_COMMANDS) expect(schemas[commandName(c)]).toBeDefined();
    for (const [name, s] of Object.entries(schemas)) {
      expect(s['$schema'], name).toBe(DRAFT_07);
      // Draft-07 keywords only, and only ones `conforms` checks.
      expect([...keywordsOf(s)].filter((k) => !KEYWORDS.has(k)), name).toEqual([]);
    }
    // Writes share one hand-written schema: sent, or signed only (--dry-run).
    expect(schemas['order']).toEqual(schemas['collateral lock']);
    expect(conforms(schemas['order']!, { ok: false, action: 'order', request: ['Buy 1 SOL1 @ 150'], answer: { ok: true, statuses: [{ error: 'x' }] } })).toEqual([]);
    expect(conforms(schemas['order']!, { dryRun: true, request: { action: {}, nonce: 1 }, signer: { role: 'agent', address: '0x1' }, summary: [], checks: [] })).toEqual([]);
    expect(conforms(schemas['order']!, { ok: true, action: 'order' })).not.toEqual([]);
  });

  it('converts every declared schema without skipping anything (the ignore mode has nothing to ignore today)', () => {
    for (const c of READ_COMMANDS) {
      if (c.schema) expect(() => toJsonSchema(c.schema!() as v.GenericSchema, { errorMode: 'throw' }), commandName(c)).not.toThrow();
    }
  });

  it('each read\'s real output conforms to its schema; outputs broken on purpose do not', async () => {
    const schemas = outputSchemas() as Record<string, JsonSchema>;
    const words: Record<string, string[]> = { 'order show': [String(oid)], trades: ['--contract', 'ETH1', '--timeout', '20s'] };
    const target = ['--url', ex.url, '--address', me.address, '--json'];
    const run = async (c: (typeof READ_COMMANDS)[number]) => {
      const r = await inProcess([...c.path, ...(words[commandName(c)] ?? []), ...target]);
      expect(r.code, `${commandName(c)}: ${r.stderr}`).toBe(0);
      return [commandName(c), JSON.parse(r.stdout) as unknown] as const;
    };
    // trades waits for the next trade, so it runs while the others run one after another.
    let tradesDone = false;
    const trading = tradeUntil(() => tradesDone);
    const waiting = run(READ_COMMANDS.find((c) => c.path[0] === 'trades')!).finally(() => (tradesDone = true));
    const outputs = [];
    for (const c of READ_COMMANDS) if (c.path[0] !== 'trades') outputs.push(await run(c));
    outputs.push(await waiting);
    await trading;
    for (const [name, json] of outputs) expect(conforms(schemas[name]!, json), name).toEqual([]);
    const got = Object.fromEntries(outputs) as Record<string, unknown>;
    expect(got['order show']).toEqual([expect.objectContaining({ status: 'open' })]);
    expect((got['positions'] as unknown[]).length).toBe(1);

    // A decimal as a number, a missing field, a side the wire does not have.
    const book = got['book'] as { levels: { px: unknown }[][] };
    expect(conforms(schemas['book']!, { ...book, levels: [[{ ...book.levels[0]![0]!, px: 149 }], []] })).toEqual(['$.levels[0][0].px: 149 is not of type "string"']);
    const { accountId: _dropped, ...noId } = got['account'] as Record<string, unknown>;
    expect(conforms(schemas['account']!, noId)).toEqual(['$: no accountId']);
    const trade = (got['trades'] as Record<string, unknown>[])[0]!;
    expect(conforms(schemas['trades']!, [{ ...trade, side: 'S' }])).toHaveLength(1);
  });

  it('watch lines and a failure conform to their entries', async () => {
    const schemas = outputSchemas() as Record<string, JsonSchema>;
    let done = false;
    const trading = tradeUntil(() => done);
    const [book, candles, failed] = await Promise.all([
      inProcess(['book', '--watch', '--count', '2', '--url', ex.url, '--json']),
      inProcess(['candles', '--contract', 'ETH1', '--watch', '--count', '2', '--url', ex.url, '--json']).finally(() => (done = true)),
      inProcess(['book', '--contract', 'NOPE1', '--url', ex.url, '--json']),
    ]);
    await trading;
    for (const [name, r] of [['book --watch', book], ['candles --watch', candles]] as const) {
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(conforms(schemas[name]!, JSON.parse(line)), name).toEqual([]);
    }
    expect(JSON.parse(candles.stdout.split('\n')[0]!)).toMatchObject({ contractId: 3, interval: '1m' });
    expect(failed.code).toBe(2);
    expect(conforms(schemas['error']!, JSON.parse(failed.stdout))).toEqual([]);
  });
});
